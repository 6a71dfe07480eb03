import type { FastifyBaseLogger } from 'fastify';
import type { MetadataService } from '../books/metadata';
import type { Db, Queryable } from '../db/db';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import type { ImageStore } from '../lib/imageStore';
import type { UploadQuota } from '../lib/uploads';
import { importJobsRepository, type Resume } from '../repositories/inventoryImportJobs';
import type { CheckedOutcome, UncheckedRow } from '../repositories/inventoryImports';
import { inventoryRepository, type ImportedCopy } from '../repositories/inventory';
import { seedImagePath } from '../seed';
import { tellPriceDrop, tellWanters } from '../wants/match';
import { APPLY_BATCH, CHECK_BATCH } from './batches';
import { byImport, fillInIsbns } from './fillIn';
import { pacedBatch } from './pace';
import { checkRow, differs, isbnsToLookUp, type RowContext } from './rows';

export { APPLY_BATCH, CHECK_BATCH } from './batches';
/** However much is waiting, one run ends after this many batches; the next run goes on. */
const MAX_BATCHES = 1_000;
/**
 * Lets the requests waiting on this process in between two batches: the embedded database
 * answers without I/O, so back-to-back batches would otherwise starve the API for a whole import.
 */
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/** The cover of a copy listed from a file: files carry no pictures, and no URL in one is fetched. */
export const NO_COVER = seedImagePath('no-cover.svg');

export interface ImportDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The book-metadata service for rows with an ISBN and no title; undefined when none is set up. */
  metadata: MetadataService | undefined;
  /** At most this many lookups (and covers) a second, per process. */
  lookupsPerSecond: number;
  /** Where a filled-in row's cover goes: the seller's images, within their quota. Unset: no covers. */
  images?: { store: ImageStore; quota: UploadQuota; maxBytes: number };
  /** After a commit that told someone something: the mail outbox sends it. */
  told(): void;
  /** How many buyers' requests this process has answered so far (plugins/imports.ts); unset, no pacing. */
  buyersServed?: () => number;
  /** Rows written per transaction (`INVENTORY_IMPORT_BATCH_ROWS`); APPLY_BATCH when unset. */
  applyBatch?: number;
}


/** What a check needs besides the rows: the seller's defaults, the categories and the kept lookups. */
async function contextOf(tx: Queryable, sellerId: string, rows: UncheckedRow[]): Promise<RowContext> {
  const defaults = await inventoryRepository(tx as Db).defaultsOf(sellerId);
  const categoryRows = await tx.query<{ category: string; name: string }>('select category, name from categories order by position, id');
  const categories = new Map<string, string>();
  for (const row of categoryRows) {
    categories.set(row.name.toLowerCase(), row.category);
    categories.set(row.category.toLowerCase(), row.category);
  }
  const isbns = isbnsToLookUp(rows.map((row) => ({ line: row.line, cells: row.cells })));
  const lookups = isbns.length === 0 ? [] : await tx.query<{ isbn: string; found: boolean; title: string | null; author: string | null }>(
    'select isbn, found, title, author from isbn_lookups where isbn = any($1::text[])',
    [isbns],
  );
  const metadata: RowContext['metadata'] = new Map(
    lookups.map((row) => [row.isbn, row.found ? { title: row.title ?? '', author: row.author ?? '' } : null]),
  );
  return { defaults, categories, firstCategory: categoryRows[0]?.category ?? '', metadata };
}

/** Checks one import's claimed rows against the seller's shop. */
async function checkRows(tx: Queryable, importId: string, sellerId: string, rows: UncheckedRow[]): Promise<CheckedOutcome[]> {
  const imports = importJobsRepository(tx);
  const context = { ...(await contextOf(tx, sellerId, rows)), covers: await imports.coversOf(tx, importId) };
  const skus = [...new Set(rows.flatMap((row) => (row.sku === null ? [] : [row.sku])))];
  const [firstLines, copies] = await Promise.all([imports.firstLines(tx, importId, skus), imports.copiesBySku(tx, sellerId, skus)]);
  return rows.map((row): CheckedOutcome => {
    const checked = checkRow({ line: row.line, cells: row.cells }, context);
    const invalid = (errors: { column: string; message: string }[]): CheckedOutcome => ({ line: row.line, outcome: 'invalid', bookId: null, listing: null, errors });
    if (checked.errors.length > 0 || checked.sku === null) return invalid(checked.errors);
    const first = firstLines.get(checked.sku);
    if (first !== undefined && first < row.line) return invalid([{ column: 'sku', message: `The SKU "${checked.sku}" is also on row ${first}` }]);
    const copy = copies.get(checked.sku);
    const untouchable = copy?.sold
      ? 'This copy is sold: a file does not change it'
      : 'This copy is booked: a file does not change it while the booking is open';
    if (checked.action === 'delete') {
      if (!copy) return invalid([{ column: 'sku', message: 'No copy of yours has this SKU' }]);
      if (copy.sold || copy.booked) return invalid([{ column: 'action', message: untouchable }]);
      return { line: row.line, outcome: 'withdrawn', bookId: copy.id, listing: null, errors: [] };
    }
    const listing = checked.listing;
    if (!listing) return invalid([]);
    if (!copy) return { line: row.line, outcome: 'new', bookId: newId(), listing, errors: [] };
    if (!differs(copy, listing)) return { line: row.line, outcome: 'unchanged', bookId: copy.id, listing: null, errors: [] };
    if (copy.sold || copy.booked) return invalid([{ column: '', message: untouchable }]);
    return { line: row.line, outcome: 'updated', bookId: copy.id, listing, errors: [] };
  });
}

