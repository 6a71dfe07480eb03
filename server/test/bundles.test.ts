import { addProduct, pay, paymentIntentFor, signUp, type Actor, type TestApp } from './helper';
import { move, orderShop, orderAs } from './orderSupport';

let t: TestApp;
let buyer: Actor;
let seller: Actor;
let rival: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, buyer, seller } = await orderShop());
  rival = await signUp(t.app, 'rival@test.dev', 'Buyer');
});
afterAll(() => t.close());

/** A fresh book of `owner`'s at `price`, shipped at `shippingPrice` (and met up for); answers its id. */
const bookOf = (owner: Actor, price: number, shippingPrice = 4, overrides: Record<string, unknown> = {}) =>
  addProduct(t.app, owner, { name: `Bundled ${++counter}`, price, delivery: { meetup: true, shipping: true, shippingPrice }, ...overrides });


const setPolicy = (actor: Actor, payload: object) => t.app.inject({ method: 'PUT', url: '/shop-policy', headers: actor.headers, payload });
const addToBundle = (actor: Actor, sellerId: string, bookId: string) =>
  t.app.inject({ method: 'PUT', url: `/bundles/${sellerId}/books/${bookId}`, headers: actor.headers });
const bundleOf = async (actor: Actor, sellerId: string, query = '') => {
  const response = await t.app.inject({ url: `/bundles/${sellerId}${query}`, headers: actor.headers });
  expect(response.statusCode).toBe(200);
  return response.json<Bundle>();
};
const checkout = (actor: Actor, sellerId: string, delivery: object = { method: 'shipping', address: '1 Main St, Springfield' }) =>
  t.app.inject({
    method: 'POST', url: `/bundles/${sellerId}/checkout`, headers: actor.headers,
    payload: { email: actor.email, location: 'Springfield', phone: '555 0100', delivery },
  });

interface Bundle {
  seller: { id: string; name: string };
  books: { bookId: string; name: string; price: number }[];
  unavailable: { bookId: string; reason: string }[];
  deliveries: string[];
  delivery: string | null;
  subtotal: number;
  discount: number;
  discountPercent: number;
  shipping: number;
  total: number;
}

let sellerId: string;
beforeAll(async () => {
  sellerId = seller.id;
});

/** A new seller with a policy of $1.50 for each additional book and 10 % off 3 or more. */
async function shop(email: string) {
  const owner = await signUp(t.app, email, 'seller');
  const ownerId = owner.id;
  expect((await setPolicy(owner, { additionalShipping: 1.5, discounts: [{ minBooks: 3, percent: 10 }, { minBooks: 5, percent: 15 }] })).statusCode).toBe(200);
  return { owner, ownerId };
}

