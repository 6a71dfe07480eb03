import { addProduct, bookingOf, pay, signUp, type Actor, type TestApp } from './helper';
import { DAY, HOUR, orderAs, orderShop, type MovableClock } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let rival: Actor;
let stranger: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop());
  rival = await signUp(t.app, 'rival@test.dev', 'Buyer');
  stranger = await signUp(t.app, 'stranger@test.dev', 'Buyer');
});
afterAll(() => t.close());

interface WireOffer {
  id: string;
  state: string;
  awaiting?: string;
  amount: number;
  listPrice: number;
  orderId?: string;
  expiresAt: string | null;
  books: { bookId: string; name: string; price: number }[];
  history: { by: string; action: string; amount?: number; at: string }[];
}

const bookOf = (price: number, overrides: Record<string, unknown> = {}) => addProduct(t.app, seller, { name: `Offered ${++counter}`, price, ...overrides });

const offer = (actor: Actor, bookIds: string[], amount: number | string) =>
  t.app.inject({ method: 'POST', url: '/offers', headers: actor.headers, payload: { bookIds, amount } });
const answer = (actor: Actor, offerId: string, to: 'accept' | 'decline' | 'counter', amount?: number) =>
  t.app.inject({ method: 'POST', url: `/offers/${offerId}/${to}`, headers: actor.headers, ...(amount !== undefined && { payload: { amount } }) });
const read = async (actor: Actor, offerId: string) => {
  const response = await t.app.inject({ url: `/offers/${offerId}`, headers: actor.headers });
  expect(response.statusCode).toBe(200);
  return response.json<WireOffer>();
};
async function made(actor: Actor, bookIds: string[], amount: number): Promise<WireOffer> {
  const response = await offer(actor, bookIds, amount);
  expect(response.statusCode).toBe(201);
  return response.json<WireOffer>();
}
const toldOf = (actor: Actor, offerId: string) =>
  t.testDb.db.query<{ kind: string; reason: string | null }>(
    'select kind, reason from notifications where user_id = $1 and offer_id = $2 order by id',
    [actor.id, offerId],
  );
const soldFlag = async (bookId: string) => (await t.app.inject({ url: `/books/${bookId}` })).json<{ sold: boolean }>().sold;

