import { randomBytes } from 'node:crypto';
import { fetchCover, lookUpIsbn, MetadataUnavailable } from '../books/metadata';
import { reencodeImage } from '../lib/imageEncoding';
import { storeUpload } from '../lib/uploads';
import { importJobsRepository } from '../repositories/inventoryImportJobs';
import type { UncheckedRow } from '../repositories/inventoryImports';
import type { ImportDeps } from './jobs';
import { isbnsToLookUp } from './rows';

/*
 * An import's rows with an ISBN and no title, filled in from the book-metadata service before
 * their batch is checked (server/src/inventory/README.md): nothing is locked meanwhile.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rows grouped by their import, in the order they came. */
export const byImport = <Row extends { import_id: string }>(rows: Row[]) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.import_id, [...(groups.get(row.import_id) ?? []), row]);
  return groups;
};

/** How long an answer of the book-metadata service is trusted (as `GET /isbn/:isbn` keeps it). */
const FOUND_FOR_MS = 30 * 86_400_000;
const MISSING_FOR_MS = 86_400_000;


/**
 * Asks the book-metadata service about the ISBNs of the next rows to check that have no title
 * and no fresh answer kept, a few a second; the answers are kept as `GET /isbn/:isbn` keeps them.
 * Nothing is locked meanwhile.
 */
export async function fillInIsbns(deps: ImportDeps, upcoming: UncheckedRow[]): Promise<void> {
  if (!deps.metadata) return;
  const isbns = isbnsToLookUp(upcoming.map((row) => ({ line: row.line, cells: row.cells })));
  if (isbns.length === 0) return;
  const now = deps.clock.now().getTime();
  const kept = await deps.db.query<{ isbn: string }>(
    `select isbn from isbn_lookups where isbn = any($1::text[])
       and fetched_at > (case when found then $2::timestamptz else $3::timestamptz end)`,
    [isbns, new Date(now - FOUND_FOR_MS), new Date(now - MISSING_FOR_MS)],
  );
  const known = new Set(kept.map((row) => row.isbn));
  const gapMs = 1000 / Math.max(0.1, deps.lookupsPerSecond);
  for (const isbn of isbns.filter((candidate) => !known.has(candidate))) {
    const started = Date.now();
    try {
      const found = await lookUpIsbn(deps.metadata, isbn);
      await deps.db.query(
        `insert into isbn_lookups (isbn, found, title, author, publisher, year, cover_url, fetched_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (isbn) do update set found = excluded.found, title = excluded.title, author = excluded.author,
           publisher = excluded.publisher, year = excluded.year, cover_url = excluded.cover_url, fetched_at = excluded.fetched_at`,
        [isbn, found !== null, found?.title ?? null, found?.author ?? null, found?.publisher ?? null, found?.year ?? null, found?.coverUrl ?? null, deps.clock.now()],
      );
    } catch (error) {
      if (!(error instanceof MetadataUnavailable)) throw error;
      // The row says the lookup could not be asked; the seller gives the title.
      deps.log.warn({ isbn, reason: error.message }, 'inventory import: isbn lookup failed');
    }
    await sleep(Math.max(0, gapMs - (Date.now() - started)));
  }
  await importCovers(deps, upcoming, isbns, gapMs);
}

/**
 * The service's cover of each filled-in ISBN, imported once per import into the seller's images
 * as `GET /isbn/:isbn` imports it (re-encoded, within their quota); '' is kept when there is none
 * to have, so it is not asked again. The cover's address is the service's, never the file's.
 */
async function importCovers(deps: ImportDeps, upcoming: UncheckedRow[], isbns: string[], gapMs: number): Promise<void> {
  const { metadata, images } = deps;
  if (!metadata || !images) return;
  const found = await deps.db.query<{ isbn: string; cover_url: string | null }>(
    'select isbn, cover_url from isbn_lookups where isbn = any($1::text[]) and found',
    [isbns],
  );
  const coverOf = new Map(found.map((row) => [row.isbn, row.cover_url]));
  const repository = importJobsRepository(deps.db);
  for (const [importId, rows] of byImport(upcoming)) {
    const { seller_id: sellerId, base_url: baseUrl } = rows[0];
    const have = await repository.coversOf(deps.db, importId);
    const wanted = isbnsToLookUp(rows.map((row) => ({ line: row.line, cells: row.cells }))).filter((isbn) => coverOf.has(isbn) && !have.has(isbn));
    for (const isbn of wanted) {
      const started = Date.now();
      const url = coverOf.get(isbn);
      let img = '';
      try {
        const bytes = url ? await fetchCover(metadata, url, images.maxBytes) : null;
        if (bytes) {
          const image = await reencodeImage(bytes);
          const fileName = `${randomBytes(12).toString('hex')}.${image.extension}`;
          await storeUpload(deps.db, images.store, { fileName, ownerId: sellerId, bytes: image.bytes, contentType: image.mime, createdAt: deps.clock.now() }, images.quota);
          img = `${baseUrl}/image-host/i/${fileName}`;
        }
      } catch (error) {
        // Not an image, or the seller's images are full: the copy has the shop's "No cover".
        deps.log.info({ err: error, isbn }, 'inventory import: the cover was not imported');
      }
      await repository.saveCover(importId, isbn, img);
      if (url) await sleep(Math.max(0, gapMs - (Date.now() - started)));
    }
  }
}

