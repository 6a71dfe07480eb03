import { scoreOf } from '../src/repositories/scores';
import { addProduct, signUp, type Actor, type TestApp } from './helper';
import { MINUTE, move, orderShop, type MovableClock } from './orderSupport';
import {
  completedOrder, paidOrder, postReview, reviewsOf, shippedBook, userReviews, type WireScore,
} from './reviewSupport';

/**
 * Scores (server/src/reviews/README.md): a user's reviews and orders as a seller and as a buyer,
 * on the wire with every book and with the bookings their seller reads; hidden reviews and hidden
 * listings leave them.
 */
let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let otherBuyer: Actor;

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop());
  otherBuyer = await signUp(t.app, 'other-buyer@test.dev', 'Buyer');
});
afterAll(() => t.close());

interface WireBook { _id: string; sellerScore: WireScore }

/** Completed orders with both reviews posted a minute apart: the buyers' ratings of the seller, in order. */
async function reviewedOrders(ratings: number[], by: Actor[] = [buyer]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, rating] of ratings.entries()) {
    const from = by[index % by.length];
    clock.advance(MINUTE);
    const bookingId = await completedOrder(t, from, seller);
    expect((await postReview(t.app, from, bookingId, { rating, comment: `Order ${index}` })).statusCode).toBe(201);
    expect((await postReview(t.app, seller, bookingId, { rating: 5 })).statusCode).toBe(201);
    ids.push(bookingId);
  }
  return ids;
}

describe('a user’s reviews and score', () => {
  let orders: string[];
  beforeAll(async () => {
    orders = await reviewedOrders([5, 4, 2, 4, 5], [buyer, otherBuyer]);
    // And one refunded: five of the seller's six ended orders completed.
    const refunded = await paidOrder(t, buyer, seller);
    expect((await move(t.app, seller, refunded, { to: 'refunded', reason: 'Lost it' })).statusCode).toBe(200);
  });

  it('pages the shown reviews newest first, with the score over all of them', async () => {
    const first = await userReviews(t.app, seller.id, '?limit=2');
    expect(first.body).toMatchObject({ average: 4, count: 5, completedShare: 5 / 6 });
    expect(first.body.reviews.map((review) => review.comment)).toEqual(['Order 4', 'Order 3']);
    expect(first.link).toMatch(new RegExp(`^<http://[^>]+/users/${seller.id}/reviews\\?as=seller&limit=2&cursor=[\\w-]+>; rel="next"$`));
    const next = /<[^>]+(\?[^>]+)>/.exec(first.link ?? '')?.[1] ?? '';
    const second = await userReviews(t.app, seller.id, next);
    expect(second.body.reviews.map((review) => review.comment)).toEqual(['Order 2', 'Order 1']);
    const last = await userReviews(t.app, seller.id, /<[^>]+(\?[^>]+)>/.exec(second.link ?? '')?.[1] ?? '');
    expect(last.body.reviews.map((review) => review.comment)).toEqual(['Order 0']);
    expect(last.link).toBeUndefined();
    // As buyers: the seller's reviews of them, and their own orders.
    expect((await userReviews(t.app, buyer.id, '?as=buyer')).body).toMatchObject({ average: 5, count: 3, completedShare: 3 / 4 });
    expect((await userReviews(t.app, otherBuyer.id, '?as=buyer')).body).toMatchObject({ average: 5, count: 2, completedShare: 1 });
    // Nobody reviewed the seller as a buyer.
    expect((await userReviews(t.app, seller.id, '?as=buyer')).body).toEqual({ average: null, count: 0, completedShare: null, reviews: [] });
  });

  it('refuses an unknown user (404), a bad `as` or cursor (400)', async () => {
    expect((await t.app.inject({ url: '/users/0123456789abcdef01234567/reviews' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/users/${seller.id}/reviews?as=admin` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/users/${seller.id}/reviews?cursor=bm90LWEtY3Vyc29y` })).statusCode).toBe(400);
  });

  it('leaves a hidden review out of the list and the score; its author still reads it', async () => {
    const [hiddenOne] = await t.testDb.db.query<{ id: string }>(
      "update reviews set hidden_at = now() where booking_id = $1 and role = 'buyer' returning id",
      [orders[2]],
    );
    const list = (await userReviews(t.app, seller.id)).body;
    expect(list).toMatchObject({ average: 4.5, count: 4 });
    expect(list.reviews.map((review) => review._id)).not.toContain(hiddenOne.id);
    expect((await reviewsOf(t.app, buyer, orders[2])).mine).toMatchObject({ _id: hiddenOne.id, rating: 2 });
    expect((await reviewsOf(t.app, seller, orders[2])).theirs).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `/reviews/${hiddenOne.id}/reply`, headers: seller.headers, payload: { text: 'No' } })).statusCode).toBe(404);
    await t.testDb.db.query('update reviews set hidden_at = null where id = $1', [hiddenOne.id]);
    expect((await userReviews(t.app, seller.id)).body).toMatchObject({ average: 4, count: 5 });
  });

  it('travels with every book of the seller, and with the bookings the seller reads', async () => {
    const bookId = await shippedBook(t.app, seller, { category: 'history' });
    const expected = { average: 4, count: 5, completedShare: 5 / 6 };
    const category = (await t.app.inject({ url: '/bookCatagoriesId/history', headers: buyer.headers })).json<WireBook[]>();
    expect(category.find((book) => book._id === bookId)?.sellerScore).toEqual(expected);
    const everything = (await t.app.inject({ url: '/bookCatagoriesId', headers: buyer.headers })).json<WireBook[]>();
    expect(everything.find((book) => book._id === bookId)?.sellerScore).toEqual(expected);
    expect((await t.app.inject({ url: `/books/${bookId}` })).json<WireBook>().sellerScore).toEqual(expected);
    const found = (await t.app.inject({ url: `/books/search?seller=${seller.id}` })).json<{ items: WireBook[] }>();
    expect(found.items.map((book) => book.sellerScore)).toEqual(found.items.map(() => expected));
    expect((await t.app.inject({ url: `/sellers/${seller.id}` })).json()).toMatchObject({ sellerScore: expected });
    // A seller without reviews or orders.
    const newcomer = await signUp(t.app, 'newcomer@test.dev', 'seller');
    const theirs = await addProduct(t.app, newcomer, { category: 'history' });
    expect((await t.app.inject({ url: `/books/${theirs}` })).json<WireBook>().sellerScore).toEqual({ average: null, count: 0, completedShare: null });

    // The buyer's score: to the seller and an admin, never to the buyer.
    const buyerScore = { average: 5, count: 3, completedShare: 3 / 4 };
    const order = orders[0];
    const asSeller = (await t.app.inject({ url: `/bookings/${order}`, headers: seller.headers })).json<{ buyerScore?: WireScore }>();
    expect(asSeller.buyerScore).toEqual(buyerScore);
    expect((await t.app.inject({ url: `/bookings/${order}`, headers: admin.headers })).json()).toMatchObject({ buyerScore });
    expect((await t.app.inject({ url: `/bookings/${order}`, headers: buyer.headers })).json()).not.toHaveProperty('buyerScore');
    const mybuyers = (await t.app.inject({ url: '/mybuyers', headers: seller.headers })).json<{ _id: string; buyerScore: WireScore }[]>();
    expect(mybuyers.find((row) => row._id === order)?.buyerScore).toEqual(buyerScore);
    expect(mybuyers.find((row) => row._id === orders[1])?.buyerScore).toEqual({ average: 5, count: 2, completedShare: 1 });
    const own = (await t.app.inject({ url: `/bookings?email=${buyer.email}`, headers: buyer.headers })).json<object[]>();
    expect(own.every((row) => !('buyerScore' in row))).toBe(true);
  });

  it('changes the kept book pages the moment a score changes', async () => {
    const bookId = await shippedBook(t.app, seller, { category: 'science' });
    const scoreOnPage = async () =>
      (await t.app.inject({ url: '/bookCatagoriesId/science', headers: buyer.headers })).json<WireBook[]>().find((book) => book._id === bookId)?.sellerScore;
    const before = await scoreOnPage();
    await reviewedOrders([1]);
    expect(await scoreOnPage()).toEqual({ ...before, average: 3.5, count: 6, completedShare: 6 / 7 });
  });
});

