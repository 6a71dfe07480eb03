import type { MetadataService } from './books/metadata';
import { APPLY_BATCH, APPLY_BATCH_ON_SERVER } from './inventory/batches';

type Env = Record<string, string | undefined>;

export interface BooksConfig {
  /** `BOOK_METADATA_URL` (with `BOOK_COVERS_URL`, `BOOK_METADATA_TIMEOUT_MS`); unset, `GET /isbn/:isbn` answers 503. */
  bookMetadata: MetadataService | null;
  /** Inventory imports' jobs (server/src/inventory/README.md). */
  inventoryImports: {
    /** `INVENTORY_IMPORT_INTERVAL_MS`: how often each process looks for import work, besides when a file arrives or is applied (0: off, the jobs run only when code calls them). */
    intervalMs: number;
    /** `INVENTORY_IMPORT_LOOKUPS_PER_SECOND`: ISBN lookups for rows without a title, per process. */
    lookupsPerSecond: number;
    /**
     * `INVENTORY_IMPORT_BATCH_ROWS`: rows written per transaction when a file is applied. On a
     * PostgreSQL server 1,000 (fewer round trips and commits a row); on the embedded database 200,
     * because every request of the process waits behind a batch's transaction there.
     */
    applyBatch: number;
  };
  /** `SEARCH_COUNT_LIMIT`: a search counts its matches up to this many, then says "more than" (repositories/bookSearch.ts). */
  searchCountLimit: number;
  /**
   * `SEARCH_RANK_LIMIT`: a search (words and filters) the planner expects to match more books than
   * this ranks a window of its first SEARCH_COUNT_LIMIT + 1 matches rather than all of them, when that
   * is expected to cost less (repositories/rankWindow.ts); 0 ranks every match.
   */
  searchRankLimit: number;
}

function whole(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || (value !== 0 && value < min) || value > max) {
    problems.push(`${name} must be 0 or a whole number from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return value;
}

/** A count that must be at least 1 (`whole` also takes 0, which means "off" for its settings). */
function counting(env: Env, name: string, fallback: number, max: number, problems: string[]): number {
  const value = whole(env, name, fallback, 1, max, problems);
  if (value !== 0) return value;
  problems.push(`${name} must be a whole number from 1 to ${max}, got "0"`);
  return fallback;
}

function importsConfig(env: Env, problems: string[]): BooksConfig['inventoryImports'] {
  return {
    intervalMs: whole(env, 'INVENTORY_IMPORT_INTERVAL_MS', 2_000, 100, 3_600_000, problems),
    lookupsPerSecond: counting(env, 'INVENTORY_IMPORT_LOOKUPS_PER_SECOND', 5, 100, problems),
    applyBatch: counting(env, 'INVENTORY_IMPORT_BATCH_ROWS', env.DATABASE_URL?.trim() ? APPLY_BATCH_ON_SERVER : APPLY_BATCH, 10_000, problems),
  };
}

/**
 * Matches a search counts before it says "more than": no one pages through 1,000 books, and at a
 * million books counting a category's 10,000 cost 70 ms against 16 for 1,000 (docs/PERFORMANCE.md).
 */
export const DEFAULT_SEARCH_COUNT_LIMIT = 1_000;

/**
 * Expected matches past which a search may rank a window; above it, what each way is expected to
 * cost decides (repositories/rankWindow.ts). At a million books on PostgreSQL a word alone breaks
 * even near 17,000 matches: `love` (24,558) ranked in 46–59 ms and windowed in 16–25 ms
 * (docs/PERFORMANCE.md, "Which searches rank a window"). Below 10,000 ranking every match is cheap
 * at any size.
 */
export const DEFAULT_SEARCH_RANK_LIMIT = 10_000;

const httpUrl = (value: string) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value);

/** Where ISBNs are looked up: Open Library (https://openlibrary.org) or its local stand-in. */
export function booksConfig(env: Env, problems: string[]): BooksConfig {
  const baseUrl = env.BOOK_METADATA_URL?.trim().replace(/\/+$/, '');
  const inventoryImports = importsConfig(env, problems);
  const searchCountLimit = Math.max(1, whole(env, 'SEARCH_COUNT_LIMIT', DEFAULT_SEARCH_COUNT_LIMIT, 1, 10_000_000, problems));
  const searchRankLimit = whole(env, 'SEARCH_RANK_LIMIT', DEFAULT_SEARCH_RANK_LIMIT, 1, 100_000_000, problems);
  const search = { searchCountLimit, searchRankLimit };
  if (!baseUrl) return { bookMetadata: null, inventoryImports, ...search };
  const coversUrl = env.BOOK_COVERS_URL?.trim().replace(/\/+$/, '') || baseUrl;
  for (const [name, value] of [['BOOK_METADATA_URL', baseUrl], ['BOOK_COVERS_URL', coversUrl]]) {
    if (!httpUrl(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
  }
  const timeoutRaw = env.BOOK_METADATA_TIMEOUT_MS?.trim();
  let timeoutMs = 5_000;
  if (timeoutRaw) {
    const value = Number(timeoutRaw);
    if (!/^\d+$/.test(timeoutRaw) || value < 100 || value > 60_000) {
      problems.push(`BOOK_METADATA_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000, got "${timeoutRaw}"`);
    } else {
      timeoutMs = value;
    }
  }
  return { bookMetadata: { baseUrl, coversUrl, timeoutMs }, inventoryImports, ...search };
}
