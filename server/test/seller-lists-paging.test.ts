import { addProduct, bookingOf, buildTestApp, pay, signUp, signUpCast, type Actor, type TestApp } from './helper';
import { hexId, injectable, insertBookings, insertBooks, insertCategory, nextLink, walk } from './pagingSupport';

/** A seller's lists: the buyers of their books (GET /mybuyers) and their products' total. */

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
/** A seller with 203 books, each booked once by `cast.buyer`, a second apart. */
let bulkSeller: Actor;
let bulkBookings: string[];
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
  await insertCategory(t.testDb.db, 'shelf', 1);
  bulkSeller = await signUp(t.app, 'bulk-shop@test.dev', 'seller');
  const bookIds = await insertBooks(t.testDb.db, { category: 'shelf', sellerId: bulkSeller.id, count: 203, firstId: 0x1000 });
  bulkBookings = await insertBookings(t.testDb.db, { buyer: cast.buyer, bookIds, firstId: 0x2000 });
  // Someone else's book booked by the same buyer: never on the bulk seller's list.
  await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.otherSeller, { name: 'Not theirs' }));
});
afterAll(() => t.close());

interface Row {
  _id: string;
}
const ids = (rows: Row[]) => rows.map((row) => row._id);
const get = (url: string, headers: Actor['headers']) => t.app.inject({ url, headers });

