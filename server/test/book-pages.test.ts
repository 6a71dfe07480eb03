import { SEED_SELLER } from '../src/catalogue';
import { addProduct, bookingOf, buildTestApp, pay, signUpCast, type TestApp } from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('GET /books/:id', () => {
  it('answers the whole book to anyone, the phone number only to signed-in callers', async () => {
    const id = await addProduct(t.app, cast.seller, { name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', price: '8.5' });
    const visitor = await get(`/books/${id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({
      _id: id, name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', resale_price: 8.5, orginal_price: 20,
      condition: 'Good', description: 'Well kept', location: 'Tucson', seller_name: 'seller', verified: false, sold: false, sellerId: cast.seller.id,
    });
    expect(visitor.json()).not.toHaveProperty('number');
    expect((await get(`/books/${id}`, cast.buyer.headers)).json()).toMatchObject({ number: '+1 555 0111' });
  });

  it('says a sold book is sold, and a withdrawn one is gone (404)', async () => {
    const sold = await addProduct(t.app, cast.seller, { name: 'Sold Soon' });
    expect((await pay(t.app, t.stripe, cast.buyer, await bookingOf(t.app, cast.buyer, sold))).response.statusCode).toBe(200);
    expect((await get(`/books/${sold}`)).json()).toMatchObject({ sold: true });
    const withdrawn = await addProduct(t.app, cast.seller, { name: 'Withdrawn' });
    await t.app.inject({ method: 'DELETE', url: `/products/${withdrawn}`, headers: cast.seller.headers });
    const gone = await get(`/books/${withdrawn}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'This book is no longer listed' });
  });

  it('refuses a malformed id with 400', async () => {
    expect((await get('/books/not-an-id')).statusCode).toBe(400);
  });
});

describe('GET /sellers/:id', () => {
  it("answers a seller's name, tick, membership date and counts; their books come from search", async () => {
    const seller = await get(`/sellers/${cast.otherSeller.id}`);
    expect(seller.statusCode).toBe(200);
    expect(seller.json()).toEqual({
      _id: cast.otherSeller.id, name: 'other-seller', verified: false, memberSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      booksSold: 0, booksForSale: 0, sellerScore: { average: null, count: 0, completedShare: null },
    });
    await addProduct(t.app, cast.otherSeller, { name: 'Other One' });
    await addProduct(t.app, cast.otherSeller, { name: 'Other Two' });
    expect((await get(`/sellers/${cast.otherSeller.id}`)).json()).toMatchObject({ booksForSale: 2 });
    const books = (await get(`/books/search?seller=${cast.otherSeller.id}&sort=newest`)).json<{ items: { name: string }[]; total: number }>();
    expect(books.items.map((book) => book.name)).toEqual(['Other Two', 'Other One']);
    expect(books.total).toBe(2);
  });

  it('counts books sold, and shows the shop itself as verified', async () => {
    const profile = (await get(`/sellers/${cast.seller.id}`)).json<{ booksSold: number }>();
    expect(profile.booksSold).toBeGreaterThanOrEqual(1);
    const [store] = await t.testDb.db.query<{ id: string }>('select id from users where email = $1', [SEED_SELLER.email]);
    expect((await get(`/sellers/${store.id}`)).json()).toMatchObject({ name: SEED_SELLER.name, verified: true, booksForSale: 17 });
  });

  it('answers 404 for a buyer or an unknown id, 400 for a malformed one', async () => {
    expect((await get(`/sellers/${cast.buyer.id}`)).statusCode).toBe(404);
    expect((await get(`/sellers/${'0'.repeat(24)}`)).statusCode).toBe(404);
    expect((await get('/sellers/x')).statusCode).toBe(400);
  });
});
