import type { Queryable } from '../db/db';
import type { CheckedOutcome, CopyOnFile, RowOutcome, UnappliedRow, UncheckedRow } from './inventoryImports';

/**
 * Where the last batch of a run ended: the next claim looks past it first. The rows before it in
 * the index of waiting rows are done, and an index keeps a done row's entry until a vacuum, so a
 * claim from the start would step over every row done so far (at 100,000 rows, 90 ms a claim by
 * the end). When nothing waits past it, the claim looks from the start: a row a killed process
 * left, or another import.
 */
export interface Resume {
  importId: string;
  afterLine: number;
}

/**
 * What the import jobs claim and record (server/src/inventory/jobs.ts): rows to check and to
 * write, locked with `FOR UPDATE SKIP LOCKED` in the caller's transaction, and the imports'
 * counts, progress and states as the rows move.
 */
export function importJobsRepository(db: Queryable) {
  return {
    /**
     * The next rows to check, all of one import (a batch that fails is then that import's), locked
     * for this transaction; other processes skip them, and this run skips the imports in `skip`.
     */
    async claimUnchecked(tx: Queryable, limit: number, skip: readonly string[] = [], resume?: Resume): Promise<UncheckedRow[]> {
      if (resume !== undefined && !skip.includes(resume.importId)) {
        const next = await tx.query<UncheckedRow>(
          `select r.import_id, i.seller_id, i.base_url, r.line, r.sku, r.cells
           from inventory_import_rows r join inventory_imports i on i.id = r.import_id
           where r.import_id = $2 and r.line > $3 and r.outcome is null and i.state = 'checking'
           order by r.line
           limit $1
           for update of r skip locked`,
          [limit, resume.importId, resume.afterLine],
        );
        if (next.length > 0) return next;
      }
      const [first] = await tx.query<{ import_id: string }>(
        `select r.import_id from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where r.outcome is null and i.state = 'checking' and not (r.import_id = any($1::text[]))
         order by r.import_id, r.line
         limit 1
         for update of r skip locked`,
        [skip],
      );
      if (!first) return [];
      return tx.query<UncheckedRow>(
        `select r.import_id, i.seller_id, i.base_url, r.line, r.sku, r.cells
         from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where r.import_id = $2 and r.outcome is null and i.state = 'checking'
         order by r.line
         limit $1
         for update of r skip locked`,
        [limit, first.import_id],
      );
    },

    /** The next rows to check, unlocked: what the ISBN fill-in looks at before a batch is claimed. */
    async peekUnchecked(limit: number, resume?: Resume): Promise<UncheckedRow[]> {
      if (resume !== undefined) {
        const next = await db.query<UncheckedRow>(
          `select r.import_id, i.seller_id, i.base_url, r.line, r.sku, r.cells
           from inventory_import_rows r join inventory_imports i on i.id = r.import_id
           where r.import_id = $2 and r.line > $3 and r.outcome is null and i.state = 'checking'
           order by r.line
           limit $1`,
          [limit, resume.importId, resume.afterLine],
        );
        if (next.length > 0) return next;
      }
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

    /** The next rows to write, all of one import, locked for this transaction; other processes skip them. */
    async claimUnapplied(tx: Queryable, limit: number, skip: readonly string[] = [], resume?: Resume): Promise<UnappliedRow[]> {
      if (resume !== undefined && !skip.includes(resume.importId)) {
        const next = await tx.query<UnappliedRow>(
          `select r.import_id, i.seller_id, r.line, r.sku, r.outcome, r.book_id, r.listing
           from inventory_import_rows r join inventory_imports i on i.id = r.import_id
           where r.import_id = $2 and r.line > $3 and not r.applied and r.outcome in ('new', 'updated', 'withdrawn') and i.state = 'applying'
           order by r.line
           limit $1
           for update of r skip locked`,
          [limit, resume.importId, resume.afterLine],
        );
        if (next.length > 0) return next;
      }
      const [first] = await tx.query<{ import_id: string }>(
        `select r.import_id from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where not r.applied and r.outcome in ('new', 'updated', 'withdrawn') and i.state = 'applying'
           and not (r.import_id = any($1::text[]))
         order by r.import_id, r.line
         limit 1
         for update of r skip locked`,
        [skip],
      );
      if (!first) return [];
      return tx.query<UnappliedRow>(
        `select r.import_id, i.seller_id, r.line, r.sku, r.outcome, r.book_id, r.listing
         from inventory_import_rows r join inventory_imports i on i.id = r.import_id
         where r.import_id = $2 and not r.applied and r.outcome in ('new', 'updated', 'withdrawn') and i.state = 'applying'
         order by r.line
         limit $1
         for update of r skip locked`,
        [limit, first.import_id],
      );
    },

    /** The next copies a replacement withdraws, locked for this transaction. */
    async claimWithdrawals(tx: Queryable, limit: number, skip: readonly string[] = []): Promise<{ import_id: string; seller_id: string; book_id: string }[]> {
      return tx.query(
        `select w.import_id, i.seller_id, w.book_id
         from inventory_import_withdrawals w join inventory_imports i on i.id = w.import_id
         where not w.applied and i.state = 'applying' and not (w.import_id = any($2::text[]))
         order by w.import_id, w.book_id
         limit $1
         for update of w skip locked`,
        [limit, skip],
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

    /**
     * A batch of the import failed: counted, and at `limit` failures the import stops as
     * `failed`, with `message` (what was written stays written). Answers whether it stopped.
     */
    async recordFailure(tx: Queryable, importId: string, limit: number, message: string, now: Date): Promise<boolean> {
      const [row] = await tx.query<{ state: string }>(
        `update inventory_imports set failures = failures + 1, updated_at = $4,
           state = case when failures + 1 >= $2 then 'failed' else state end,
           failure = case when failures + 1 >= $2 then $3 else failure end
         where id = $1 and state in ('checking', 'applying')
         returning state`,
        [importId, limit, message, now],
      );
      return row?.state === 'failed';
    },
  };
}