describe("the seller's buyers (GET /mybuyers)", () => {
  it('answer a plain array of at most 200 without parameters, oldest first, and link to the rest', async () => {
    const capped = await get('/mybuyers', bulkSeller.headers);
    expect(capped.statusCode).toBe(200);
    expect(ids(capped.json<Row[]>())).toEqual(bulkBookings.slice(0, 200));
    const next = nextLink(capped)!;
    expect(next.origin).toBe('http://127.0.0.1:5000');
    expect(next.pathname).toBe('/mybuyers');
    expect([...next.searchParams.keys()]).toEqual(['limit', 'cursor']);
    expect(next.searchParams.get('limit')).toBe('200');

    const rest = await get(injectable(next), bulkSeller.headers);
    expect(ids(rest.json<Row[]>())).toEqual(bulkBookings.slice(200));
    expect(rest.headers.link).toBeUndefined();
  });

  it('walk page by page with a limit, each booking once, only those of the caller\'s books', async () => {
    const pages = await walk<Row>(t.app, '/mybuyers?limit=50', bulkSeller.headers);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 50, 50, 3]);
    expect(ids(pages.flat())).toEqual(bulkBookings);
  });

  it('carry the booking as the list always did (plus whether its book was withdrawn)', async () => {
    const [first] = (await get('/mybuyers?limit=1', bulkSeller.headers)).json<Array<Record<string, unknown>>>();
    expect(first).toEqual({
      _id: bulkBookings[0],
      bookId: hexId(0x1001),
      bookName: 'Bulk 1',
      cusTomername: 'Bulk Buyer',
      email: cast.buyer.email,
      location: 'Here',
      phone: '1',
      resale_price: 5,
      paid: false,
      img: 'https://img.example/b.png',
      withdrawn: false,
      // The order it is: booked, a meet-up, read by its seller, who may do nothing yet.
      state: 'booked',
      delivery: { method: 'meetup' },
      // An order of one book is its own line, with nothing taken off.
      lines: [{ bookId: hexId(0x1001), name: 'Bulk 1', price: 5 }],
      discount: 0,
      shipping_price: 0,
      total: 5,
      timeline: [],
      deadline: null,
      viewer: 'seller',
      actions: [],
      sellerName: '',
      // $5.00 less the least commission, $0.50.
      sellerReceives: 4.5,
      // The buyer has no reviews or ended orders yet.
      buyerScore: { average: null, count: 0, completedShare: null },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('order bookings made in the same instant by id, and end on an exact last page without a link', async () => {
    const seller = await signUp(t.app, 'same-instant@test.dev', 'seller');
    const bookIds = await insertBooks(t.testDb.db, { category: 'shelf', sellerId: seller.id, count: 4, firstId: 0x3000 });
    const made = await insertBookings(t.testDb.db, { buyer: cast.buyer, bookIds, firstId: 0x4000, secondsApart: 0 });
    expect(made).toEqual([1, 2, 3, 4].map((n) => hexId(0x4000 + n)));

    const first = await get('/mybuyers?limit=2', seller.headers);
    expect(ids(first.json<Row[]>())).toEqual(made.slice(0, 2));
    const second = await get(injectable(nextLink(first)!), seller.headers);
    expect(ids(second.json<Row[]>())).toEqual(made.slice(2));
    expect(second.headers.link).toBeUndefined();
  });

  it('keep paid bookings, and go on after a cursor whose booking was cancelled meanwhile', async () => {
    const seller = await signUp(t.app, 'cancelled@test.dev', 'seller');
    const made: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) made.push(await bookingOf(t.app, cast.buyer, await addProduct(t.app, seller, { name })));
    expect((await pay(t.app, t.stripe, cast.buyer, made[0])).response.statusCode).toBe(200);

    const first = await get('/mybuyers?limit=2', seller.headers);
    expect(first.json<Array<Row & { paid: boolean }>>().map(({ _id, paid }) => ({ _id, paid }))).toEqual([
      { _id: made[0], paid: true },
      { _id: made[1], paid: false },
    ]);
    // The booking the cursor points at goes, and so does the next one.
    for (const id of made.slice(1, 3)) {
      expect((await t.app.inject({ method: 'DELETE', url: `/bookings/${id}`, headers: cast.buyer.headers })).statusCode).toBe(200);
    }
    const second = await get(injectable(nextLink(first)!), seller.headers);
    expect(ids(second.json<Row[]>())).toEqual([made[3]]);
    expect(second.headers.link).toBeUndefined();
  });

  it('answer an empty list without a link to a seller nobody booked from, cursor or not', async () => {
    const cursor = nextLink(await get('/mybuyers?limit=1', bulkSeller.headers))!.searchParams.get('cursor')!;
    for (const url of ['/mybuyers', '/mybuyers?limit=5', `/mybuyers?cursor=${cursor}`]) {
      const response = await get(url, cast.seller.headers);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 200, body: [] });
      expect(response.headers.link).toBeUndefined();
    }
  });

  it('answer 400 with a JSON message for a limit out of range or a cursor the API did not hand out', async () => {
    const otherSort = Buffer.from(JSON.stringify({ s: 'name_asc', k: 'ada', i: hexId(1) })).toString('base64url');
    const notATime = Buffer.from(JSON.stringify({ s: 'created_asc', k: 'yesterday', i: hexId(1) })).toString('base64url');
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'limit=1.5', 'cursor=', 'cursor=!!!', `cursor=${notATime}`, `cursor=${otherSort}`]) {
      const response = await get(`/mybuyers?${query}`, bulkSeller.headers);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect((await get('/mybuyers?limit=200', bulkSeller.headers)).statusCode).toBe(200);
  });

  it('stay a seller\'s list: a buyer is refused, paging or not, and so is a call without a token', async () => {
    expect((await get('/mybuyers?limit=1', cast.buyer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/mybuyers?limit=1' })).statusCode).toBe(401);
  });
});

describe("a seller's products (GET /products)", () => {
  it('tell their total in X-Total-Count on every page, sold ones included', async () => {
    const seller = await signUp(t.app, 'counted@test.dev', 'seller');
    const made = await insertBooks(t.testDb.db, { category: 'shelf', sellerId: seller.id, count: 5, firstId: 0x5000 });
    await t.testDb.db.query('update books set sold = true where id = $1', [made[4]]);

    const first = await get('/products?limit=2', seller.headers);
    expect(first.headers['x-total-count']).toBe('5');
    const pages = await walk<Row>(t.app, '/products?limit=2', seller.headers);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const last = await get(injectable(nextLink(await get(injectable(nextLink(first)!), seller.headers))!), seller.headers);
    expect(ids(last.json<Row[]>())).toEqual([made[4]]);
    expect(last.headers['x-total-count']).toBe('5');

    const newcomer = await signUp(t.app, 'no-products@test.dev', 'seller');
    expect((await get('/products', newcomer.headers)).headers['x-total-count']).toBe('0');
  });
});
