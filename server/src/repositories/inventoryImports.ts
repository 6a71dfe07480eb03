import type { Db, Queryable } from '../db/db';
import type { FileRow } from '../inventory/read';
import type { ImportListing, RowError } from '../inventory/rows';

export type ImportState = 'checking' | 'checked' | 'applying' | 'applied' | 'failed' | 'discarded';
export type RowOutcome = 'new' | 'updated' | 'unchanged' | 'withdrawn' | 'invalid';

export interface ImportRow {
  id: string;
  seller_id: string;
  state: ImportState;
  replace: boolean;
  file_name: string;
  base_url: string;
  row_count: number;
  new_count: number;
  updated_count: number;
  unchanged_count: number;
  withdrawn_count: number;
  invalid_count: number;
  done: number;
  total: number;
  failure: string | null;
  created_at: Date;
  applied_at: Date | null;
}

/** A row of a file waiting for its check, claimed by one process. */
export interface UncheckedRow {
  import_id: string;
  seller_id: string;
  base_url: string;
  line: number;
  sku: string | null;
  cells: FileRow['cells'];
}

/** A checked row waiting to be written, claimed by one process. */
export interface UnappliedRow {
  import_id: string;
  seller_id: string;
  line: number;
  sku: string;
  outcome: 'new' | 'updated' | 'withdrawn';
  book_id: string;
  listing: ImportListing | null;
}

/** A seller's copy as a check compares it with a row. */
export interface CopyOnFile extends ImportListing {
  id: string;
  sku: string;
  sold: boolean;
  booked: boolean;
}

export interface CheckedOutcome {
  line: number;
  outcome: RowOutcome;
  bookId: string | null;
  listing: ImportListing | null;
  errors: RowError[];
}

/** Rows written per statement when a file is stored. */
const STORE_BATCH = 1_000;
export const RUNNING: readonly ImportState[] = ['checking', 'applying'];

const IMPORT_COLUMNS = `id, seller_id, state, replace, file_name, base_url, row_count, new_count, updated_count, unchanged_count,
  withdrawn_count, invalid_count, done, total, failure, created_at, applied_at`;