/**
 * One batch: the imports this run passes over (a batch of theirs failed in it), and the import
 * the batch took its rows from once it has claimed them, the one a failure is counted against.
 */
interface Batch {
  skip: readonly string[];
  importId?: string;
  /** In: where this phase's last batch ended. Out: where this one ended. */
  resume?: Resume;
}

/** Where a batch of claimed rows ends. */
const endOf = (rows: readonly { import_id: string; line: number }[]): Resume | undefined => {
  const last = rows.at(-1);
  return last === undefined ? undefined : { importId: last.import_id, afterLine: last.line };
};

/** Checks a batch of waiting rows; answers how many. */
async function checkBatch(deps: ImportDeps, batch: Batch): Promise<number> {
  await fillInIsbns(deps, await importJobsRepository(deps.db).peekUnchecked(CHECK_BATCH, batch.resume));
  return deps.db.transaction(async (tx) => {
    const imports = importJobsRepository(tx);
    const claimed = await imports.claimUnchecked(tx, CHECK_BATCH, batch.skip, batch.resume);
    batch.importId = claimed[0]?.import_id;
    batch.resume = endOf(claimed);
    const now = deps.clock.now();
    for (const [importId, rows] of byImport(claimed)) {
      await imports.recordChecks(tx, importId, await checkRows(tx, importId, rows[0].seller_id, rows), now);
    }
    return claimed.length;
  });
}

/** Imports whose every row is checked become checked; a replacement first notes what its file lacks. */
async function finishChecks(deps: ImportDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const imports = importJobsRepository(tx);
    for (const done of await imports.claimCheckedThrough(tx)) {
      const withdrawn = done.replace ? await imports.noteWithdrawals(tx, done.id, done.seller_id) : 0;
      await imports.markChecked(tx, done.id, withdrawn, deps.clock.now());
    }
  });
}

const refusedMessage = (outcome: string) =>
  outcome === 'new' ? 'This SKU was listed meanwhile' : 'This copy was booked or sold meanwhile: it was not changed';

/** Writes a batch of checked rows, each once; answers how many. */
async function applyBatch(deps: ImportDeps, batch: Batch): Promise<number> {
  let told = 0;
  const size = deps.applyBatch ?? APPLY_BATCH;
  const count = await deps.db.transaction(async (tx) => {
    const imports = importJobsRepository(tx);
    const inventory = inventoryRepository(tx as Db);
    const claimed = await imports.claimUnapplied(tx, size, batch.skip, batch.resume);
    batch.importId = claimed[0]?.import_id;
    batch.resume = endOf(claimed);
    const now = deps.clock.now();
    const today = now.toISOString().slice(0, 10);
    for (const [importId, rows] of byImport(claimed)) {
      const sellerId = rows[0].seller_id;
      const refused: { line: number; outcome: 'new' | 'updated' | 'withdrawn'; message: string }[] = [];
      const fresh = rows.filter((row) => row.outcome === 'new' && row.listing !== null);
      const copies: ImportedCopy[] = fresh.map((row) => ({ id: row.book_id, sku: row.sku, line: row.line, listing: row.listing as NonNullable<typeof row.listing> }));
      const listed = new Set(await inventory.listCopies(tx, sellerId, copies, NO_COVER, today));
      for (const row of fresh) if (!listed.has(row.book_id)) refused.push({ line: row.line, outcome: 'new', message: refusedMessage('new') });
      told += await tellWanters(tx, [...listed], now);
      for (const row of rows.filter((candidate) => candidate.outcome === 'updated' && candidate.listing !== null)) {
        const listing = row.listing as NonNullable<typeof row.listing>;
        const changed = await inventory.updateCopy(tx, sellerId, row.book_id, listing);
        if (!changed) refused.push({ line: row.line, outcome: 'updated', message: refusedMessage('updated') });
        else if (listing.resale_price_cents < changed.previousPriceCents) told += await tellPriceDrop(tx, row.book_id, changed.previousPriceCents, now);
      }
      const leaving = rows.filter((row) => row.outcome === 'withdrawn');
      const withdrawn = new Set(await inventory.withdrawCopies(tx, sellerId, leaving.map((row) => row.book_id)));
      for (const row of leaving) if (!withdrawn.has(row.book_id)) refused.push({ line: row.line, outcome: 'withdrawn', message: refusedMessage('withdrawn') });
      await imports.markRowsApplied(tx, importId, rows.map((row) => row.line));
      await imports.recordApplied(tx, importId, rows.length, refused, now);
    }
    // A replacement's copies that its file lacks.
    const leaving = claimed.length < size ? await imports.claimWithdrawals(tx, size - claimed.length, batch.skip) : [];
    batch.importId ??= leaving[0]?.import_id;
    for (const [importId, rows] of byImport(leaving)) {
      const ids = rows.map((row) => row.book_id);
      const withdrawn = new Set(await inventory.withdrawCopies(tx, rows[0].seller_id, ids));
      await imports.markWithdrawalsApplied(tx, importId, ids);
      const kept = ids.length - withdrawn.size;
      await tx.query(
        'update inventory_imports set done = done + $2, withdrawn_count = withdrawn_count - $3, updated_at = $4 where id = $1',
        [importId, ids.length, kept, now],
      );
    }
    return claimed.length + leaving.length;
  });
  if (told > 0) deps.told();
  return count;
}

