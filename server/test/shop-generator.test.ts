/**
 * `npm run seed -- --books N`'s generator: a realistic shop loaded with COPY, the same for the
 * same size and seed, searchable and browsable like books listed by hand.
 */
import { GENERATED_BOOKS, generateShop, ShopAlreadyGeneratedError } from '../src/shopGenerator/generate';
import { isbn13 } from '../src/shopGenerator/random';
import { loadVocabulary } from '../src/shopGenerator/vocabulary';
import { buildTestApp, signUp, type TestApp } from './helper';

let t: TestApp;
const vocabulary = loadVocabulary();
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('makes ISBN-13s with their check digit', () => {
  expect(isbn13('978014143951')).toBe('9780141439518');
  expect(isbn13('978006112008')).toBe('9780061120084');
});

it('generates a shop of every category and condition, some books sold, real books among them, that search and the category pages find', async () => {
  const progress: number[] = [];
  const shop = await generateShop(t.testDb.db, vocabulary, { books: 3_000, sellers: 30, seed: 7 }, (done) => progress.push(done));
  expect(shop).toMatchObject({ books: 3_000, sellers: 30 });
  expect(progress).toEqual([3_000]);

  const [counts] = await t.testDb.db.query<{ books: number; sold: number; sellers: number; categories: number; conditions: number; isbns: number; invalidIsbns: number }>(
    `select count(*)::int as books, count(*) filter (where sold)::int as sold, count(distinct seller_id)::int as sellers,
       count(distinct category)::int as categories, count(distinct condition)::int as conditions,
       count(isbn)::int as isbns, count(*) filter (where isbn is not null and isbn !~ '^97[89][0-9]{10}$')::int as "invalidIsbns"
     from books where id like $1`,
    [GENERATED_BOOKS],
  );
  const [{ shopCategories }] = await t.testDb.db.query<{ shopCategories: number }>('select count(*)::int as "shopCategories" from categories');
  expect(counts).toMatchObject({ books: 3_000, sold: shop.sold, categories: shopCategories, conditions: 3, invalidIsbns: 0 });
  expect(counts.sold).toBeGreaterThan(50);
  expect(counts.sold).toBeLessThan(300);
  expect(counts.sellers).toBeGreaterThan(10);
  expect(counts.isbns).toBeGreaterThan(1_500);

  // A real book of the catalogue comes in several copies, found by its title and its ISBN.
  const [popular] = await t.testDb.db.query<{ name: string; isbn: string; copies: number }>(
    `select name, isbn, count(*)::int as copies from books where id like $1 and isbn like '978%' and not sold
     group by name, isbn order by copies desc, name limit 1`,
    [GENERATED_BOOKS],
  );
  expect(popular.copies).toBeGreaterThan(3);
  const [{ all }] = await t.testDb.db.query<{ all: number }>('select count(*)::int as all from books where isbn = $1 and not sold', [popular.isbn]);
  expect(all).toBeGreaterThanOrEqual(popular.copies); // the shop's own catalogue may hold a copy too
  const byIsbn = (await t.app.inject({ url: `/books/search?q=${popular.isbn}` })).json<{ total: number }>();
  expect(byIsbn.total).toBe(all);
  const byTitle = (await t.app.inject({ url: `/books/search?q=${encodeURIComponent(popular.name)}` })).json<{ items: { name: string }[] }>();
  expect(byTitle.items.map((item) => item.name)).toContain(popular.name);
  // The category page lists them too.
  const category = (await t.app.inject({ url: '/bookCatagories' })).json<{ category: string }[]>()[0].category;
  const reader = await signUp(t.app, 'reader@test.dev', 'Buyer');
  const listed = await t.app.inject({ url: `/bookCatagoriesId/${category}`, headers: reader.headers });
  expect(listed.statusCode).toBe(200);
  expect(listed.json<unknown[]>().length).toBeGreaterThan(0);

  // The same size and seed make the same shop; a second shop in the same database is refused.
  await expect(generateShop(t.testDb.db, vocabulary, { books: 10, seed: 7 })).rejects.toThrow(ShopAlreadyGeneratedError);
  const [{ books: still }] = await t.testDb.db.query<{ books: number }>('select count(*)::int as books from books where id like $1', [GENERATED_BOOKS]);
  expect(still).toBe(3_000);
});

it('makes the same shop from the same size and seed', async () => {
  const other = await buildTestApp();
  try {
    await generateShop(other.testDb.db, vocabulary, { books: 3_000, sellers: 30, seed: 7 });
    const digest = (db: TestApp['testDb']['db']) =>
      db.query<{ digest: string }>(
        `select md5(string_agg(id || name || author || coalesce(isbn, '') || resale_price_cents || sold, ',' order by id)) as digest from books where id like $1`,
        [GENERATED_BOOKS],
      );
    expect(await digest(other.testDb.db)).toEqual(await digest(t.testDb.db));
  } finally {
    await other.close();
  }
});
