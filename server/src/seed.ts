import type { Db } from './db/db';
import { SEED_CATALOGUE, SEED_DATE, SEED_SELLER, SEED_SELLER_PHONE } from './catalogue';
import { newId } from './lib/ids';
import { parseMoney, type MoneyField } from './lib/money';
import { booksRepository } from './repositories/books';
import { categoriesRepository } from './repositories/categories';
import { usersRepository } from './repositories/users';

/** Stored image paths are relative to the API; answers make them absolute. */
export const seedImagePath = (file: string) => `/image-host/i/${file}`;

const CATALOGUE_PRICE: MoneyField = { field: 'A catalogue price', minCents: 0, maxCents: 10_000_000 };

/** What the shop charges to post a book. */
const SEED_SHIPPING_CENTS = 399;

/** Any fixed number: keeps two processes starting on one database from seeding twice. */
const SEED_LOCK_KEY = 720_452;

/** Fills the catalogue (categories, the store seller and its books) on a database without categories. */
export async function seedCatalogue(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const categories = categoriesRepository(tx);
    if (!(await categories.isEmpty())) return false;
    // The shop's own account: it lists the catalogue, and nobody can sign in as it.
    const seller = await usersRepository(tx).ensureSystemAccount(SEED_SELLER);
    const books = booksRepository(tx);
    for (const [index, seed] of SEED_CATALOGUE.entries()) {
      await categories.insert({
        id: newId(),
        name: seed.name,
        category_id: String(index + 1),
        category: seed.category,
        img: seedImagePath(`category-${seed.category}.svg`),
        position: index,
      });
      for (const entry of seed.books) {
        await books.insert({
          id: newId(),
          category: seed.category,
          name: entry.name,
          img: seedImagePath(entry.cover),
          photos: [],
          location: entry.location,
          resale_price_cents: parseMoney(entry.resale_price, CATALOGUE_PRICE),
          orginal_price_cents: parseMoney(entry.orginal_price, CATALOGUE_PRICE),
          seller_id: seller.id,
          seller_email: seller.email,
          seller_name: seller.name,
          number: SEED_SELLER_PHONE,
          uses: entry.uses,
          date: SEED_DATE,
          condition: entry.condition,
          description: entry.description,
          author: entry.author,
          isbn: entry.isbn,
          // The shop hands its books over in person or posts them.
          offers_meetup: true,
          offers_shipping: true,
          shipping_price_cents: SEED_SHIPPING_CENTS,
        });
      }
    }
    return true;
  });
}
