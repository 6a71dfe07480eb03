import { addProduct, bookingOf, buildTestApp, signUp, signUpCast, type TestApp } from './helper';
import { hexId, injectable, insertBookings, insertBooks, insertCategory, nextLink, walk } from './pagingSupport';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
  // A category with exactly 505 books put up in one instant: only their ids order them.
  await insertCategory(t.testDb.db, 'bulk', 1);
  await insertBooks(t.testDb.db, { category: 'bulk', sellerId: cast.otherSeller.id, count: 505, firstId: 0x1000 });
  // A category of exactly four books, a minute apart.
  await insertCategory(t.testDb.db, 'four', 2);
  await insertBooks(t.testDb.db, { category: 'four', sellerId: cast.otherSeller.id, count: 4, firstId: 0x2000, minutesApart: 1 });
});
afterAll(() => t.close());

interface Row {
  _id: string;
}
const ids = (rows: Row[]) => rows.map((row) => row._id);
const get = (url: string, headers = cast.buyer.headers) => t.app.inject({ url, headers });
const badRequest = async (url: string, headers = cast.buyer.headers) => {
  const response = await get(url, headers);
  expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: expect.any(String) });
  return response.json<{ message: string }>().message;
};

/** A cursor as the API makes them, for cursors it never handed out. */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('book lists without paging parameters', () => {
  it('answer a plain array of at most 500 books and link to the rest', async () => {
    const response = await get('/bookCatagoriesId/bulk');
    expect(response.statusCode).toBe(200);
    const first = response.json<Row[]>();
    expect(first).toHaveLength(500);
    const next = nextLink(response);
    expect(next?.origin).toBe('http://127.0.0.1:5000');
    expect(next?.pathname).toBe('/bookCatagoriesId/bulk');
    expect([...(next?.searchParams.keys() ?? [])]).toEqual(['limit', 'cursor']);
    expect(next?.searchParams.get('limit')).toBe('500');

    const rest = await get(injectable(next!));
    expect(rest.json<Row[]>()).toHaveLength(5);
    expect(rest.headers.link).toBeUndefined();
    // Books put up in the same instant still come once each, in id order.
    const all = [...ids(first), ...ids(rest.json<Row[]>())];
    expect(all).toEqual(Array.from({ length: 505 }, (_, i) => hexId(0x1000 + i + 1)));
  });

  it('cap the list of all books too, and its link keeps the path without a category', async () => {
    const response = await get('/bookCatagoriesId');
    expect(response.json<Row[]>()).toHaveLength(500);
    expect(nextLink(response)?.pathname).toBe('/bookCatagoriesId');
    const pages = await walk<Row>(t.app, '/bookCatagoriesId?limit=200', cast.buyer.headers);
    const all = pages.flat();
    expect(new Set(ids(all)).size).toBe(all.length);
    expect(ids(all)).toEqual(expect.arrayContaining(Array.from({ length: 505 }, (_, i) => hexId(0x1000 + i + 1))));
  });

  it('send no link when everything fits', async () => {
    const response = await get('/bookCatagoriesId/four');
    expect(ids(response.json<Row[]>())).toEqual([0x2001, 0x2002, 0x2003, 0x2004].map(hexId));
    expect(response.headers.link).toBeUndefined();
  });
});