describe('an offer, countered and accepted', () => {
  it('waits for the seller, who counters; the buyer accepts and gets an order at the agreed price, the books held for them', async () => {
    const bookId = await bookOf(20);
    const made1 = await made(buyer, [bookId], 14);
    expect(made1).toMatchObject({ state: 'pending', awaiting: 'seller', amount: 14, listPrice: 20, books: [{ bookId, price: 20 }] });
    expect(made1.expiresAt).toBe(new Date(clock.now().getTime() + 2 * DAY).toISOString());
    expect(await toldOf(seller, made1.id)).toEqual([{ kind: 'offer_made', reason: null }]);
    // Binding: the buyer cannot answer their own offer, nor make another on the same book meanwhile.
    expect((await answer(buyer, made1.id, 'accept')).statusCode).toBe(403);
    expect((await offer(buyer, [bookId], 15)).statusCode).toBe(409);

    // The seller's counter lies between the buyer's amount and the price.
    for (const outside of [14, 20, 25, 10]) expect((await answer(seller, made1.id, 'counter', outside)).statusCode).toBe(409);
    const countered = await answer(seller, made1.id, 'counter', 18);
    expect(countered.statusCode).toBe(200);
    expect(countered.json()).toMatchObject({ state: 'pending', awaiting: 'buyer', amount: 18 });
    expect(await toldOf(buyer, made1.id)).toEqual([{ kind: 'offer_countered', reason: null }]);
    // The buyer's counter lies between their own amount and the seller's counter.
    expect((await answer(buyer, made1.id, 'counter', 18)).statusCode).toBe(409);
    expect((await answer(buyer, made1.id, 'counter', 16)).json()).toMatchObject({ awaiting: 'seller', amount: 16 });
    expect((await answer(seller, made1.id, 'counter', 15.5)).statusCode).toBe(409);
    expect((await answer(seller, made1.id, 'counter', 17)).json()).toMatchObject({ awaiting: 'buyer', amount: 17 });

    // The listing stays buyable at its price while the offer is pending.
    expect(await soldFlag(bookId)).toBe(false);
    const accepted = await answer(buyer, made1.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const done = accepted.json<WireOffer>();
    expect(done).toMatchObject({ state: 'accepted', amount: 17, orderId: expect.any(String) });
    expect(done.history.map((step) => [step.by, step.action, step.amount])).toEqual([
      ['buyer', 'offered', 14], ['seller', 'countered', 18], ['buyer', 'countered', 16], ['seller', 'countered', 17], ['buyer', 'accepted', 17],
    ]);
    expect((await toldOf(seller, made1.id)).map((told) => told.kind)).toEqual(['offer_made', 'offer_countered', 'offer_accepted']);

    const order = await orderAs(t.app, buyer, done.orderId as string);
    expect(order).toMatchObject({ state: 'booked', resale_price: 17, total: 17, deadline: { kind: 'pay', at: new Date(clock.now().getTime() + DAY).toISOString() } });
    // The negotiation is written in the order's thread, by the side who accepted.
    const said = await t.testDb.db.query<{ author_id: string; text: string }>('select author_id, text from messages where thread_id = $1', [done.orderId]);
    expect(said).toEqual([{
      author_id: buyer.id,
      text: 'Offer accepted: $17.00 for the books (asking $20.00).\nBuyer offered $14.00 · Seller countered $18.00 · Buyer countered $16.00 · Seller countered $17.00 · Buyer accepted $17.00',
    }]);
    // Held for the buyer: off the shelf, and nobody else books it.
    expect(await soldFlag(bookId)).toBe(true);
    const other = await t.app.inject({ method: 'POST', url: '/bookings', headers: rival.headers, payload: { bookId, email: rival.email } });
    expect(other.statusCode).toBe(409);
    // No more moves on an accepted offer: 409 naming its state.
    const late = await answer(seller, made1.id, 'decline');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This offer was accepted/);

    const { response, transactionId } = await pay(t.app, t.stripe, buyer, done.orderId as string);
    expect(response.statusCode).toBe(200);
    expect(t.stripe.intents.get(transactionId)?.amount).toBe(1700);
    expect(await orderAs(t.app, buyer, done.orderId as string)).toMatchObject({ state: 'paid' });
    expect(await soldFlag(bookId)).toBe(true);
  });

  it('declines every other pending offer on the books once one is accepted, telling their buyers', async () => {
    const bookId = await bookOf(30);
    const mine = await made(buyer, [bookId], 25);
    const theirs = await made(rival, [bookId], 24);
    expect((await answer(seller, mine.id, 'accept')).statusCode).toBe(200);
    expect(await read(rival, theirs.id)).toMatchObject({ state: 'declined' });
    expect(await toldOf(rival, theirs.id)).toEqual([{ kind: 'offer_declined', reason: 'The book was sold or promised to another buyer' }]);
    // Nobody offers on a book held for someone else.
    expect((await offer(stranger, [bookId], 20)).statusCode).toBe(409);
  });

  it('declines the pending offers on a book sold at its price meanwhile', async () => {
    const bookId = await bookOf(30);
    const pending = await made(buyer, [bookId], 20);
    const bookingId = await bookingOf(t.app, rival, bookId);
    expect((await pay(t.app, t.stripe, rival, bookingId)).response.statusCode).toBe(200);
    expect(await read(buyer, pending.id)).toMatchObject({ state: 'declined' });
    expect(await toldOf(buyer, pending.id)).toEqual([{ kind: 'offer_declined', reason: 'The book was sold or promised to another buyer' }]);
    expect((await answer(seller, pending.id, 'accept')).statusCode).toBe(409);
  });
});