export interface ImportRunResult {
  checked: number;
  applied: number;
}

/** Failed batches of one import before it stops as `failed`. */
export const MAX_BATCH_FAILURES = 5;

export const FAILURE_MESSAGES = {
  check: 'The file could not be checked, and nothing changed. Upload it again; if it fails again, write to us.',
  apply: 'The import stopped part-way: the rows written so far stay, the others were not written. Upload the same file again to finish (the rows already written come back unchanged).',
};

/**
 * Runs one batch; answers how many rows it took, or `failed`. A batch that fails after claiming
 * its rows is counted against their import (its transaction wrote nothing; the next run tries it
 * again) and the import is passed over for the rest of this run, so that a file the jobs cannot
 * get through holds nobody else's up, and stops as `failed` instead of being tried forever.
 */
async function guarded(
  deps: ImportDeps,
  phase: 'check' | 'apply',
  skip: string[],
  work: (deps: ImportDeps, batch: Batch) => Promise<number>,
  resume: { at?: Resume },
): Promise<number | 'failed'> {
  const batch: Batch = { skip, resume: resume.at };
  try {
    const count = await work(deps, batch);
    // Set only once the batch committed: a batch rolled back leaves its rows waiting.
    resume.at = batch.resume;
    return count;
  } catch (error) {
    const { importId } = batch;
    if (importId === undefined) throw error;
    const stopped = await deps.db.transaction((tx) =>
      importJobsRepository(tx).recordFailure(tx, importId, MAX_BATCH_FAILURES, FAILURE_MESSAGES[phase], deps.clock.now()),
    );
    deps.log.error({ err: error, importId, phase, stopped }, stopped ? 'inventory import failed' : 'inventory import batch failed');
    skip.push(importId);
    resume.at = undefined;
    return 'failed';
  }
}

/** The rows a batch handled: none when it failed. */
const rowsIn = (count: number | 'failed') => (count === 'failed' ? 0 : count);

/**
 * One run of the import jobs: waiting rows are checked, checked imports finish, applying ones
 * are written, a batch per transaction. Safe in several processes at once: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and marked in the transaction that acts on them, so a process killed
 * mid-batch leaves its batch to the next run, and each row is written once. An import whose
 * batch fails is passed over for the rest of the run.
 */
export async function runImports(deps: ImportDeps): Promise<ImportRunResult> {
  const result: ImportRunResult = { checked: 0, applied: 0 };
  const skip: string[] = [];
  const checking: { at?: Resume } = {};
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const checked = await pacedBatch(deps, () => guarded(deps, 'check', skip, checkBatch, checking), rowsIn);
    await yieldToRequests();
    if (checked === 'failed') continue;
    result.checked += checked;
    // A batch holds one import's rows: a short one may leave other imports waiting.
    if (checked === 0) break;
  }
  await finishChecks(deps);
  const applying: { at?: Resume } = {};
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const applied = await pacedBatch(deps, () => guarded(deps, 'apply', skip, applyBatch, applying), rowsIn);
    await yieldToRequests();
    if (applied === 'failed') continue;
    result.applied += applied;
    if (applied === 0) break;
  }
  await deps.db.transaction((tx) => importJobsRepository(tx).finishApplying(tx, deps.clock.now()));
  return result;
}
