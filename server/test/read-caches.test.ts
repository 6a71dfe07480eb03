import { categoriesRepository } from '../src/repositories/categories';
import { addProduct, bookingOf, buildTestApp, pay, signUp, signUpCast, type Actor, type TestApp } from './helper';

/**
 * The catalogue and the signed-in users are read from memory (src/plugins/caches.ts). Each test
 * reads first (so the answer is kept), changes something through a route or straight in the
 * database, and requires the very next read to show the change.
 */
let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

interface WireBook { _id: string; name: string; verified: boolean }

const categories = (headers: Record<string, string> = {}) => t.app.inject({ url: '/bookCatagories', headers });
const page = (url: string, who: Actor = cast.buyer, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...who.headers, ...headers } });
const idsOn = async (url: string, who: Actor = cast.buyer) => (await page(url, who)).json<WireBook[]>().map((entry) => entry._id);

/** How many statements and transactions `work` sent to the database. */
async function databaseCallsDuring(work: () => Promise<unknown>): Promise<number> {
  const query = jest.spyOn(t.testDb.db, 'query');
  const transaction = jest.spyOn(t.testDb.db, 'transaction');
  try {
    await work();
    return query.mock.calls.length + transaction.mock.calls.length;
  } finally {
    query.mockRestore();
    transaction.mockRestore();
  }
}