describe('a shop policy', () => {
  it('is read by anyone and set by its seller, refusing nonsense', async () => {
    const { owner, ownerId } = await shop('policy@test.dev');
    const read = await t.app.inject({ url: `/shop-policy/${ownerId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ additionalShipping: 1.5, discounts: [{ minBooks: 3, percent: 10 }, { minBooks: 5, percent: 15 }] });
    // A seller who set none: each book ships at its own price, no discount.
    expect((await t.app.inject({ url: `/shop-policy/${sellerId}` })).json()).toEqual({ additionalShipping: null, discounts: [] });
    expect((await t.app.inject({ url: '/shop-policy/ffffffffffffffffffffffff' })).statusCode).toBe(404);

    for (const bad of [
      { additionalShipping: -1, discounts: [] },
      { additionalShipping: 1.555, discounts: [] },
      { additionalShipping: null, discounts: [{ minBooks: 1, percent: 10 }] },
      { additionalShipping: null, discounts: [{ minBooks: 3, percent: 95 }] },
      { additionalShipping: null, discounts: [{ minBooks: 3, percent: 10 }, { minBooks: 3, percent: 20 }] },
      { additionalShipping: null, discounts: Array.from({ length: 6 }, (_, index) => ({ minBooks: index + 2, percent: 5 })) },
      { discounts: [] },
    ]) {
      const response = await setPolicy(owner, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    // Nothing changed.
    expect((await t.app.inject({ url: `/shop-policy/${ownerId}` })).json().additionalShipping).toBe(1.5);
    // A buyer sets none; a visitor neither.
    expect((await setPolicy(buyer, { additionalShipping: null, discounts: [] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/shop-policy', payload: { additionalShipping: null, discounts: [] } })).statusCode).toBe(401);
  });
});

describe('a bundle', () => {
  it('totals its books with the discount and one parcel\'s shipping', async () => {
    const { owner, ownerId } = await shop('totals@test.dev');
    const ids = [await bookOf(owner, 10, 4), await bookOf(owner, 20, 5), await bookOf(owner, 5, 3)];
    expect((await addToBundle(buyer, ownerId, ids[0])).statusCode).toBe(200);
    let bundle = await bundleOf(buyer, ownerId);
    // One book: its own shipping, no discount.
    expect(bundle).toMatchObject({ subtotal: 10, discount: 0, discountPercent: 0, shipping: 4, total: 14, delivery: 'shipping', deliveries: ['meetup', 'shipping'] });
    await addToBundle(buyer, ownerId, ids[1]);
    await addToBundle(buyer, ownerId, ids[2]);
    // Adding again changes nothing.
    expect((await addToBundle(buyer, ownerId, ids[2])).json().books).toHaveLength(3);
    bundle = await bundleOf(buyer, ownerId);
    // $35 less 10 %; the dearest to ship ($5) first, then $1.50 for each other book.
    expect(bundle).toMatchObject({ subtotal: 35, discount: 3.5, discountPercent: 10, shipping: 8, total: 39.5 });
    expect(bundle.books.map((book) => book.bookId)).toEqual(ids);
    expect(bundle.seller).toEqual({ id: ownerId, name: expect.any(String) });
    // Met up for, no shipping.
    expect(await bundleOf(buyer, ownerId, '?delivery=meetup')).toMatchObject({ delivery: 'meetup', shipping: 0, total: 31.5 });

    // Removing one drops below the discount's three books.
    const removed = await t.app.inject({ method: 'DELETE', url: `/bundles/${ownerId}/books/${ids[2]}`, headers: buyer.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ subtotal: 30, discount: 0, shipping: 6.5, total: 36.5 });
    // The buyer's bundles, one per seller, the one added to last first.
    await addToBundle(buyer, sellerId, await bookOf(seller, 7, 2));
    const all = (await t.app.inject({ url: '/bundles', headers: buyer.headers })).json<Bundle[]>();
    expect(all.map((one) => one.seller.id).slice(0, 2)).toEqual([sellerId, ownerId]);
    // Without a policy, each book adds its own shipping.
    const plain = await bundleOf(buyer, sellerId);
    expect(plain.shipping).toBe(2);
  });

  it('is its buyer\'s alone, holds only the seller\'s books on sale, and never one\'s own', async () => {
    const { owner, ownerId } = await shop('only@test.dev');
    const book = await bookOf(owner, 9);
    expect((await addToBundle(owner, ownerId, book)).statusCode).toBe(400);
    // The book under another seller's id is no book of theirs.
    expect((await addToBundle(buyer, sellerId, book)).statusCode).toBe(404);
    expect((await addToBundle(buyer, ownerId, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/bundles/${ownerId}/books/${book}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/bundles/${ownerId}/books/not-an-id`, headers: buyer.headers })).statusCode).toBe(400);
    await addToBundle(buyer, ownerId, book);
    // Another buyer's bundle with that seller is their own, and empty.
    expect((await bundleOf(rival, ownerId)).books).toEqual([]);
  });
});

