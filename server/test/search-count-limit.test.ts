/**
 * A search counts its matches up to SEARCH_COUNT_LIMIT (10,000; 5 here), then says there are more
 * (`totalCapped`) rather than counting a large shop's every book; its pages still reach them all.
 */
import { SEED_CATALOGUE } from '../src/catalogue';
import { bookSearchRepository } from '../src/repositories/bookSearch';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ searchCountLimit: 5 });
});
afterAll(() => t.close());

interface Answer {
  items: { _id: string; name: string }[];
  total: number;
  totalCapped?: boolean;
  nextCursor: string | null;
}
const searched = async (query: Record<string, string>) => {
  const response = await t.app.inject({ url: '/books/search', query });
  expect(response.statusCode).toBe(200);
  return response.json<Answer>();
};
const SEED_COUNT = SEED_CATALOGUE.reduce((sum, category) => sum + category.books.length, 0);

it('says "more than the limit" past it, on every page, and its pages still reach every match', async () => {
  expect(SEED_COUNT).toBeGreaterThan(5);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer = await searched({ limit: '4', sort: 'price_asc', ...(cursor ? { cursor } : {}) });
    expect(page).toMatchObject({ total: 5, totalCapped: true });
    seen.push(...page.items.map((item) => item._id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(seen).toHaveLength(SEED_COUNT);
  expect(new Set(seen).size).toBe(SEED_COUNT);
});

it('counts exactly up to the limit', async () => {
  const few = await searched({ q: 'prejudice' });
  expect(few.total).toBe(few.items.length);
  expect(few.total).toBeGreaterThan(0);
  expect(few).not.toHaveProperty('totalCapped');
  const category = SEED_CATALOGUE.find((entry) => entry.books.length <= 5);
  if (!category) throw new Error('a seed category of at most 5 books is needed');
  const exact = await searched({ category: category.category });
  expect(exact).toMatchObject({ total: category.books.length });
  expect(exact).not.toHaveProperty('totalCapped');
});

it('asks the count beside the page by default only where the database answers queries at once (a PostgreSQL server)', () => {
  expect(t.testDb.db.concurrent === true).toBe(Boolean(process.env.TEST_DATABASE_URL));
});

it('counts the same when the count is asked beside the page, as on a PostgreSQL server', async () => {
  const alongside = bookSearchRepository(t.testDb.db, { countLimit: 5, countAlongside: true });
  const after = bookSearchRepository(t.testDb.db, { countLimit: 5, countAlongside: false });
  const category = SEED_CATALOGUE.find((entry) => entry.books.length <= 5)?.category;
  for (const filters of [{}, { text: 'prejudice' }, { category }, { text: 'zzzznothing' }]) {
    for (const limit of [2, 4, 20]) {
      const [a, b] = [await alongside.search(filters, 'price_asc', limit), await after.search(filters, 'price_asc', limit)];
      expect({ total: a.total, ids: a.rows.map((row) => row.id) }).toEqual({ total: b.total, ids: b.rows.map((row) => row.id) });
    }
  }
  expect((await alongside.search({}, 'price_asc', 2)).total).toBe(6);
  expect((await alongside.search({ category }, 'price_asc', 2)).total).toBe(SEED_CATALOGUE.find((entry) => entry.category === category)?.books.length);
});