describe('answers kept in memory', () => {
  it('are read from the database once, then served as they were', async () => {
    const first = await categories();
    expect(await databaseCallsDuring(async () => {
      const again = await categories();
      expect(again.body).toBe(first.body);
    })).toBe(0);
    await page('/bookCatagoriesId/history');
    expect(await databaseCallsDuring(() => page('/bookCatagoriesId/history'))).toBe(0);
  });

  it('carry a strong ETag; a client holding it gets 304 with no body', async () => {
    const first = await categories();
    expect(first.headers).toMatchObject({ etag: expect.stringMatching(/^"[\w-]+"$/), 'cache-control': 'no-cache' });
    const etag = String(first.headers.etag);
    for (const held of [etag, `W/${etag}`, `"something-else", ${etag}`]) {
      const again = await categories({ 'if-none-match': held });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const other = await categories({ 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it("keep a book page's next link, and answer 304 to signed-in callers only", async () => {
    const first = await page('/bookCatagoriesId?limit=2');
    expect(first.headers).toMatchObject({ link: expect.stringContaining('rel="next"'), 'cache-control': 'private, no-cache' });
    const etag = String(first.headers.etag);
    const held = await page('/bookCatagoriesId?limit=2', cast.seller, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.headers.link).toBe(first.headers.link);
    // Without a token the ETag proves nothing: 401, as before anything was kept.
    const visitor = await t.app.inject({ url: '/bookCatagoriesId?limit=2', headers: { 'if-none-match': etag } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers.etag).toBeUndefined();
  });

  it('are the same bytes for every signed-in caller (they hold nothing of the caller)', async () => {
    const [buyers, sellers] = [await page('/bookCatagoriesId/fiction'), await page('/bookCatagoriesId/fiction', cast.otherSeller)];
    expect(sellers.body).toBe(buyers.body);
    expect(sellers.headers.etag).toBe(buyers.headers.etag);
  });

  it('still refuse a bad cursor with 400, kept or not', async () => {
    for (let i = 0; i < 2; i += 1) expect((await page('/bookCatagoriesId/fiction?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });
});

describe('a change shows on the very next read', () => {
  it('a new product, in its category and in all books, with a new ETag', async () => {
    const before = await page('/bookCatagoriesId/science');
    await idsOn('/bookCatagoriesId');
    const id = await addProduct(t.app, cast.seller, { category: 'science', name: 'Cache Buster' });
    const after = await page('/bookCatagoriesId/science');
    expect(after.json<WireBook[]>().map((entry) => entry._id)).toContain(id);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await page('/bookCatagoriesId/science', cast.buyer, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
    expect(await idsOn('/bookCatagoriesId')).toContain(id);
  });

  it('a deleted product, by its seller or by an admin', async () => {
    const mine = await addProduct(t.app, cast.seller, { name: 'Withdrawn by seller' });
    const theirs = await addProduct(t.app, cast.otherSeller, { name: 'Withdrawn by admin' });
    expect(await idsOn('/bookCatagoriesId/fiction')).toEqual(expect.arrayContaining([mine, theirs]));
    await t.app.inject({ method: 'DELETE', url: `/products/${mine}`, headers: cast.seller.headers });
    expect(await idsOn('/bookCatagoriesId/fiction')).not.toContain(mine);
    await t.app.inject({ method: 'DELETE', url: `/products/${theirs}`, headers: cast.admin.headers });
    expect(await idsOn('/bookCatagoriesId/fiction')).not.toContain(theirs);
  });

  it('a sold book (paid), while a booked one stays', async () => {
    const id = await addProduct(t.app, cast.seller, { name: 'Sold From Memory' });
    expect(await idsOn('/bookCatagoriesId/fiction')).toContain(id);
    const bookingId = await bookingOf(t.app, cast.buyer, id);
    expect(await idsOn('/bookCatagoriesId/fiction')).toContain(id);
    expect((await pay(t.app, t.stripe, cast.buyer, bookingId)).response.statusCode).toBe(200);
    expect(await idsOn('/bookCatagoriesId/fiction')).not.toContain(id);
    expect(await idsOn('/bookCatagoriesId')).not.toContain(id);
  });

  it("a seller's verified tick, once an admin makes them admin", async () => {
    const seller = await signUp(t.app, 'soon-verified@test.dev', 'seller');
    const id = await addProduct(t.app, seller, { name: 'Verified Later' });
    const tick = async () => (await page('/bookCatagoriesId/fiction')).json<WireBook[]>().find((entry) => entry._id === id)?.verified;
    expect(await tick()).toBe(false);
    const promoted = await t.app.inject({ method: 'PUT', url: `/users/admin/${seller.id}`, headers: cast.admin.headers });
    expect(promoted.json()).toMatchObject({ modifiedCount: 1 });
    expect(await tick()).toBe(true);
  });

  it("a deleted seller's unsold books", async () => {
    const leaving = await signUp(t.app, 'leaving-seller@test.dev', 'seller');
    const id = await addProduct(t.app, leaving, { name: 'Leaves With Its Seller' });
    expect(await idsOn('/bookCatagoriesId/fiction')).toContain(id);
    const removed = await t.app.inject({ method: 'DELETE', url: `/users/admin/${leaving.id}`, headers: cast.admin.headers });
    expect(removed.json()).toMatchObject({ deletedCount: 1 });
    expect(await idsOn('/bookCatagoriesId/fiction')).not.toContain(id);
  });

  it('a new category, added straight in the database', async () => {
    const before = await categories();
    await categoriesRepository(t.testDb.db).insert({
      id: 'c0ffee000000000000000001', name: 'Poetry', category_id: '6', category: 'poetry', img: '/image-host/i/poetry.svg', position: 99,
    });
    const after = await categories();
    expect(after.json<Array<{ category: string }>>().map((entry) => entry.category)).toContain('poetry');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('any change made straight in the database, not only through the routes', async () => {
    const id = await addProduct(t.app, cast.seller, { name: 'Named Once' });
    await page('/bookCatagoriesId/fiction');
    await t.testDb.db.query("update books set name = 'Named Twice' where id = $1", [id]);
    const names = (await page('/bookCatagoriesId/fiction')).json<WireBook[]>().filter((entry) => entry._id === id).map((entry) => entry.name);
    expect(names).toEqual(['Named Twice']);
    await t.testDb.db.transaction(async (tx) => {
      await tx.query('delete from books where id = $1', [id]);
    });
    expect(await idsOn('/bookCatagoriesId/fiction')).not.toContain(id);
  });

  it('and a change that was rolled back leaves the answer as it was', async () => {
    const before = await page('/bookCatagoriesId/fiction');
    await expect(t.testDb.db.transaction(async (tx) => {
      await tx.query("update books set name = 'Never Committed' where category = 'fiction'");
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    const after = await page('/bookCatagoriesId/fiction');
    expect(after.body).toBe(before.body);
  });
});

describe('signed-in users read from memory', () => {
  it('lose seller rights at the next request when demoted in the database', async () => {
    const seller = await signUp(t.app, 'demoted-seller@test.dev', 'seller');
    expect((await t.app.inject({ url: '/products', headers: seller.headers })).statusCode).toBe(200);
    await t.testDb.db.query("update users set role = 'Buyer' where id = $1", [seller.id]);
    expect((await t.app.inject({ url: '/products', headers: seller.headers })).statusCode).toBe(403);
  });

  it('are refused at the next request once deleted, while others stay signed in', async () => {
    const leaving = await signUp(t.app, 'deleted-reader@test.dev');
    expect((await page('/bookCatagoriesId/fiction', leaving)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/users/admin/${leaving.id}`, headers: cast.admin.headers });
    expect((await page('/bookCatagoriesId/fiction', leaving)).statusCode).toBe(401);
    expect((await page('/bookCatagoriesId/fiction', cast.buyer)).statusCode).toBe(200);
  });

  it("are each their own: a buyer kept in memory next to a seller gets no seller's rights", async () => {
    expect((await t.app.inject({ url: '/products', headers: cast.seller.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/products', headers: cast.buyer.headers })).statusCode).toBe(403);
    const own = await t.app.inject({ url: `/users/seller/${cast.buyer.email}`, headers: cast.buyer.headers });
    expect(own.json()).toEqual({ isSeller: false });
  });
});