describe('a score from its counts', () => {
  it('averages to one decimal, halves up as the exact quotient has them, and shares the ended orders', () => {
    expect(scoreOf({ score_counts: [20, 83, 0, 0] })).toEqual({ average: 4.2, count: 20, completedShare: null });
    expect(scoreOf({ score_counts: [3, 13, 2, 1] })).toEqual({ average: 4.3, count: 3, completedShare: 2 / 3 });
    expect(scoreOf({ score_counts: [0, 0, 0, 4] })).toEqual({ average: null, count: 0, completedShare: 0 });
    expect(scoreOf({ score_counts: null })).toEqual({ average: null, count: 0, completedShare: null });
  });
});

describe('hidden listings', () => {
  it('leave every list and search; their page is 404; their seller still has them in My Products', async () => {
    const [hidden, suspended, shown] = [
      await shippedBook(t.app, seller, { name: 'Hidden Zebra Atlas', category: 'fiction' }),
      await shippedBook(t.app, seller, { name: 'Suspended Zebra Atlas', category: 'fiction' }),
      await shippedBook(t.app, seller, { name: 'Shown Zebra Atlas', category: 'fiction' }),
    ];
    await t.app.inject({ method: 'PUT', url: `/favourites/${hidden}`, headers: buyer.headers });
    const forSaleBefore = (await t.app.inject({ url: `/sellers/${seller.id}` })).json<{ booksForSale: number }>().booksForSale;
    await t.testDb.db.query('update books set hidden_at = now() where id = $1', [hidden]);
    await t.testDb.db.query('update books set seller_suspended = true where id = $1', [suspended]);

    const ids = async (url: string) => (await t.app.inject({ url, headers: buyer.headers })).json<{ _id: string }[]>().map((book) => book._id);
    for (const url of ['/bookCatagoriesId/fiction', '/bookCatagoriesId']) {
      const listed = await ids(url);
      expect([url, listed.includes(shown), listed.includes(hidden), listed.includes(suspended)]).toEqual([url, true, false, false]);
    }
    for (const query of ['q=zebra%20atlas', 'q=zebre%20atlas', `seller=${seller.id}`, 'category=fiction&sort=price_asc']) {
      const found = (await t.app.inject({ url: `/books/search?${query}&limit=100` })).json<{ items: { _id: string }[]; total: number }>();
      const listed = found.items.map((book) => book._id);
      expect([query, listed.includes(shown), listed.includes(hidden), listed.includes(suspended)]).toEqual([query, true, false, false]);
    }
    expect((await t.app.inject({ url: '/books/search?q=zebra%20atlas' })).json()).toMatchObject({ total: 1 });
    for (const id of [hidden, suspended]) {
      expect((await t.app.inject({ url: `/books/${id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/books/${id}`, headers: admin.headers })).statusCode).toBe(404);
      const booking = await t.app.inject({ method: 'POST', url: '/bookings', headers: buyer.headers, payload: { bookId: id, email: buyer.email } });
      expect(booking.statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: `/sellers/${seller.id}` })).json()).toMatchObject({ booksForSale: forSaleBefore - 2 });
    const favourites = (await t.app.inject({ url: '/favourites', headers: buyer.headers })).json<{ bookId: string }[]>();
    expect(favourites.map((favourite) => favourite.bookId)).not.toContain(hidden);
    // The seller (and an admin) still reach them.
    const products = (await t.app.inject({ url: '/products', headers: seller.headers })).json<{ _id: string }[]>().map((product) => product._id);
    expect(products).toEqual(expect.arrayContaining([hidden, suspended, shown]));
    expect((await t.app.inject({ url: `/products/${hidden}`, headers: seller.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/products/${suspended}`, headers: admin.headers })).statusCode).toBe(200);
  });
});

describe('the cost of scores', () => {
  it('is no query more: a page of 100 books of 100 sellers, scores included, is one statement', async () => {
    const { db } = t.testDb;
    await db.query(`insert into categories (id, name, category_id, category, img, position) values ($1, 'Bulk', '99', 'bulk', '/x.png', 99)`, [
      'f'.repeat(24),
    ]);
    await db.query(
      `insert into users (id, name, email, role) select lpad(to_hex(4096 + g), 24, '0'), 'Seller ' || g, 'bulk' || g || '@test.dev', 'seller'
       from generate_series(1, 100) g`,
    );
    await db.query(
      `insert into user_scores (user_id, seller_ratings, seller_rating_sum, seller_completed, seller_refunded)
       select lpad(to_hex(4096 + g), 24, '0'), g, 4 * g, g, 1 from generate_series(1, 100) g`,
    );
    await db.query(
      `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
         seller_name, number, uses, date, created_at)
       select lpad(to_hex(65536 + g), 24, '0'), 'bulk', 'Bulk ' || g, '/x.png', 'Here', 100, 200, lpad(to_hex(4096 + g), 24, '0'),
         'bulk' || g || '@test.dev', 'Seller ' || g, '1', '1 year', '2026-01-01', now() + g * interval '1 second'
       from generate_series(1, 100) g`,
    );
    // The caller's account is read (and kept) first, as on any earlier request.
    await t.app.inject({ url: '/bookCatagories', headers: buyer.headers });
    await t.app.inject({ url: '/wants', headers: buyer.headers });
    const query = jest.spyOn(db, 'query');
    const transaction = jest.spyOn(db, 'transaction');
    try {
      const page = await t.app.inject({ url: '/bookCatagoriesId/bulk?limit=100', headers: buyer.headers });
      const books = page.json<WireBook[]>();
      expect(books).toHaveLength(100);
      expect(books.every((book) => book.sellerScore.count > 0 && book.sellerScore.average === 4)).toBe(true);
      expect(query.mock.calls.length + transaction.mock.calls.length).toBe(1);
      query.mockClear();
      const found = await t.app.inject({ url: '/books/search?q=bulk&limit=100', headers: buyer.headers });
      expect(found.json<{ items: WireBook[] }>().items).toHaveLength(100);
      // A search by words may first ask the planner how many books they match (rankWindow.ts): an
      // `explain`, which reads no row; where the database answers queries at once, the first
      // page's count is asked beside the page (bookSearch.ts). Besides those, the page and its
      // scores are one statement.
      const explains = query.mock.calls.filter(([sql]) => /^\s*explain\b/i.test(sql));
      const counts = query.mock.calls.filter(([sql]) => /^\s*select count\(\*\)::int as total\b/i.test(sql));
      expect(explains.length).toBeLessThanOrEqual(1);
      expect(counts.length).toBe(db.concurrent === true ? 1 : 0);
      expect(query.mock.calls.length - explains.length - counts.length + transaction.mock.calls.length).toBe(1);
    } finally {
      query.mockRestore();
      transaction.mockRestore();
    }
  });
});
