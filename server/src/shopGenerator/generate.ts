import type { Db } from '../db/db';
import { seedImagePath } from '../seed';
import { isbn13, seededRandom, zipf } from './random';
import type { Vocabulary } from './vocabulary';

/*
 * A large, realistic shop for benchmarks and trials (README.md beside this file): sellers and
 * their books, loaded with COPY a chunk at a time. Deterministic: the same size and seed give the
 * same shop.
 */

export interface ShopSize {
  books: number;
  /** Default: one seller for every 250 books. */
  sellers?: number;
  /** Default 1. */
  seed?: number;
}

export interface GeneratedShop {
  books: number;
  sellers: number;
  sold: number;
  ms: number;
}

/**
 * Generated rows' ids: 24 hex digits like every id, a seller's starting with e0 and a book's with
 * e1, then twelve zeros (a random id starts so once in 2^56), then the row's number.
 */
const SELLER_PREFIX = `e0${'0'.repeat(12)}`;
const BOOK_PREFIX = `e1${'0'.repeat(12)}`;
export const sellerId = (index: number) => `${SELLER_PREFIX}${index.toString(16).padStart(10, '0')}`;
export const bookId = (index: number) => `${BOOK_PREFIX}${index.toString(16).padStart(10, '0')}`;
/** `like` patterns for the generated rows. */
export const GENERATED_SELLERS = `${SELLER_PREFIX}%`;
export const GENERATED_BOOKS = `${BOOK_PREFIX}%`;

/** Books per COPY: each chunk is one statement, so memory stays flat whatever the size. */
const CHUNK = 50_000;
const SOLD_SHARE = 0.05;
const REAL_BOOK_SHARE = 0.1;
const ISBN_SHARE = 0.7;
const CONDITIONS = ['Good', 'Good', 'Good', 'Excillent', 'Excillent', 'Fair'];
const CITIES = ['Boston', 'Chicago', 'Denver', 'Austin', 'Seattle', 'Portland', 'Miami', 'Atlanta', 'Phoenix', 'Dallas',
  'San Diego', 'Minneapolis', 'Cambridge', 'New York', 'Philadelphia', 'Providence', 'Tucson', 'Mesa', 'Madison', 'Raleigh'];
const DAY_MS = 86_400_000;
const SINCE = Date.UTC(2025, 0, 1);

/** A CSV field for COPY … (format csv): quoted when it must be; an empty unquoted field is NULL. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) || text === '' ? `"${text.replace(/"/g, '""')}"` : text;
}
const line = (values: (string | number | boolean | null)[]) => `${values.map(field).join(',')}\n`;

const SELLER_COLUMNS = 'id, name, email, role, firebase_uid, created_at';
const BOOK_COLUMNS = `id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
  seller_name, number, uses, date, condition, description, author, isbn, sold, offers_meetup, offers_shipping,
  shipping_price_cents, sku, created_at`;

export class ShopAlreadyGeneratedError extends Error {
  constructor() {
    super('This database already holds a generated shop: generate into a new database (or the one it is in, emptied).');
  }
}

/**
 * Adds `size.books` books and their sellers to a migrated, seeded database. `onProgress` hears
 * of each chunk loaded.
 */
export async function generateShop(db: Db, vocabulary: Vocabulary, size: ShopSize, onProgress?: (done: number, total: number) => void): Promise<GeneratedShop> {
  const started = Date.now();
  const books = Math.max(0, Math.floor(size.books));
  const sellers = Math.max(1, Math.floor(size.sellers ?? Math.ceil(books / 250)));
  const categories = (await db.query<{ category: string }>('select category from categories order by position, id')).map((row) => row.category);
  if (categories.length === 0) throw new Error('The database has no categories: start the API on it once (it seeds them), or run the seed first.');
  const [{ taken }] = await db.query<{ taken: boolean }>('select exists (select 1 from users where id like $1) as taken', [GENERATED_SELLERS]);
  if (taken) throw new ShopAlreadyGeneratedError();

  const random = seededRandom(size.seed ?? 1);
  const word = zipf(vocabulary.words, random);
  const realBook = zipf(vocabulary.books, random);
  const first = zipf(vocabulary.firstNames, random);
  const last = zipf(vocabulary.lastNames, random);
  const category = zipf(categories, random);
  const pick = <Value>(values: readonly Value[]) => values[Math.floor(random() * values.length)];

  const sellerNames: string[] = [];
  let rows = '';
  for (let index = 0; index < sellers; index += 1) {
    const name = `${pick(vocabulary.firstNames)} ${pick(vocabulary.lastNames)}`;
    sellerNames.push(name);
    rows += line([sellerId(index), name, `dealer${index}@generated.example`, 'seller', `generated-${index}`, new Date(SINCE + index * 1000).toISOString()]);
  }
  await db.copyFrom(`copy users (${SELLER_COLUMNS}) from stdin with (format csv)`, rows);

  const title = (): string => {
    const shape = random();
    if (shape < 0.3) return `The ${word()} of ${word()}`;
    if (shape < 0.5) return `${word()} and ${word()}`;
    if (shape < 0.7) return `${word()} ${word()}`;
    if (shape < 0.85) return `A ${word()} in ${word()}`;
    return `${word()} ${word()} ${word()}`;
  };
  let sold = 0;
  for (let start = 0; start < books; start += CHUNK) {
    rows = '';
    const end = Math.min(books, start + CHUNK);
    for (let index = start; index < end; index += 1) {
      // A seller's share of the books follows Zipf too: a few dealers hold thousands.
      const seller = Math.min(sellers - 1, Math.floor(sellers * random() ** 2));
      const real = random() < REAL_BOOK_SHARE ? realBook() : null;
      const slug = category();
      const price = Math.round(200 + 4800 * random() ** 3);
      const ships = random() < 0.6;
      const isSold = random() < SOLD_SHARE;
      if (isSold) sold += 1;
      const listed = SINCE + Math.floor(random() * 700 * DAY_MS);
      rows += line([
        bookId(index), slug, real?.title ?? title(), seedImagePath(`category-${slug}.svg`), pick(CITIES),
        price, price + Math.round(price * (0.5 + random() * 2)), sellerId(seller), `dealer${seller}@generated.example`,
        sellerNames[seller], '+1 555 0100', `${1 + Math.floor(random() * 9)} years`, new Date(listed).toISOString().slice(0, 10),
        pick(CONDITIONS), 'A used copy from a dealer\'s stock.', real?.author ?? `${first()} ${last()}`,
        real ? real.isbn13 : random() < ISBN_SHARE ? isbn13(`979${String(index).padStart(9, '0')}`) : null,
        isSold, !ships || random() < 0.5, ships, ships ? 399 : null, `G-${index}`, new Date(listed).toISOString(),
      ]);
    }
    await db.copyFrom(`copy books (${BOOK_COLUMNS}) from stdin with (format csv)`, rows);
    onProgress?.(end, books);
  }
  // Vacuumed as well as analysed: a table loaded in bulk has no visibility map and no hint bits
  // yet, so its first readers would write every page they read.
  await db.exec('vacuum (analyze) users, books, search_words');
  return { books, sellers, sold, ms: Date.now() - started };
}