describe('checking out a bundle', () => {
  it('makes one order of its books: one payment, the books sold, the ledger booking the total after the discount', async () => {
    const { owner, ownerId } = await shop('checkout@test.dev');
    const ids = [await bookOf(owner, 10, 4), await bookOf(owner, 20, 5), await bookOf(owner, 5, 3)];
    for (const id of ids) await addToBundle(buyer, ownerId, id);
    const response = await checkout(buyer, ownerId);
    expect(response.statusCode).toBe(200);
    const order = response.json();
    expect(order).toMatchObject({
      state: 'booked', paid: false, bookId: ids[0], resale_price: 31.5, discount: 3.5, shipping_price: 8, total: 39.5,
      delivery: { method: 'shipping', address: '1 Main St, Springfield' },
      lines: [
        { bookId: ids[0], name: expect.any(String), price: 10 },
        { bookId: ids[1], name: expect.any(String), price: 20 },
        { bookId: ids[2], name: expect.any(String), price: 5 },
      ],
    });
    expect(order.bookName).toMatch(/ and 2 more books$/);
    // The same checkout again answers the same order.
    expect((await checkout(buyer, ownerId)).json()._id).toBe(order._id);
    // Its books stay on sale until it is paid.
    for (const id of ids) expect((await t.app.inject({ url: `/books/${id}` })).json().sold).toBe(false);

    const { response: paid, transactionId } = await pay(t.app, t.stripe, buyer, order._id);
    expect(paid.statusCode).toBe(200);
    expect(t.stripe.intents.get(transactionId)?.amount).toBe(3950);
    for (const id of ids) expect((await t.app.inject({ url: `/books/${id}` })).json().sold).toBe(true);
    // Bought, the books left the bundle.
    expect((await bundleOf(buyer, ownerId)).books).toEqual([]);
    // One order on each side's list, one line each.
    const seen = await orderAs(t.app, owner, order._id);
    expect(seen).toMatchObject({ state: 'paid', viewer: 'seller' });
    const entries = await t.testDb.db.query<{ amount_cents: number }>(
      'select e.amount_cents::int as amount_cents from ledger_entries e where e.booking_id = $1',
      [order._id],
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(0);
    // The commission is on the books' total after the discount.
    const [{ commission_cents }] = await t.testDb.db.query<{ commission_cents: number }>('select commission_cents from bookings where id = $1', [order._id]);
    expect(commission_cents).toBe(Math.max(50, Math.round(3150 * 0.08)));
  });

  it('refuses the payment naming a book another buyer paid for first, and leaves it out on checking out again', async () => {
    const { owner, ownerId } = await shop('race@test.dev');
    const ids = [await bookOf(owner, 10), await bookOf(owner, 12), await bookOf(owner, 14)];
    for (const id of ids) await addToBundle(buyer, ownerId, id);
    const order = (await checkout(buyer, ownerId)).json();
    // Another buyer books and pays for the second book alone.
    const rivalBooking = (await t.app.inject({
      method: 'POST', url: '/bookings', headers: rival.headers, payload: { bookId: ids[1], email: rival.email },
    })).json().insertedId;
    expect((await pay(t.app, t.stripe, rival, rivalBooking)).response.statusCode).toBe(200);

    const refused = await t.app.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId: order._id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('was sold to another buyer meanwhile');
    expect(refused.json().message).toContain(order.lines[1].name);
    const bundle = await bundleOf(buyer, ownerId);
    expect(bundle.unavailable).toEqual([expect.objectContaining({ bookId: ids[1], reason: 'Sold to another buyer' })]);
    expect(bundle.books.map((book) => book.bookId)).toEqual([ids[0], ids[2]]);

    const again = (await checkout(buyer, ownerId)).json();
    expect(again._id).not.toBe(order._id);
    expect(again.lines.map((line: { bookId: string }) => line.bookId)).toEqual([ids[0], ids[2]]);
    // The first order was replaced.
    expect(await orderAs(t.app, buyer, order._id)).toMatchObject({ state: 'cancelled' });
    expect((await pay(t.app, t.stripe, buyer, again._id)).response.statusCode).toBe(200);
  });

  it('refunds the whole charge when a book is sold at the very moment of payment', async () => {
    const { owner, ownerId } = await shop('moment@test.dev');
    const ids = [await bookOf(owner, 10), await bookOf(owner, 12)];
    for (const id of ids) await addToBundle(buyer, ownerId, id);
    const order = (await checkout(buyer, ownerId)).json();
    const transactionId = await paymentIntentFor(t.app, buyer, order._id);
    t.stripe.succeed(transactionId);
    // Sold meanwhile, after the card was charged and before the payment is recorded.
    await t.testDb.db.query('update books set sold = true where id = $1', [ids[1]]);
    const response = await t.app.inject({ method: 'POST', url: '/payment', headers: buyer.headers, payload: { bookingId: order._id, transactionId } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/was sold to another buyer meanwhile\. Your payment of \$27\.50 has been refunded\./);
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
    // Nothing was sold with it.
    expect((await t.app.inject({ url: `/books/${ids[0]}` })).json().sold).toBe(false);
    expect(await orderAs(t.app, buyer, order._id)).toMatchObject({ state: 'booked', paid: false });
  });

  it('refunded before shipping, puts every book back on sale, and refunds once', async () => {
    const { owner, ownerId } = await shop('refund@test.dev');
    const ids = [await bookOf(owner, 10), await bookOf(owner, 12), await bookOf(owner, 8)];
    for (const id of ids) await addToBundle(buyer, ownerId, id);
    const order = (await checkout(buyer, ownerId)).json();
    const { transactionId } = await pay(t.app, t.stripe, buyer, order._id);
    const refunded = await move(t.app, owner, order._id, { to: 'refunded', reason: 'Water damage' });
    expect(refunded.statusCode).toBe(200);
    expect(t.stripe.refundsOf(transactionId)).toEqual([expect.objectContaining({ amount: Math.round(order.total * 100) })]);
    for (const id of ids) expect((await t.app.inject({ url: `/books/${id}` })).json().sold).toBe(false);
    // A second refund is no next step.
    expect((await move(t.app, owner, order._id, { to: 'refunded', reason: 'Again' })).statusCode).toBe(409);
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
    const entries = await t.testDb.db.query<{ amount_cents: number }>('select amount_cents::int as amount_cents from ledger_entries where booking_id = $1', [order._id]);
    expect(entries.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(0);
  });

  it('is cancelled when its seller withdraws one of its books', async () => {
    const { owner, ownerId } = await shop('withdraw@test.dev');
    const ids = [await bookOf(owner, 10), await bookOf(owner, 12)];
    for (const id of ids) await addToBundle(buyer, ownerId, id);
    const order = (await checkout(buyer, ownerId)).json();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/products/${ids[1]}`, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await orderAs(t.app, buyer, order._id)).toMatchObject({ state: 'cancelled' });
    // The withdrawn book left the bundle; the other stays.
    expect((await bundleOf(buyer, ownerId)).books.map((book) => book.bookId)).toEqual([ids[0]]);
  });

  it('refuses bad input and changes nothing', async () => {
    const { owner, ownerId } = await shop('bad@test.dev');
    const postOnly = await bookOf(owner, 10, 4, { delivery: { meetup: false, shipping: true, shippingPrice: 4 } });
    // An empty bundle.
    expect((await checkout(buyer, ownerId)).statusCode).toBe(404);
    await addToBundle(buyer, ownerId, postOnly);
    const meetup = await checkout(buyer, ownerId, { method: 'meetup' });
    expect(meetup.statusCode).toBe(400);
    expect(meetup.json().message).toMatch(/is only offered for shipping/);
    expect((await checkout(buyer, ownerId, { method: 'shipping' })).json().message).toBe('Give the address to ship the books to');
    const foreign = await t.app.inject({
      method: 'POST', url: `/bundles/${ownerId}/checkout`, headers: buyer.headers, payload: { email: rival.email, delivery: { method: 'shipping', address: 'x' } },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await checkout(owner, ownerId)).statusCode).toBe(400);
    const orders = await t.testDb.db.query("select id from bookings where seller_id = $1", [ownerId]);
    expect(orders).toEqual([]);
  });
});
