/**
 * What the wants benches put into the database, in a few set-based statements: buyers, their
 * saved wants, and books for sale. A want's `lexemes` are made as the wants repository makes them
 * (`tsvector_to_array(to_tsvector('english', q))`, server/src/repositories/wants.ts).
 *
 * The mix of wants, each drawn from the world of books (bench/wants/world.ts) by how wanted each
 * book is: 40 % an ISBN; 60 % one to three words of a book's title and author, its rarest, as a
 * buyer types a title's telling word or an author's name (40 % one word, 40 % two, 20 % three). A quarter of the words-wants have a category, a tenth each a
 * condition, a town and a lowest price; 30 % of all wants have a highest price. The buyers are
 * drawn evenly, so each has a few.
 */
import type { Queryable } from '../../server/src/db/db';
import { hexId } from '../orders/fixtures';
import { BOOK_POPULARITY, pick, seeded, zipf, type WorldBook } from './world';

export const CONDITIONS = ['Excellent', 'Good', 'Fair'];
export const TOWNS = ['Boston', 'Chicago', 'Denver', 'Austin', 'Seattle', 'Portland', 'Tucson', 'Providence'];
const FIRST_BUYER = 0x100000;
const CHUNK = 10_000;

export const buyerId = (n: number) => hexId(FIRST_BUYER + n);

function shuffled<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let n = copy.length - 1; n > 0; n -= 1) {
    const other = Math.floor(random() * (n + 1));
    [copy[n], copy[other]] = [copy[other], copy[n]];
  }
  return copy;
}

/** Of `words`, those `to_tsvector('english', …)` reads as exactly one lexeme. */
export async function keepsOne(db: Queryable, words: string[]): Promise<Set<string>> {
  const rows = await db.query<{ word: string }>(
    `select w as word from unnest($1::text[]) as w where cardinality(tsvector_to_array(to_tsvector('english', w))) = 1`,
    [words],
  );
  return new Set(rows.map((row) => row.word));
}

export async function insertUsers(db: Queryable, ids: readonly string[], role: 'Buyer' | 'seller'): Promise<void> {
  await db.query(
    `insert into users (id, name, email, role) select id, 'Bench ' || id, id || '@wants.bench', $2 from unnest($1::text[]) as id`,
    [ids, role],
  );
}

export interface WantsMade {
  wants: number;
  isbnWants: number;
  distinctIsbns: number;
  wordsWants: number;
  withFilters: number;
  withMaxPrice: number;
  buyers: number;
}

/** `count` wants of `buyers` buyers (ids `buyerId(0)`…), drawn from `world` (seed `seed`). */
export async function insertWants(
  db: Queryable, world: readonly WorldBook[], { count, buyers, categories, seed }: { count: number; buyers: number; categories: string[]; seed: number },
): Promise<WantsMade> {
  const random = seeded(seed);
  const wanted = zipf(world.length, BOOK_POPULARITY, random);
  await insertUsers(db, Array.from({ length: buyers }, (_, n) => buyerId(n)), 'Buyer');
  const columns = { id: [] as string[], user: [] as string[], isbn: [] as (string | null)[], q: [] as (string | null)[],
    category: [] as (string | null)[], condition: [] as (string | null)[], location: [] as (string | null)[],
    min: [] as (number | null)[], max: [] as (number | null)[] };
  for (let n = 0; n < count; n += 1) {
    const book = world[wanted()];
    const byIsbn = random() < 0.4;
    const size = Math.min(book.words.length, random() < 0.4 ? 1 : random() < 2 / 3 ? 2 : 3);
    const words = shuffled(book.words.slice(0, size), random);
    columns.id.push(`w${String(n).padStart(23, '0')}`);
    columns.user.push(buyerId(Math.floor(random() * buyers)));
    columns.isbn.push(byIsbn ? book.isbn : null);
    columns.q.push(byIsbn ? null : words.join(' '));
    columns.category.push(!byIsbn && random() < 0.25 ? pick(categories, random) : null);
    columns.condition.push(!byIsbn && random() < 0.1 ? pick(CONDITIONS, random) : null);
    columns.location.push(!byIsbn && random() < 0.1 ? pick(TOWNS, random) : null);
    columns.min.push(!byIsbn && random() < 0.1 ? 100 * (1 + Math.floor(random() * 5)) : null);
    columns.max.push(random() < 0.3 ? 100 * (5 + Math.floor(random() * 30)) : null);
  }
  for (let from = 0; from < count; from += CHUNK) {
    const part = Object.values(columns).map((values) => values.slice(from, from + CHUNK));
    await db.query(
      `insert into wants (id, user_id, isbn, q, lexemes, category, condition, location, min_price_cents, max_price_cents, created_at)
       select t.id, t.user_id, t.isbn, t.q, case when t.q is null then null else tsvector_to_array(to_tsvector('english', t.q)) end,
         t.category, t.condition, t.location, t.min, t.max, now() - (row_number() over ()) * interval '1 minute'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[])
         as t(id, user_id, isbn, q, category, condition, location, min, max)`,
      part,
    );
  }
  const [made] = await db.query<Omit<WantsMade, 'buyers'>>(
    `select count(*)::int as wants, count(isbn)::int as "isbnWants", count(distinct isbn)::int as "distinctIsbns",
       count(lexemes)::int as "wordsWants",
       count(*) filter (where category is not null or condition is not null or location is not null or min_price_cents is not null)::int as "withFilters",
       count(max_price_cents)::int as "withMaxPrice"
     from wants`,
  );
  return { ...made, buyers };
}

export interface Listing {
  id: string;
  book: WorldBook;
  priceCents: number;
  category: string;
  condition: string;
  location: string;
}

/** A listing of `book` at a price of $2 to $40, in a category, condition and town drawn with `random`. */
export function listingOf(id: string, book: WorldBook, categories: string[], random: () => number): Listing {
  return {
    id, book, priceCents: 200 + 50 * Math.floor(random() * 77), category: pick(categories, random), condition: pick(CONDITIONS, random),
    location: `${pick(TOWNS, random)}, downtown`,
  };
}

/** The listings as books for sale by `seller`. */
export async function insertListings(db: Queryable, seller: string, listings: readonly Listing[]): Promise<void> {
  await db.query(
    `insert into books (id, category, name, author, isbn, img, location, resale_price_cents, orginal_price_cents, seller_id,
       seller_email, seller_name, number, uses, date, condition)
     select t.id, t.category, t.name, t.author, t.isbn, 'https://img.example/w.png', t.location, t.price, t.price, $8,
       $8 || '@wants.bench', 'Bench Seller', '+1 555 0100', '1 year', '2026-01-01', t.condition
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $9::text[])
       as t(id, category, name, author, isbn, location, price, condition)`,
    [
      listings.map((l) => l.id), listings.map((l) => l.category), listings.map((l) => l.book.title), listings.map((l) => l.book.author),
      listings.map((l) => l.book.isbn), listings.map((l) => l.location), listings.map((l) => l.priceCents), seller,
      listings.map((l) => l.condition),
    ],
  );
}
