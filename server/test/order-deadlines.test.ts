import { addProduct, bookingOf, buildSecondApp, pay, type Actor, type TestApp } from './helper';
import { DAY, HOUR, MINUTE, type MovableClock, move, orderShop, orderAs, toldAbout } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller } = await orderShop());
});
afterAll(() => t.close());

const freshBook = () =>
  addProduct(t.app, seller, { name: `Book ${++counter}`, delivery: { meetup: true, shipping: true, shippingPrice: 3 } });

async function paidOrder(method: 'meetup' | 'shipping' = 'meetup') {
  const bookId = await freshBook();
  const bookingId =
    method === 'meetup'
      ? await bookingOf(t.app, buyer, bookId)
      : (
          await t.app.inject({
            method: 'POST', url: '/bookings', headers: buyer.headers,
            payload: { bookId, email: buyer.email, delivery: { method: 'shipping', address: '1 Main St' } },
          })
        ).json<{ insertedId: string }>().insertedId;
  const { response, transactionId } = await pay(t.app, t.stripe, buyer, bookingId);
  expect(response.statusCode).toBe(200);
  return { bookId, bookingId, transactionId };
}

describe('deadlines, on a clock the test moves', () => {
  it('expires a booking not paid within ORDER_PAY_WITHIN (2 days), and tells both sides', async () => {
    const bookId = await freshBook();
    const bookingId = await bookingOf(t.app, buyer, bookId);
    clock.advance(2 * DAY - MINUTE);
    await t.app.orders.sweep();
    expect((await orderAs(t.app, buyer, bookingId)).state).toBe('booked');
    clock.advance(MINUTE);
    expect((await t.app.orders.sweep()).moved.expired).toBe(1);
    const order = await orderAs(t.app, buyer, bookingId);
    expect(order).toMatchObject({ state: 'expired', paid: false, actions: [], deadline: null });
    expect(order.timeline.at(-1)).toMatchObject({ state: 'expired', reason: 'It was not paid in time' });
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['expired']);
    expect(await toldAbout(t.app, seller, bookingId)).toEqual(['booked', 'expired']);
    // An expired booking cannot be paid; the book can be booked again.
    const intent = await t.app.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId } });
    expect(intent.json()).toEqual({ message: 'This booking expired before it was paid: book the book again' });
    expect(await bookingOf(t.app, buyer, bookId)).not.toBe(bookingId);
  });

  it('reminds the seller a day before the ship deadline, then refunds in full when it passes, once', async () => {
    const { bookId, bookingId, transactionId } = await paidOrder('shipping');
    clock.advance(4 * DAY - MINUTE);
    expect((await t.app.orders.sweep()).reminded).toBe(0);
    clock.advance(MINUTE);
    expect((await t.app.orders.sweep()).reminded).toBe(1);
    expect((await t.app.orders.sweep()).reminded).toBe(0);
    expect(await toldAbout(t.app, seller, bookingId)).toEqual(['booked', 'paid', 'ship_reminder']);

    clock.advance(DAY);
    const swept = await t.app.orders.sweep();
    expect(swept.moved.refunded).toBe(1);
    expect(t.stripe.refundsOf(transactionId)).toEqual([expect.objectContaining({ amount: t.stripe.intents.get(transactionId)?.amount })]);
    const order = await orderAs(t.app, buyer, bookingId);
    expect(order).toMatchObject({ state: 'refunded', paid: true });
    expect(order.timeline.at(-1)).toMatchObject({ state: 'refunded', reason: 'The seller did not get it ready or ship it in time' });
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['refunded']);
    // The book never left the seller: it is for sale again.
    expect((await t.app.inject({ url: `/books/${bookId}` })).json().sold).toBe(false);
    // Sweeping again changes nothing and refunds nothing more.
    clock.advance(DAY);
    expect((await t.app.orders.sweep()).moved).toEqual({});
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
  });

  it('refunds a meet-up not handed over within ORDER_HANDOVER_WITHIN (7 days) after ready', async () => {
    const { bookingId, transactionId } = await paidOrder();
    clock.advance(HOUR);
    await move(t.app, seller, bookingId, { to: 'ready' });
    clock.advance(7 * DAY - MINUTE);
    await t.app.orders.sweep();
    expect((await orderAs(t.app, buyer, bookingId)).state).toBe('ready');
    clock.advance(MINUTE);
    await t.app.orders.sweep();
    const order = await orderAs(t.app, buyer, bookingId);
    expect(order.state).toBe('refunded');
    expect(order.timeline.at(-1)?.reason).toBe('It was not handed over in time');
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
  });

  it('marks a shipped order received after ORDER_AUTO_RECEIVE_AFTER (14 days), then completes it after the problem window', async () => {
    const { bookId, bookingId } = await paidOrder('shipping');
    await move(t.app, seller, bookingId, { to: 'shipped', tracking: 'T1' });
    clock.advance(14 * DAY);
    expect((await t.app.orders.sweep()).moved.received).toBe(1);
    const received = await orderAs(t.app, buyer, bookingId);
    expect(received).toMatchObject({ state: 'received', actions: ['disputed', 'completed'] });
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['shipped', 'problem_window']);
    clock.advance(2 * DAY);
    expect((await t.app.orders.sweep()).moved.completed).toBe(1);
    expect((await orderAs(t.app, seller, bookingId)).state).toBe('completed');
    // Sold for good.
    expect((await t.app.inject({ url: `/books/${bookId}` })).json().sold).toBe(true);
  });

  it('leaves a disputed order to an admin, whatever time passes', async () => {
    const { bookingId } = await paidOrder('shipping');
    await move(t.app, seller, bookingId, { to: 'shipped' });
    await move(t.app, buyer, bookingId, { to: 'received' });
    await move(t.app, buyer, bookingId, { to: 'disputed', reason: 'Wrong book' });
    clock.advance(60 * DAY);
    await t.app.orders.sweep();
    expect(await orderAs(t.app, buyer, bookingId)).toMatchObject({ state: 'disputed', deadline: null });
  });
});

