/**
 * Matching one new listing against 100,000 saved wants, in the database (no HTTP): the statement
 * of `tellWanters` (server/src/wants/match.ts) for 200 books, one at a time, each in a transaction
 * rolled back afterwards, so every book meets the same wants and the same empty notifications.
 * Each book twice: the call timed from the bench (planning, execution, the driver's round trip),
 * and the same statement under `EXPLAIN (ANALYZE, FORMAT JSON)` for the database's own times and
 * the plan. One round of all 200 first, unmeasured, to warm the caches.
 *
 * All of it twice: first with the words index as the inserts left it, then with its pending list
 * merged into the index (`gin_clean_pending_list`, what VACUUM does). New entries of a GIN index
 * wait in a pending list (up to `gin_pending_list_limit`, 4 MB by default) that every search reads
 * through; PGlite never vacuums, and on PostgreSQL autovacuum is held off the wants here, so that
 * the two states are the bench's to choose.
 *
 * The books: the 50 most wanted of the world, 100 drawn by how wanted they are, 25 of wanted words
 * under an ISBN nobody wants, and 25 whose ISBN and words nobody wants.
 */
import type { Db, Queryable } from '../../server/src/db/db';
import { tellWanters } from '../../server/src/wants/match';
import { hexId } from '../orders/fixtures';
import { envNumber } from '../lib/stats';
import { seedWants, target, type Seeded, type Target } from './database';
import { insertListings, insertUsers, listingOf, type Listing } from './fixtures';
import { explaining, wantsAccess, type Explained } from './plan';
import { BOOK_POPULARITY, seeded, unknownBook, unlistedBook, zipf } from './world';

const WANTS = envNumber('BENCH_WANTS', 100_000);
/** Books of a generated shop around the listings, on PostgreSQL only (none by default: the seeded catalogue alone). */
const SHOP_BOOKS = envNumber('BENCH_WANTS_SHOP_BOOKS', 0);
const BUYERS = Math.ceil(WANTS / 4);
const SELLER = hexId(2);

export const BOOK_KINDS = ['among the 50 most wanted', 'drawn by how wanted', 'wanted words, an ISBN nobody wants', 'nothing of it wanted'] as const;

export interface MatchSample {
  kind: (typeof BOOK_KINDS)[number];
  title: string;
  told: number;
  /** `tellWanters` as the bench timed it. */
  callMs: number;
  explained: Explained;
}

export interface MatchingState {
  what: string;
  samples: MatchSample[];
}

export interface MatchingFigures {
  database: Target['label'];
  /** Books of the generated shop around the listings (none: the seeded catalogue only). */
  shopBooks: number;
  made: Seeded['made'];
  seedMs: number;
  /** Pages of the words index's pending list, as the inserts left it. */
  pendingPages: number;
  states: MatchingState[];
}

type KindedListing = Listing & { kind: MatchSample['kind'] };

function listings({ words, world, categories }: Seeded): KindedListing[] {
  const random = seeded(23);
  const wanted = zipf(world.length, BOOK_POPULARITY, random);
  const books = [
    ...world.slice(0, 50).map((book) => ({ book, kind: BOOK_KINDS[0] })),
    ...Array.from({ length: 100 }, () => ({ book: world[wanted()], kind: BOOK_KINDS[1] })),
    ...Array.from({ length: 25 }, (_, n) => ({ book: unlistedBook(words, n, random), kind: BOOK_KINDS[2] })),
    ...Array.from({ length: 25 }, (_, n) => ({ book: unknownBook(words, n, random), kind: BOOK_KINDS[3] })),
  ];
  return books.map(({ book, kind }, n) => ({ ...listingOf(hexId(0x700000 + n), book, categories, random), kind }));
}

class RolledBack extends Error {}

/** `work`'s answer, its transaction rolled back. */
async function rolledBack<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  let answer: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      answer = { value: await work(tx) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (!answer) throw new Error('the transaction ended without an answer');
  return answer.value;
}

/** One unmeasured round, then each book timed and explained. */
async function measureBooks(db: Db, books: readonly KindedListing[], at: Date): Promise<MatchSample[]> {
  for (const book of books) await rolledBack(db, (tx) => tellWanters(tx, [book.id], at));
  const samples: MatchSample[] = [];
  for (const book of books) {
    const { told, callMs } = await rolledBack(db, async (tx) => {
      const began = performance.now();
      const count = await tellWanters(tx, [book.id], at);
      return { told: count, callMs: performance.now() - began };
    });
    const explained = await rolledBack(db, async (tx) => {
      const explain = explaining(tx);
      await tellWanters(explain.queryable, [book.id], at);
      return explain.plan();
    });
    samples.push({ kind: book.kind, title: `${book.book.title} by ${book.book.author}`, told, callMs, explained });
  }
  return samples;
}

export async function measureMatching(serverUrl?: string): Promise<MatchingFigures> {
  const where = await target(serverUrl, 'matching');
  const db = await where.open();
  try {
    const shopBooks = where.label === 'PostgreSQL' ? SHOP_BOOKS : 0;
    const seededWants = await seedWants(db, where.label, { wants: WANTS, buyers: BUYERS, seed: 1, noAutovacuum: true, shopBooks });
    await insertUsers(db, [SELLER], 'seller');
    const books = listings(seededWants);
    await insertListings(db, SELLER, books);
    if (where.label === 'PostgreSQL') await db.exec('analyze books');
    const at = new Date();
    const asInserted = await measureBooks(db, books, at);
    const [{ pages }] = await db.query<{ pages: number }>(`select gin_clean_pending_list('wants_lexemes')::int as pages`);
    const merged = await measureBooks(db, books, at);
    return {
      database: where.label,
      shopBooks,
      made: seededWants.made,
      seedMs: seededWants.seedMs,
      pendingPages: pages,
      states: [
        { what: 'the words index as the inserts left it', samples: asInserted },
        { what: 'its pending list merged', samples: merged },
      ],
    };
  } finally {
    await db.close();
  }
}

/** How many samples read the wants through each index, and how many read the whole table. */
export function accessCounts(samples: readonly MatchSample[]) {
  const access = samples.map((sample) => wantsAccess(sample.explained.root));
  return {
    byIsbn: access.filter((each) => each.byIsbn).length,
    byWords: access.filter((each) => each.byWords).length,
    scansWants: access.filter((each) => each.scansWants).length,
  };
}
