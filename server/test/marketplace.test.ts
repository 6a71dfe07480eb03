import { addProduct, book, bookingOf, buildTestApp, signUpCast, type TestApp } from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

interface WireBook { _id: string; name: string; resale_price: number; seller_name: string; verified: boolean; img: string }

const booksOf = async (category: string) =>
  (await t.app.inject({ url: `/bookCatagoriesId/${category}`, headers: cast.buyer.headers })).json<WireBook[]>();

describe('catalogue', () => {
  it('lists the seeded categories publicly with absolute image URLs', async () => {
    const response = await t.app.inject({ url: '/bookCatagories' });
    expect(response.statusCode).toBe(200);
    const categories = response.json<Array<{ category: string; img: string }>>();
    expect(categories.map((c) => c.category)).toEqual(['fiction', 'science', 'history', 'children', 'programming']);
    expect(categories[0].img).toBe('http://127.0.0.1:5000/image-host/i/category-fiction.svg');
  });

  it('gives every seeded book every Book field, from a verified seller', async () => {
    const fiction = await booksOf('fiction');
    expect(fiction.length).toBeGreaterThanOrEqual(3);
    for (const entry of fiction) {
      expect(entry).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: expect.any(String), img: expect.stringMatching(/^http/),
        location: expect.any(String), resale_price: expect.any(Number), orginal_price: expect.any(Number),
        seller_name: 'Book Resale Store', number: expect.any(String), uses: expect.any(String),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), category: 'fiction', condition: expect.any(String),
        description: expect.any(String), verified: true, author: expect.stringMatching(/\w/),
        isbn: expect.stringMatching(/^97[89]\d{10}$/),
        // The shop hands its books over in person or posts them.
        delivery: { meetup: true, shipping: true, shippingPrice: 3.99 },
        // One photo each: the cover.
        images: [entry.img],
        // No reviews or orders yet.
        sellerScore: { average: null, count: 0, completedShare: null },
      });
    }
    const all = (await t.app.inject({ url: '/bookCatagoriesId', headers: cast.buyer.headers })).json<WireBook[]>();
    expect(all.length).toBeGreaterThanOrEqual(15);
  });

  it('needs sign-in for book lists and answers [] for an unknown category', async () => {
    expect((await t.app.inject({ url: '/bookCatagoriesId/fiction' })).statusCode).toBe(401);
    expect(await booksOf('poetry')).toEqual([]);
  });
});