describe('book lists with limit and cursor', () => {
  it('walk a category page by page, oldest first, with a link on every page but the last', async () => {
    const first = await get('/bookCatagoriesId/four?limit=3');
    expect(ids(first.json<Row[]>())).toEqual([0x2001, 0x2002, 0x2003].map(hexId));
    const next = nextLink(first)!;
    expect(next.searchParams.get('limit')).toBe('3');
    const second = await get(injectable(next));
    expect(ids(second.json<Row[]>())).toEqual([hexId(0x2004)]);
    expect(second.headers.link).toBeUndefined();
  });

  it('end on an exact last page without a link to an empty one', async () => {
    const first = await get('/bookCatagoriesId/four?limit=2');
    const second = await get(injectable(nextLink(first)!));
    expect(ids(second.json<Row[]>())).toEqual([0x2003, 0x2004].map(hexId));
    expect(second.headers.link).toBeUndefined();
    const whole = await get('/bookCatagoriesId/four?limit=4');
    expect(whole.json<Row[]>()).toHaveLength(4);
    expect(whole.headers.link).toBeUndefined();
  });

  it('answer an empty list, without a link, for a category without books, cursor or not', async () => {
    const empty = await get('/bookCatagoriesId/poetry?limit=10');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers.link).toBeUndefined();
    const afterCursor = nextLink(await get('/bookCatagoriesId/four?limit=2'))!.searchParams.get('cursor');
    const elsewhere = await get(`/bookCatagoriesId/poetry?cursor=${afterCursor}`);
    expect(elsewhere.json()).toEqual([]);
  });

  it('go on after a cursor whose book was deleted meanwhile, skipping nothing', async () => {
    await insertCategory(t.testDb.db, 'shrinking', 3);
    const category = 'shrinking';
    const made: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) made.push(await addProduct(t.app, cast.seller, { name, category }));
    const first = await get(`/bookCatagoriesId/${category}?limit=2`);
    expect(ids(first.json<Row[]>())).toEqual(made.slice(0, 2));
    // The book the cursor points at goes, and so does the next one.
    for (const id of made.slice(1, 3)) {
      expect((await t.app.inject({ method: 'DELETE', url: `/products/${id}`, headers: cast.seller.headers })).statusCode).toBe(200);
    }
    const second = await get(injectable(nextLink(first)!));
    expect(ids(second.json<Row[]>())).toEqual(made.slice(3, 5));
    expect(second.headers.link).toBeUndefined();
  });

  it('leave a book sold meanwhile out of the later pages', async () => {
    const pages = await walk<Row>(t.app, '/bookCatagoriesId/four?limit=1', cast.buyer.headers);
    expect(pages.map((page) => page.length)).toEqual([1, 1, 1, 1]);
    await t.testDb.db.query('update books set sold = true where id = $1', [hexId(0x2004)]);
    try {
      expect((await walk<Row>(t.app, '/bookCatagoriesId/four?limit=1', cast.buyer.headers)).flat()).toHaveLength(3);
    } finally {
      await t.testDb.db.query('update books set sold = false where id = $1', [hexId(0x2004)]);
    }
  });
});

describe('paging parameters that are not right', () => {
  const someCursor = async () => nextLink(await get('/bookCatagoriesId/four?limit=1'))!.searchParams.get('cursor')!;

  it('answer 400 with a message for a bad limit', async () => {
    for (const limit of ['0', '-1', '501', 'abc', '1.5', '', '2&limit=3']) await badRequest(`/bookCatagoriesId/fiction?limit=${limit}`);
    expect((await get('/bookCatagoriesId/fiction?limit=500')).statusCode).toBe(200);
    expect((await get('/bookCatagoriesId?limit=1')).json<Row[]>()).toHaveLength(1);
  });

  it('answer 400 with a message for a cursor the API did not hand out', async () => {
    const valid = await someCursor();
    const bad = [
      '',
      '!!!',
      'a'.repeat(801),
      Buffer.from('not json').toString('base64url'),
      cursorOf(null),
      cursorOf([1, 2]),
      cursorOf({ s: 'created_asc', k: '2026-01-01 00:01:00+00' }),
      cursorOf({ s: 'created_asc', k: '2026-01-01 00:01:00+00', i: 'not-an-id' }),
      cursorOf({ s: 'created_asc', k: 42, i: hexId(1) }),
      cursorOf({ s: 'created_asc', k: 'yesterday', i: hexId(1) }),
      cursorOf({ s: 'created_asc', k: '2026-02-30 00:00:00+00', i: hexId(1) }),
      cursorOf({ s: 'created_asc', k: '2026-01-01 24:00:00+00', i: hexId(1) }),
      cursorOf({ s: 'created_asc', k: '2026-01-01 00:00:00+99', i: hexId(1) }),
      cursorOf({ s: 'created_asc', k: '99999-01-01 00:00:00+00', i: hexId(1) }),
      cursorOf({ s: 'name_asc', k: 'ada', i: hexId(1) }),
      `${valid}%00`,
    ];
    for (const cursor of bad) await badRequest(`/bookCatagoriesId/four?cursor=${cursor}`);
    expect(await badRequest(`/bookCatagoriesId/four?cursor=${cursorOf({ s: 'email_asc', k: 'a', i: hexId(1) })}`)).toBe(
      'The cursor belongs to another sort order',
    );
  });

  it('check the parameters of every list the same way', async () => {
    const lists = [
      { url: '/products?', headers: cast.seller.headers },
      { url: '/mybuyers?', headers: cast.seller.headers },
      { url: `/bookings?email=${cast.buyer.email}&`, headers: cast.buyer.headers },
      { url: '/seller?', headers: cast.admin.headers },
      { url: '/buyer?', headers: cast.admin.headers },
    ];
    for (const { url, headers } of lists) {
      for (const query of ['limit=0', 'limit=201', 'limit=x', 'cursor=%%%', `cursor=${cursorOf({ s: 'created_asc', k: 'x', i: hexId(1) })}`]) {
        await badRequest(`${url}${query}`, headers);
      }
      expect((await get(`${url}limit=200`, headers)).statusCode).toBe(200);
    }
  });

  it('do not let paging get round sign-in or ownership', async () => {
    expect((await t.app.inject({ url: '/bookCatagoriesId/four?limit=1' })).statusCode).toBe(401);
    expect((await get(`/bookings?email=${cast.seller.email}&limit=1`)).statusCode).toBe(403);
    expect((await get('/products?limit=1')).statusCode).toBe(403);
    expect((await get('/mybuyers?limit=1')).statusCode).toBe(403);
  });
});