describe('who reads and answers an offer', () => {
  it('is its two sides and an admin; anyone else is told it does not exist', async () => {
    const bookId = await bookOf(12);
    const pending = await made(buyer, [bookId], 9);
    expect((await read(admin, pending.id)).state).toBe('pending');
    expect((await t.app.inject({ url: `/offers/${pending.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await answer(stranger, pending.id, 'accept')).statusCode).toBe(404);
    expect((await answer(admin, pending.id, 'decline')).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/offers/${pending.id}` })).statusCode).toBe(401);
    // Each side's list holds it.
    const buyers = (await t.app.inject({ url: '/offers?role=buyer&state=pending', headers: buyer.headers })).json<WireOffer[]>();
    expect(buyers.map((one) => one.id)).toContain(pending.id);
    const sellers = (await t.app.inject({ url: '/offers?role=seller', headers: seller.headers })).json<WireOffer[]>();
    expect(sellers.map((one) => one.id)).toContain(pending.id);
    expect((await t.app.inject({ url: '/offers?role=seller', headers: stranger.headers })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/offers?role=thief', headers: buyer.headers })).statusCode).toBe(400);
  });
});

describe('the rules of offering', () => {
  it('allows 3 offers on the same books, declined and expired ones counted', async () => {
    const bookId = await bookOf(40);
    const first = await made(buyer, [bookId], 30);
    expect((await answer(seller, first.id, 'decline')).json()).toMatchObject({ state: 'declined' });
    expect(await toldOf(buyer, first.id)).toEqual([{ kind: 'offer_declined', reason: null }]);
    const second = await made(buyer, [bookId], 31);
    clock.advance(2 * DAY + HOUR);
    await t.app.orders.sweep();
    expect((await read(buyer, second.id)).state).toBe('expired');
    const third = await made(buyer, [bookId], 32);
    // Countering does not count.
    expect((await answer(seller, third.id, 'counter', 38)).statusCode).toBe(200);
    expect((await answer(buyer, third.id, 'decline')).statusCode).toBe(200);
    const fourth = await offer(buyer, [bookId], 33);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toMatch(/3 offers/);
    // Other books are other offers.
    expect((await offer(buyer, [await bookOf(40)], 33)).statusCode).toBe(201);
  });

  it('declines at once below the floor (half the price unless the seller set one), and accepts at once from the threshold', async () => {
    const cheap = await bookOf(20);
    const low = await made(buyer, [cheap], 9.99);
    expect(low).toMatchObject({ state: 'declined' });
    expect(low.history.map((step) => [step.by, step.action])).toEqual([['buyer', 'offered'], ['system', 'declined']]);
    expect(await toldOf(buyer, low.id)).toEqual([{ kind: 'offer_declined', reason: "The offer is below the seller's lowest acceptable price" }]);
    expect(await toldOf(seller, low.id)).toEqual([]);
    expect((await made(buyer, [cheap], 10)).state).toBe('pending');

    const tuned = await bookOf(50);
    const terms = await t.app.inject({
      method: 'PUT', url: `/products/${tuned}`, headers: seller.headers, payload: { offers: { enabled: true, autoDeclineBelow: 30, autoAcceptFrom: 45 } },
    });
    expect(terms.statusCode).toBe(200);
    expect(terms.json().offers).toEqual({ enabled: true, autoDeclineBelow: 30, autoAcceptFrom: 45 });
    expect((await made(rival, [tuned], 29)).state).toBe('declined');
    const auto = await made(stranger, [tuned], 46);
    expect(auto).toMatchObject({ state: 'accepted', orderId: expect.any(String) });
    expect(await orderAs(t.app, stranger, auto.orderId as string)).toMatchObject({ state: 'booked', resale_price: 46 });
    expect(await soldFlag(tuned)).toBe(true);

    // Terms that make no sense are refused, and change nothing.
    const other = await bookOf(50);
    for (const bad of [{ enabled: true, autoDeclineBelow: 50 }, { enabled: true, autoAcceptFrom: 20 }, { enabled: true, autoDeclineBelow: -1 }, { autoAcceptFrom: 40 }]) {
      expect((await t.app.inject({ method: 'PUT', url: `/products/${other}`, headers: seller.headers, payload: { offers: bad } })).statusCode).toBe(400);
    }
    // Closed to offers: its page says so, and an offer is refused.
    expect((await t.app.inject({ url: `/books/${other}` })).json().takesOffers).toBe(true);
    await t.app.inject({ method: 'PUT', url: `/products/${other}`, headers: seller.headers, payload: { offers: { enabled: false } } });
    expect((await t.app.inject({ url: `/books/${other}` })).json().takesOffers).toBe(false);
    expect((await offer(buyer, [other], 40)).statusCode).toBe(409);
  });

  it('refuses bad offers: at or above the price, one\'s own book, books of two sellers, nonsense', async () => {
    const bookId = await bookOf(20);
    expect((await offer(buyer, [bookId], 20)).statusCode).toBe(400);
    expect((await offer(seller, [bookId], 15)).statusCode).toBe(400);
    const elsewhere = await addProduct(t.app, await signUp(t.app, 'other-seller@test.dev', 'seller'), { name: 'Elsewhere', price: 20 });
    expect((await offer(buyer, [bookId, elsewhere], 30)).statusCode).toBe(400);
    expect((await offer(buyer, [bookId, bookId], 15)).statusCode).toBe(400);
    expect((await offer(buyer, ['ffffffffffffffffffffffff'], 15)).statusCode).toBe(404);
    for (const amount of [0, -5, 'ten', 1.234]) expect((await offer(buyer, [bookId], amount)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/offers', headers: buyer.headers, payload: { bookIds: [], amount: 5 } })).statusCode).toBe(400);
    const offers = await t.testDb.db.query('select id from offers o join offer_books b on b.offer_id = o.id where b.book_id = $1', [bookId]);
    expect(offers).toEqual([]);
  });
});

describe('the clock of an offer', () => {
  it('reminds the side it waits for a day before, then expires, each told once', async () => {
    const bookId = await bookOf(26);
    const pending = await made(rival, [bookId], 20);
    clock.advance(DAY + HOUR);
    await t.app.orders.sweep();
    await t.app.orders.sweep();
    expect((await toldOf(seller, pending.id)).map((told) => told.kind)).toEqual(['offer_made', 'offer_reminder']);
    clock.advance(DAY);
    await Promise.all([t.app.orders.sweep(), t.app.orders.sweep()]);
    await t.app.orders.sweep();
    const expired = await read(rival, pending.id);
    expect(expired).toMatchObject({ state: 'expired', expiresAt: null });
    expect(expired.history.at(-1)).toMatchObject({ by: 'system', action: 'expired' });
    expect((await toldOf(rival, pending.id)).map((told) => told.kind)).toEqual(['offer_expired']);
    expect((await answer(seller, pending.id, 'accept')).statusCode).toBe(409);
  });

  it('puts the books back on the shelf when an accepted offer is not paid in time', async () => {
    const bookId = await bookOf(26);
    const pending = await made(rival, [bookId], 21);
    const orderId = (await answer(seller, pending.id, 'accept')).json<WireOffer>().orderId as string;
    expect(await soldFlag(bookId)).toBe(true);
    clock.advance(DAY + HOUR);
    await t.app.orders.sweep();
    expect(await orderAs(t.app, rival, orderId)).toMatchObject({ state: 'expired' });
    expect(await soldFlag(bookId)).toBe(false);
    // On sale again, at its price, to anyone.
    const bookingId = await bookingOf(t.app, buyer, bookId);
    expect((await pay(t.app, t.stripe, buyer, bookingId)).response.statusCode).toBe(200);
  });
});

describe('every move from every state, for each side', () => {
  type State = 'awaiting seller' | 'awaiting buyer' | 'accepted' | 'declined' | 'expired';
  type Who = 'buyer' | 'seller' | 'admin' | 'stranger';
  const actorOf = (who: Who) => ({ buyer, seller, admin, stranger })[who];

  /** A fresh offer of the buyer's in `state` (the seller countered it at $18 for `awaiting buyer`). */
  async function offerIn(state: State): Promise<string> {
    const pending = await made(buyer, [await bookOf(20)], 12);
    if (state === 'awaiting buyer') expect((await answer(seller, pending.id, 'counter', 18)).statusCode).toBe(200);
    if (state === 'accepted') expect((await answer(seller, pending.id, 'accept')).statusCode).toBe(200);
    if (state === 'declined') expect((await answer(seller, pending.id, 'decline')).statusCode).toBe(200);
    if (state === 'expired') {
      await t.testDb.db.query("update offers set expires_at = $2 where id = $1", [pending.id, new Date(clock.now().getTime() - 1)]);
      await t.app.orders.sweep();
    }
    return pending.id;
  }

  // The side an offer waits for may accept, decline or counter it (a counter within its range);
  // the other side is 403; an admin is 403 (reads, never moves); anyone else 404; an ended offer 409.
  const expected: Record<State, Record<Who, number>> = {
    'awaiting seller': { seller: 200, buyer: 403, admin: 403, stranger: 404 },
    'awaiting buyer': { buyer: 200, seller: 403, admin: 403, stranger: 404 },
    accepted: { buyer: 409, seller: 409, admin: 403, stranger: 404 },
    declined: { buyer: 409, seller: 409, admin: 403, stranger: 404 },
    expired: { buyer: 409, seller: 409, admin: 403, stranger: 404 },
  };
  const cases = (Object.keys(expected) as State[]).flatMap((state) =>
    (['buyer', 'seller', 'admin', 'stranger'] as Who[]).flatMap((who) =>
      (['accept', 'decline', 'counter'] as const).map((to) => [state, who, to, expected[state][who]] as const)));

  it.each(cases)('%s: %s %s → %i', async (state, who, to, status) => {
    const offerId = await offerIn(state);
    const before = await read(admin, offerId);
    // Within range for whichever side is asked: between $12 and $18 (or the $20 price).
    const response = await answer(actorOf(who), offerId, to, to === 'counter' ? 15 : undefined);
    expect(response.statusCode).toBe(status);
    const after = await read(admin, offerId);
    if (status === 200) {
      expect(after.history).toHaveLength(before.history.length + 1);
      expect(after.history.at(-1)).toMatchObject({ by: who, action: { accept: 'accepted', decline: 'declined', counter: 'countered' }[to] });
    } else {
      expect(response.json().message).toEqual(expect.any(String));
      // A refused move changes nothing.
      expect(after).toEqual(before);
    }
  });
});
