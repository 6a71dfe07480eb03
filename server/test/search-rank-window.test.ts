/**
 * A search whose words match more books than SEARCH_RANK_LIMIT (100 here) ranks a window of its
 * first SEARCH_COUNT_LIMIT + 1 matches in id order (20 + 1 here), then lists the matches past the
 * window in id order (repositories/rankWindow.ts). 300 books here have the word "quagga"; one past
 * the window has it twice and so scores higher.
 */
import { buildTestApp, signUpCast, type TestApp } from './helper';

const MANY = 300;
const COUNT_LIMIT = 20;
const idOf = (n: number) => `cccccccccccccccc${n.toString(16).padStart(8, '0')}`;
/** The book whose title has the word twice: its id puts it far past the window. */
const TWICE = idOf(250);

interface Answer {
  items: { _id: string; name: string }[];
  total: number;
  totalCapped?: boolean;
  nextCursor: string | null;
}

async function shopWith(rankLimit: number): Promise<TestApp> {
  const t = await buildTestApp({ searchCountLimit: COUNT_LIMIT, searchRankLimit: rankLimit });
  const cast = await signUpCast(t.app);
  await t.testDb.db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
       seller_name, number, uses, date, condition, description, author, created_at)
     select 'cccccccccccccccc' || lpad(to_hex(n), 8, '0'), 'fiction',
       case when n = 250 then 'Quagga and the Quagga' else 'Quagga Tales ' || n end,
       '/x.svg', 'Tucson', 500 + n, 900, $1, 'seller@test.dev', 'seller', '+1', '', '2026-01-01', 'Good', '', 'Ann Author', now()
     from generate_series(1, ${MANY}) as n`,
    [cast.seller.id],
  );
  await t.testDb.db.query('analyze books');
  return t;
}

const searched = async (t: TestApp, query: Record<string, string>) => {
  const response = await t.app.inject({ url: '/books/search', query });
  expect(response.statusCode).toBe(200);
  return response.json<Answer>();
};

/** Every page of a search, its items' ids in order. */
async function everyPage(t: TestApp, query: Record<string, string>): Promise<{ ids: string[]; pages: Answer[] }> {
  const pages: Answer[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer = await searched(t, { ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return { ids: pages.flatMap((page) => page.items.map((item) => item._id)), pages };
}

describe('a common word, past SEARCH_RANK_LIMIT', () => {
  let windowed: TestApp;
  let everything: TestApp;
  beforeAll(async () => {
    [windowed, everything] = await Promise.all([shopWith(100), shopWith(0)]);
  });
  afterAll(async () => {
    await Promise.all([windowed.close(), everything.close()]);
  });

  it('ranks every match when the limit is off: the book with the word twice comes first', async () => {
    const first = await searched(everything, { q: 'quagga', limit: '5' });
    expect(first.items[0]._id).toBe(TWICE);
    expect(first.items.slice(1).map((item) => item._id)).toEqual([1, 2, 3, 4].map(idOf));
  });

  it('ranks a window of the first matches in id order, and says "more than" without counting', async () => {
    const first = await searched(windowed, { q: 'quagga', limit: '5' });
    expect(first.items.map((item) => item._id)).toEqual([1, 2, 3, 4, 5].map(idOf));
    expect(first).toMatchObject({ total: COUNT_LIMIT, totalCapped: true });
  });

  it('pages through the window, then past it in id order, to every match exactly once', async () => {
    const { ids, pages } = await everyPage(windowed, { q: 'quagga', limit: '7' });
    expect(ids).toHaveLength(MANY);
    expect(new Set(ids).size).toBe(MANY);
    // The book with the word twice is in its id's place: past the window, nothing ranks it first.
    expect(ids).toEqual(Array.from({ length: MANY }, (_, at) => idOf(at + 1)));
    for (const page of pages) expect(page).toMatchObject({ total: COUNT_LIMIT, totalCapped: true });
  });

  it('ranks inside the window: a book of the window with the word twice comes first', async () => {
    await windowed.testDb.db.query(`update books set name = 'Quagga, Quagga, Quagga' where id = $1`, [idOf(15)]);
    const { ids } = await everyPage(windowed, { q: 'quagga', limit: '6' });
    expect(ids[0]).toBe(idOf(15));
    expect(ids).toHaveLength(MANY);
    expect(new Set(ids).size).toBe(MANY);
    await windowed.testDb.db.query(`update books set name = 'Quagga Tales 15' where id = $1`, [idOf(15)]);
  });

  it('keeps filters on both sides of the window', async () => {
    const { ids } = await everyPage(windowed, { q: 'quagga', minPrice: '6.00', maxPrice: '7.50', limit: '9' });
    // Prices are 500 + n cents: n from 100 to 250, each once, whether or not this search ranks a window.
    expect(ids).toHaveLength(151);
    expect([...ids].sort()).toEqual(Array.from({ length: 151 }, (_, at) => idOf(at + 100)));
  });

  it('ranks every match when the filters leave fewer than the limit, however common the word', async () => {
    // Prices 7.00 to 7.60 are n from 200 to 260: 61 matches, under the limit of 100.
    const first = await searched(windowed, { q: 'quagga', minPrice: '7.00', maxPrice: '7.60', limit: '5' });
    expect(first.items[0]._id).toBe(TWICE);
    expect(first.items.slice(1).map((item) => item._id)).toEqual([200, 201, 202, 203].map(idOf));
    expect(first).toMatchObject({ total: COUNT_LIMIT, totalCapped: true });
  });

  it('searches a word typed twice as the word once', async () => {
    const once = await searched(windowed, { q: 'quagga', limit: '5' });
    const twice = await searched(windowed, { q: 'Quagga quagga', limit: '5' });
    expect(twice.items.map((item) => item._id)).toEqual(once.items.map((item) => item._id));
    expect(twice).toMatchObject({ total: COUNT_LIMIT, totalCapped: true });
  });

  it('refuses a cursor whose window is not one it handed out', async () => {
    const first = await searched(windowed, { q: 'quagga', limit: '5' });
    const cursor = JSON.parse(Buffer.from(first.nextCursor ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(cursor.windowEnd).toBe(idOf(COUNT_LIMIT + 1));
    const forged = (fields: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...cursor, ...fields })).toString('base64url');
    for (const fields of [{ windowEnd: 'x' }, { windowEnd: 7 }, { beyond: false }, { beyond: 'yes' }, { windowEnd: undefined, beyond: true }]) {
      const response = await windowed.app.inject({ url: '/books/search', query: { q: 'quagga', cursor: forged(fields) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'The cursor is not one this search handed out' });
    }
  });
});