describe("a seller's products", () => {
  it('page by page, sold ones included, only the caller\'s, capped at 200 without parameters', async () => {
    const seller = await signUp(t.app, 'bulk-seller@test.dev', 'seller');
    const made = await insertBooks(t.testDb.db, { category: 'four', sellerId: seller.id, count: 203, firstId: 0x3000 });
    await t.testDb.db.query('update books set sold = true where id = $1', [made[0]]);

    const capped = await get('/products', seller.headers);
    expect(capped.json<Row[]>()).toHaveLength(200);
    expect(ids(capped.json<Row[]>())[0]).toBe(made[0]);
    expect(capped.json<Array<{ sold: boolean }>>()[0].sold).toBe(true);
    expect(nextLink(capped)?.searchParams.get('limit')).toBe('200');

    const pages = await walk<Row>(t.app, '/products?limit=50', seller.headers);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 50, 50, 3]);
    expect(ids(pages.flat())).toEqual([...made].sort());
  });
});

describe("a buyer's bookings", () => {
  it('page by page, the link keeping the email, capped at 200 without parameters', async () => {
    const buyer = await signUp(t.app, 'bulk-buyer@test.dev');
    const bookIds = await insertBooks(t.testDb.db, { category: 'four', sellerId: cast.otherSeller.id, count: 201, firstId: 0x4000 });
    await insertBookings(t.testDb.db, { buyer, bookIds, firstId: 0x5000 });
    const latest = await bookingOf(t.app, buyer, await addProduct(t.app, cast.seller, { name: 'Fresh' }));

    const capped = await get(`/bookings?email=${buyer.email}`, buyer.headers);
    expect(capped.json<Row[]>()).toHaveLength(200);
    const next = nextLink(capped)!;
    expect(next.pathname).toBe('/bookings');
    expect(next.searchParams.get('email')).toBe(buyer.email);
    const rest = await get(injectable(next), buyer.headers);
    expect(ids(rest.json<Row[]>())).toEqual([hexId(0x5000 + 201), latest]);
    expect(rest.headers.link).toBeUndefined();

    const pages = await walk<Row>(t.app, `/bookings?email=${encodeURIComponent(buyer.email)}&limit=100`, buyer.headers);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 2]);
  });

  it('answers an empty list without a link for a buyer without bookings', async () => {
    const newcomer = await signUp(t.app, 'newcomer@test.dev');
    const response = await get(`/bookings?email=${newcomer.email}&limit=5`, newcomer.headers);
    expect(response.json()).toEqual([]);
    expect(response.headers.link).toBeUndefined();
  });
});

describe('CORS', () => {
  it('lets the client read the Link and X-Total-Count headers', async () => {
    const response = await t.app.inject({ url: '/bookCatagoriesId/bulk?limit=1', headers: { ...cast.buyer.headers, origin: 'http://127.0.0.1:8080' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(String(response.headers['access-control-expose-headers']).toLowerCase().split(',').map((h) => h.trim())).toEqual(
      expect.arrayContaining(['link', 'x-total-count']),
    );
  });
});