describe('products', () => {
  it('puts a new product in its category list, filled from the seller record', async () => {
    const id = await addProduct(t.app, cast.seller, { category: 'science', name: 'Gödel, Escher, Bach', price: '15.5' });
    const listed = (await booksOf('science')).find((entry) => entry._id === id);
    expect(listed).toMatchObject({ name: 'Gödel, Escher, Bach', resale_price: 15.5, seller_name: 'seller', verified: false });
    const today = new Date().toISOString().slice(0, 10);
    expect(listed).toMatchObject({ date: today, number: '+1 555 0111' });
  });

  it("answers only the caller's products (hole: every seller's products)", async () => {
    const mine = await addProduct(t.app, cast.seller);
    const theirs = await addProduct(t.app, cast.otherSeller);
    const response = await t.app.inject({ url: '/products', headers: cast.seller.headers });
    const ids = response.json<Array<{ _id: string }>>().map((p) => p._id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(response.json()[0]).toEqual(expect.objectContaining({ price: expect.any(Number), phone: expect.any(String), image: expect.any(String), sold: false }));
  });

  it("refuses to delete another seller's product (hole: anyone deleted any product)", async () => {
    const theirs = await addProduct(t.app, cast.otherSeller);
    const attempt = await t.app.inject({ method: 'DELETE', url: `/products/${theirs}`, headers: cast.seller.headers });
    expect(attempt.statusCode).toBe(403);
    const byBuyer = await t.app.inject({ method: 'DELETE', url: `/products/${theirs}`, headers: cast.buyer.headers });
    expect(byBuyer.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'DELETE', url: `/products/${theirs}`, headers: cast.otherSeller.headers });
    expect(own.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/products/${theirs}`, headers: cast.otherSeller.headers })).statusCode).toBe(404);
  });

  it('refuses an unknown category', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/products', headers: cast.seller.headers, payload: { name: 'X', price: 5, phone: '1', location: 'Y', image: 'https://x.example/a.png', category: 'nope' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('bookings', () => {
  it('copies name, price and image from the book, never from the body', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 30, name: 'Real Title' });
    const bookingId = await bookingOf(t.app, cast.buyer, bookId); // the body claims price 0.01
    const booking = (await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.buyer.headers })).json();
    expect(booking).toMatchObject({ bookId, bookName: 'Real Title', resale_price: 30, paid: false, email: cast.buyer.email, img: 'https://images.example/dune.png' });
  });

  it('lists only the caller\'s own bookings', async () => {
    const response = await t.app.inject({ url: `/bookings?email=${cast.buyer.email}`, headers: cast.buyer.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().length).toBeGreaterThan(0);
    const spy = await t.app.inject({ url: `/bookings?email=${cast.buyer.email}`, headers: cast.seller.headers });
    expect(spy.statusCode).toBe(403);
  });

  it('keeps bookings private (hole: readable by id without auth)', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const bookingId = await bookingOf(t.app, cast.buyer, bookId);
    expect((await t.app.inject({ url: `/bookings/${bookingId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.otherSeller.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.admin.headers })).statusCode).toBe(200);
  });

  it('refuses booking your own book and booking for someone else', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    expect((await book(t.app, cast.seller, bookId)).statusCode).toBe(400);
    const forOther = await t.app.inject({ method: 'POST', url: '/bookings', headers: cast.buyer.headers, payload: { bookId, email: cast.seller.email } });
    expect(forOther.statusCode).toBe(403);
  });

  it('answers the open booking when the same book is booked twice, and says it was booked already', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const first = await book(t.app, cast.buyer, bookId);
    expect(first.json()).toEqual({ acknowledged: true, insertedId: expect.any(String), alreadyBooked: false });
    const again = await book(t.app, cast.buyer, bookId);
    expect(again.json()).toEqual({ acknowledged: true, insertedId: first.json().insertedId, alreadyBooked: true });
  });

  it('tells the seller how many buyers hold an open booking of each product', async () => {
    const booked = await addProduct(t.app, cast.seller, { name: 'Twice booked' });
    const quiet = await addProduct(t.app, cast.seller, { name: 'Not booked' });
    await bookingOf(t.app, cast.buyer, booked);
    await bookingOf(t.app, cast.admin, booked);
    // A repeat by the same buyer is one booking, not two.
    await bookingOf(t.app, cast.buyer, booked);
    const products = (await t.app.inject({ url: '/products', headers: cast.seller.headers })).json<Array<{ _id: string; openBookings: number }>>();
    expect(products.find((p) => p._id === booked)?.openBookings).toBe(2);
    expect(products.find((p) => p._id === quiet)?.openBookings).toBe(0);
  });

  it('makes one booking when the same booking is sent several times at once (a double click)', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(t.app, cast.buyer, bookId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((answer) => answer.json<{ insertedId: string }>().insertedId));
    expect(ids.size).toBe(1);
    const mine = (await t.app.inject({ url: `/bookings?email=${cast.buyer.email}`, headers: cast.buyer.headers }))
      .json<Array<{ _id: string; bookId: string }>>();
    expect(mine.filter((entry) => entry.bookId === bookId).map((entry) => entry._id)).toEqual([...ids]);
  });

  it('lets the buyer cancel an unpaid booking, nobody else', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const bookingId = await bookingOf(t.app, cast.buyer, bookId);
    expect((await t.app.inject({ method: 'DELETE', url: `/bookings/${bookingId}`, headers: cast.seller.headers })).statusCode).toBe(403);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/bookings/${bookingId}`, headers: cast.buyer.headers });
    expect(cancel.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it("shows a seller the bookings on their books only", async () => {
    const bookId = await addProduct(t.app, cast.otherSeller, { name: 'Only Mine' });
    await bookingOf(t.app, cast.buyer, bookId);
    const mine = (await t.app.inject({ url: '/mybuyers', headers: cast.otherSeller.headers })).json<Array<{ bookId: string }>>();
    expect(mine.map((b) => b.bookId)).toEqual([bookId]);
    const theirs = (await t.app.inject({ url: '/mybuyers', headers: cast.seller.headers })).json<Array<{ bookId: string }>>();
    expect(theirs.map((b) => b.bookId)).not.toContain(bookId);
  });

  it('deleting a product withdraws its unpaid bookings: the buyer still sees them, marked so, and cannot pay them', async () => {
    const bookId = await addProduct(t.app, cast.seller, { name: 'Soon withdrawn' });
    const bookingId = await bookingOf(t.app, cast.buyer, bookId);
    const gone = await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers });
    expect(gone.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    const one = await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.buyer.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: bookingId, bookName: 'Soon withdrawn', bookId: '', paid: false, withdrawn: true });
    const mine = (await t.app.inject({ url: `/bookings?email=${cast.buyer.email}`, headers: cast.buyer.headers })).json<
      Array<{ _id: string; withdrawn: boolean }>
    >();
    expect(mine.find((entry) => entry._id === bookingId)?.withdrawn).toBe(true);
    expect(mine.filter((entry) => entry._id !== bookingId).every((entry) => entry.withdrawn === false)).toBe(true);
    // Off the seller's list with the book; no payment can start; the buyer may remove it.
    const sellers = (await t.app.inject({ url: '/mybuyers', headers: cast.seller.headers })).json<Array<{ _id: string }>>();
    expect(sellers.map((entry) => entry._id)).not.toContain(bookingId);
    const intent = await t.app.inject({ method: 'POST', url: '/create-payment-intent', headers: cast.buyer.headers, payload: { bookingId, resale_price: 12 } });
    expect(intent.statusCode).toBe(409);
    expect(intent.json()).toEqual({ message: 'The seller withdrew this book' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/bookings/${bookingId}`, headers: cast.buyer.headers });
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });
});