describe('orders made before deadlines existed', () => {
  it('get the full time from the first sweep after the upgrade, not a refund at once', async () => {
    const { bookingId, transactionId } = await paidOrder();
    // As the migration leaves an order paid long ago: no deadline yet.
    await t.testDb.db.query(
      "update bookings set due_at = null, remind_at = null, state_at = $2::timestamptz - interval '30 days' where id = $1",
      [bookingId, clock.now()],
    );
    const upgraded = await buildSecondApp(t);
    try {
      await upgraded.app.orders.sweep();
      const order = await orderAs(t.app, buyer, bookingId);
      expect(order).toMatchObject({ state: 'paid', deadline: { kind: 'ship', at: new Date(clock.now().getTime() + 5 * DAY).toISOString() } });
      clock.advance(5 * DAY);
      await upgraded.app.orders.sweep();
      expect((await orderAs(t.app, buyer, bookingId)).state).toBe('refunded');
      expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
    } finally {
      await upgraded.close();
    }
  });
});

describe('a refund a process left unfinished', () => {
  it('is finished by a later sweep, refunded once', async () => {
    const { bookingId, transactionId } = await paidOrder();
    // As if a process marked the refund, asked the provider, and died before moving the order.
    await t.testDb.db.query(
      "update bookings set refund_started_at = $2, refund_reason = 'Lost in the post', refund_actor = 'seller' where id = $1",
      [bookingId, clock.now()],
    );
    await t.app.payments.refunds.create(
      { payment_intent: transactionId, reason: 'requested_by_customer', metadata: { bookingId } },
      { idempotencyKey: `refund-${transactionId}` },
    );
    // Meanwhile no other move wins.
    expect((await move(t.app, seller, bookingId, { to: 'ready' })).json()).toEqual({ message: 'A refund of this order is under way. What may happen next: refunded.' });
    expect((await orderAs(t.app, seller, bookingId)).actions).toEqual([]);
    await t.app.orders.sweep();
    expect((await orderAs(t.app, buyer, bookingId)).state).toBe('paid');
    clock.advance(MINUTE);
    const swept = await t.app.orders.sweep();
    expect(swept.refundsFinished).toBe(1);
    const order = await orderAs(t.app, buyer, bookingId);
    expect(order.state).toBe('refunded');
    expect(order.timeline.at(-1)).toMatchObject({ state: 'refunded', reason: 'Lost in the post' });
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
  });
});

describe('two API processes sweeping at the same moment', () => {
  it('act once: each order moves once and is refunded once', async () => {
    const second = await buildSecondApp(t);
    try {
      const orders = await Promise.all(Array.from({ length: 12 }, (_, i) => paidOrder(i % 2 === 0 ? 'meetup' : 'shipping')));
      const expiring = await Promise.all(Array.from({ length: 6 }, async () => bookingOf(t.app, buyer, await freshBook())));
      clock.advance(6 * DAY);
      const [a, b] = await Promise.all([t.app.orders.sweep(), second.app.orders.sweep()]);
      expect((a.moved.refunded ?? 0) + (b.moved.refunded ?? 0)).toBe(12);
      expect((a.moved.expired ?? 0) + (b.moved.expired ?? 0)).toBe(6);
      for (const { bookingId, transactionId } of orders) {
        expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
        const timeline = (await orderAs(t.app, buyer, bookingId)).timeline.map((step) => step.state);
        expect(timeline).toEqual(['booked', 'paid', 'refunded']);
      }
      for (const bookingId of expiring) {
        expect((await orderAs(t.app, buyer, bookingId)).timeline.map((step) => step.state)).toEqual(['booked', 'expired']);
        expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['expired']);
      }
    } finally {
      await second.close();
    }
  });
});
