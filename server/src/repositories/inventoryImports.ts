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

    /**
     * Reads the rows table's statistics again. A large file can add more rows at once than the
     * table held: until autovacuum notices, the planner would take the table for small and sort
     * all of it for each batch the jobs claim (at 100,000 rows, 100 ms a claim instead of 1).
     */
    async refreshStatistics(): Promise<void> {
      await db.exec('analyze inventory_import_rows');
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
  };
}

export type InventoryImportsRepository = ReturnType<typeof inventoryImportsRepository>;
export type { Db };