/** Imports, their rows and their errors (server/src/inventory/README.md). */
export function inventoryImportsRepository(db: Queryable) {
  return {
    /** Stores a new import and its rows, checking. Throws a unique violation when the seller has one running. */
    async create(tx: Queryable, data: { id: string; sellerId: string; replace: boolean; fileName: string; baseUrl: string; rows: FileRow[]; now: Date }): Promise<ImportRow> {
      const [created] = await tx.query<ImportRow>(
        `insert into inventory_imports (id, seller_id, state, replace, file_name, base_url, row_count, total, created_at, updated_at)
         values ($1, $2, 'checking', $3, $4, $5, $6, $6, $7, $7)
         returning ${IMPORT_COLUMNS}`,
        [data.id, data.sellerId, data.replace, data.fileName, data.baseUrl, data.rows.length, data.now],
      );
      for (let at = 0; at < data.rows.length; at += STORE_BATCH) {
        const batch = data.rows.slice(at, at + STORE_BATCH).map((row) => ({ line: row.line, sku: row.cells.sku ?? null, cells: row.cells }));
        await tx.query(
          `insert into inventory_import_rows (import_id, line, sku, cells)
           select $1, (r->>'line')::int, r->>'sku', r->'cells' from jsonb_array_elements($2::jsonb) r`,
          [data.id, JSON.stringify(batch)],
        );
      }
      return created;
    },

    async find(id: string, sellerId: string): Promise<ImportRow | undefined> {
      const [row] = await db.query<ImportRow>(`select ${IMPORT_COLUMNS} from inventory_imports where id = $1 and seller_id = $2`, [id, sellerId]);
      return row;
    },

    async listOf(sellerId: string, limit: number): Promise<ImportRow[]> {
      return db.query<ImportRow>(
        `select ${IMPORT_COLUMNS} from inventory_imports where seller_id = $1 order by created_at desc, id desc limit $2`,
        [sellerId, limit],
      );
    },

    async errorsOf(id: string, limit: number, offset: number): Promise<{ line: number; column_name: string; message: string }[]> {
      return db.query(
        'select line, column_name, message from inventory_import_errors where import_id = $1 order by line, column_name limit $2 offset $3',
        [id, limit, offset],
      );
    },

    async errorCount(id: string): Promise<number> {
      const [{ count }] = await db.query<{ count: number }>('select count(*)::int as count from inventory_import_errors where import_id = $1', [id]);
      return count;
    },

    /** Starts applying a checked import: answers it, or undefined when it is not checked (or another import of the seller runs). */
    async startApplying(id: string, sellerId: string, now: Date): Promise<ImportRow | undefined> {
      const [row] = await db.query<ImportRow>(
        `update inventory_imports set state = 'applying', done = 0,
           total = new_count + updated_count + withdrawn_count, updated_at = $3
         where id = $1 and seller_id = $2 and state = 'checked'
         returning ${IMPORT_COLUMNS}`,
        [id, sellerId, now],
      );
      return row;
    },

    /** Discards an import not applying or applied; its rows go, its errors stay readable. */
    async discard(id: string, sellerId: string, now: Date): Promise<ImportRow | undefined> {
      const [row] = await db.query<ImportRow>(
        `update inventory_imports set state = 'discarded', updated_at = $3
         where id = $1 and seller_id = $2 and state in ('checking', 'checked', 'failed')
         returning ${IMPORT_COLUMNS}`,
        [id, sellerId, now],
      );
      if (row) await db.query('delete from inventory_import_rows where import_id = $1', [id]);
      return row;
    },

    /** The next rows to check, locked for this transaction; other processes skip them. */
    async claimUnchecked(tx: Queryable, limit: number): Promise<UncheckedRow[]> {
      return tx.query<UncheckedRow>(
        `select r.import_id, i.seller_id, i.base_url, r.line, r.sku, r.cells
         from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where r.outcome is null and i.state = 'checking'
         order by r.import_id, r.line
         limit $1
         for update of r skip locked`,
        [limit],
      );
    },

    /** The next rows to check, unlocked: what the ISBN fill-in looks at before a batch is claimed. */
    async peekUnchecked(limit: number): Promise<UncheckedRow[]> {
      return db.query<UncheckedRow>(
        `select r.import_id, i.seller_id, i.base_url, r.line, r.sku, r.cells
         from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where r.outcome is null and i.state = 'checking'
         order by r.import_id, r.line
         limit $1`,
        [limit],
      );
    },

    /** The covers already imported for an import, by ISBN-13 ('' when there was none). */
    async coversOf(tx: Queryable, importId: string): Promise<Map<string, string>> {
      const rows = await tx.query<{ isbn: string; img: string }>('select isbn, img from inventory_import_covers where import_id = $1', [importId]);
      return new Map(rows.map((row) => [row.isbn, row.img]));
    },

    async saveCover(importId: string, isbn: string, img: string): Promise<void> {
      await db.query('insert into inventory_import_covers (import_id, isbn, img) values ($1, $2, $3) on conflict do nothing', [importId, isbn, img]);
    },

    /** For each SKU, the first row of the import that names it (a later one is a duplicate). */
    async firstLines(tx: Queryable, importId: string, skus: string[]): Promise<Map<string, number>> {
      const rows = await tx.query<{ sku: string; line: number }>(
        'select sku, min(line)::int as line from inventory_import_rows where import_id = $1 and sku = any($2::text[]) group by sku',
        [importId, skus],
      );
      return new Map(rows.map((row) => [row.sku, row.line]));
    },

    /** The seller's copies with these SKUs (a copy listed by hand has its id for one), sold and booked said. */
    async copiesBySku(tx: Queryable, sellerId: string, skus: string[]): Promise<Map<string, CopyOnFile>> {
      const rows = await tx.query<CopyOnFile>(
        `select b.id, coalesce(b.sku, b.id) as sku, b.sold,
           exists (select 1 from bookings k where k.book_id = b.id and k.state = 'booked') as booked,
           b.name, b.author, b.isbn, b.category, b.condition, b.resale_price_cents, b.orginal_price_cents, b.location,
           b.number, b.offers_meetup, b.offers_shipping, b.shipping_price_cents, b.description
         from books b where b.seller_id = $1 and coalesce(b.sku, b.id) = any($2::text[])`,
        [sellerId, skus],
      );
      return new Map(rows.map((row) => [row.sku, row]));
    },

    /** Writes what the check made of a batch of one import's rows, and counts them. */
    async recordChecks(tx: Queryable, importId: string, checked: CheckedOutcome[], now: Date): Promise<void> {
      if (checked.length === 0) return;
      const rows = checked.map((row) => ({ line: row.line, outcome: row.outcome, book_id: row.bookId, listing: row.listing }));
      await tx.query(
        `update inventory_import_rows r set outcome = c.outcome, book_id = c.book_id, listing = c.listing
         from jsonb_to_recordset($2::jsonb) as c(line int, outcome text, book_id text, listing jsonb)
         where r.import_id = $1 and r.line = c.line`,
        [importId, JSON.stringify(rows)],
      );
      const errors = checked.flatMap((row) => row.errors.map((error) => ({ line: row.line, column_name: error.column, message: error.message })));
      if (errors.length > 0) {
        await tx.query(
          `insert into inventory_import_errors (import_id, line, column_name, message)
           select $1, e.line, e.column_name, e.message from jsonb_to_recordset($2::jsonb) as e(line int, column_name text, message text)`,
          [importId, JSON.stringify(errors)],
        );
      }
      const count = (outcome: RowOutcome) => checked.filter((row) => row.outcome === outcome).length;
      await tx.query(
        `update inventory_imports set new_count = new_count + $2, updated_count = updated_count + $3,
           unchanged_count = unchanged_count + $4, withdrawn_count = withdrawn_count + $5, invalid_count = invalid_count + $6,
           done = done + $7, updated_at = $8
         where id = $1`,
        [importId, count('new'), count('updated'), count('unchanged'), count('withdrawn'), count('invalid'), checked.length, now],
      );
    },

    /**
     * Checking imports with no row left to check, locked: each becomes checked once (a full
     * replacement first notes the copies its file lacks).
     */
    async claimCheckedThrough(tx: Queryable): Promise<{ id: string; seller_id: string; replace: boolean }[]> {
      return tx.query(
        `select i.id, i.seller_id, i.replace from inventory_imports i
         where i.state = 'checking'
           and not exists (select 1 from inventory_import_rows r where r.import_id = i.id and r.outcome is null)
         for update skip locked`,
      );
    },

    /** A replacement's copies that its file lacks, neither sold nor booked: noted to be withdrawn. */
    async noteWithdrawals(tx: Queryable, importId: string, sellerId: string): Promise<number> {
      const rows = await tx.query(
        `insert into inventory_import_withdrawals (import_id, book_id)
         select $1, b.id from books b
         where b.seller_id = $2 and not b.sold
           and not exists (select 1 from bookings k where k.book_id = b.id and k.state = 'booked')
           and not exists (select 1 from inventory_import_rows r where r.import_id = $1 and r.sku = coalesce(b.sku, b.id))
         on conflict do nothing
         returning book_id`,
        [importId, sellerId],
      );
      return rows.length;
    },

    async markChecked(tx: Queryable, importId: string, withdrawn: number, now: Date): Promise<void> {
      await tx.query(
        `update inventory_imports set state = 'checked', withdrawn_count = withdrawn_count + $2, updated_at = $3
         where id = $1 and state = 'checking'`,
        [importId, withdrawn, now],
      );
    },

    /** The next rows to write, locked for this transaction; other processes skip them. */
    async claimUnapplied(tx: Queryable, limit: number): Promise<UnappliedRow[]> {
      return tx.query<UnappliedRow>(
        `select r.import_id, i.seller_id, r.line, r.sku, r.outcome, r.book_id, r.listing
         from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where not r.applied and r.outcome in ('new', 'updated', 'withdrawn') and i.state = 'applying'
         order by r.import_id, r.line
         limit $1
         for update of r skip locked`,
        [limit],
      );
    },

    /** The next copies a replacement withdraws, locked for this transaction. */
    async claimWithdrawals(tx: Queryable, limit: number): Promise<{ import_id: string; seller_id: string; book_id: string }[]> {
      return tx.query(
        `select w.import_id, i.seller_id, w.book_id
         from inventory_import_withdrawals w join inventory_imports i on i.id = w.import_id
         where not w.applied and i.state = 'applying'
         order by w.import_id, w.book_id
         limit $1
         for update of w skip locked`,
        [limit],
      );
    },

    async markRowsApplied(tx: Queryable, importId: string, lines: number[]): Promise<void> {
      await tx.query('update inventory_import_rows set applied = true where import_id = $1 and line = any($2::int[])', [importId, lines]);
    },

    async markWithdrawalsApplied(tx: Queryable, importId: string, bookIds: string[]): Promise<void> {
      await tx.query('update inventory_import_withdrawals set applied = true where import_id = $1 and book_id = any($2::text[])', [importId, bookIds]);
    },

    /** Progress of an applying import; rows that could not be written move from their count to invalid, with why. */
    async recordApplied(tx: Queryable, importId: string, done: number, refused: { line: number; outcome: RowOutcome; message: string }[], now: Date): Promise<void> {
      const less = (outcome: RowOutcome) => refused.filter((row) => row.outcome === outcome).length;
      if (refused.length > 0) {
        await tx.query(
          `insert into inventory_import_errors (import_id, line, column_name, message)
           select $1, e.line, '', e.message from jsonb_to_recordset($2::jsonb) as e(line int, message text)`,
          [importId, JSON.stringify(refused.map(({ line, message }) => ({ line, message })))],
        );
      }
      await tx.query(
        `update inventory_imports set done = done + $2, new_count = new_count - $3, updated_count = updated_count - $4,
           withdrawn_count = withdrawn_count - $5, invalid_count = invalid_count + $6, updated_at = $7
         where id = $1`,
        [importId, done, less('new'), less('updated'), less('withdrawn'), refused.length, now],
      );
    },

    /** Applying imports with nothing left to write become applied, each once. */
    async finishApplying(tx: Queryable, now: Date): Promise<number> {
      const rows = await tx.query(
        `update inventory_imports i set state = 'applied', applied_at = $1, updated_at = $1
         where i.state = 'applying'
           and not exists (select 1 from inventory_import_rows r
                           where r.import_id = i.id and not r.applied and r.outcome in ('new', 'updated', 'withdrawn'))
           and not exists (select 1 from inventory_import_withdrawals w where w.import_id = i.id and not w.applied)
         returning i.id`,
        [now],
      );
      return rows.length;
    },
  };
}

export type InventoryImportsRepository = ReturnType<typeof inventoryImportsRepository>;
export type { Db };
