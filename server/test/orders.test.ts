import {
  addProduct, bookingOf, pay, signUp, type Actor, type TestApp,
} from './helper';
import { DAY, MINUTE, type MovableClock, move, orderShop, orderAs, toldAbout } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let stranger: Actor;
let admin: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop());
  stranger = await signUp(t.app, 'stranger@test.dev', 'seller');
});
afterAll(() => t.close());

const both = { meetup: true, shipping: true, shippingPrice: 4.5 };

/** A fresh book of the seller's, offering both deliveries; answers its id. */
const freshBook = (overrides: Record<string, unknown> = {}) =>
  addProduct(t.app, seller, { name: `Book ${++counter}`, price: 12.5, delivery: both, ...overrides });

async function bookShipping(bookId: string, address = '12 Elm Street, Tucson') {
  const response = await t.app.inject({
    method: 'POST', url: '/bookings', headers: buyer.headers,
    payload: { bookId, email: buyer.email, location: 'Here', phone: '555 0199', delivery: { method: 'shipping', address } },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

/** A paid meet-up order. */
async function paidMeetup() {
  const bookingId = await bookingOf(t.app, buyer, await freshBook());
  const { response } = await pay(t.app, t.stripe, buyer, bookingId);
  expect(response.statusCode).toBe(200);
  return bookingId;
}

/** A paid shipping order, and its charge. */
async function paidShipping() {
  const bookingId = await bookShipping(await freshBook());
  const { response, transactionId } = await pay(t.app, t.stripe, buyer, bookingId);
  expect(response.statusCode).toBe(200);
  return { bookingId, transactionId };
}

describe('a meet-up, carried to its end', () => {
  it('goes booked → paid → ready → received (with the code) → completed when the problem window passes', async () => {
    const bookingId = await bookingOf(t.app, buyer, await freshBook());
    const booked = await orderAs(t.app, buyer, bookingId);
    expect(booked).toMatchObject({
      state: 'booked', paid: false, delivery: { method: 'meetup' }, shipping_price: 0, total: 12.5,
      viewer: 'buyer', actions: ['cancelled'], deadline: { kind: 'pay', at: new Date(clock.now().getTime() + 2 * DAY).toISOString() },
    });
    expect(booked.timeline).toEqual([{ state: 'booked', at: clock.now().toISOString() }]);
    // No code before payment.
    expect(booked.handoverCode).toBeUndefined();

    const { response } = await pay(t.app, t.stripe, buyer, bookingId);
    expect(response.statusCode).toBe(200);
    const paid = await orderAs(t.app, buyer, bookingId);
    expect(paid).toMatchObject({ state: 'paid', paid: true, actions: [], deadline: { kind: 'ship' } });
    expect(paid.handoverCode).toMatch(/^\d{6}$/);
    const code = paid.handoverCode as string;
    // The seller reads the order without the code, with the moves they may make.
    const sellerView = await orderAs(t.app, seller, bookingId);
    expect(sellerView).toMatchObject({ state: 'paid', viewer: 'seller', actions: ['ready', 'refunded'] });
    expect(sellerView).not.toHaveProperty('handoverCode');
    expect(JSON.stringify(sellerView)).not.toContain(code);
    expect((await orderAs(t.app, admin, bookingId)).handoverCode).toBeUndefined();

    clock.advance(MINUTE);
    const ready = await move(t.app, seller, bookingId, { to: 'ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ state: 'ready', viewer: 'seller', actions: ['received', 'refunded'], deadline: { kind: 'handover' } });
    expect(ready.json()).not.toHaveProperty('handoverCode');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await move(t.app, seller, bookingId, { to: 'received', code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'That code is not right: 4 tries left' });
    // The buyer cannot enter the code for the seller.
    expect((await move(t.app, buyer, bookingId, { to: 'received', code })).statusCode).toBe(403);

    clock.advance(MINUTE);
    const received = await move(t.app, seller, bookingId, { to: 'received', code });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ state: 'received', deadline: { kind: 'problem' } });
    const buyerView = await orderAs(t.app, buyer, bookingId);
    expect(buyerView.actions).toEqual(['disputed', 'completed']);
    expect(buyerView.handoverCode).toBeUndefined();

    // A day later the window is still open; two days later the sweep completes the order.
    clock.advance(DAY);
    expect((await t.app.orders.sweep()).moved.completed ?? 0).toBe(0);
    clock.advance(DAY + MINUTE);
    expect((await t.app.orders.sweep()).moved.completed).toBe(1);
    const completed = await orderAs(t.app, buyer, bookingId);
    expect(completed).toMatchObject({ state: 'completed', paid: true, actions: [], deadline: null });
    expect(completed.timeline.map((step) => step.state)).toEqual(['booked', 'paid', 'ready', 'received', 'completed']);
    expect(completed.timeline[4].reason).toBe('No problem was reported in time');
    expect((await orderAs(t.app, seller, bookingId)).state).toBe('completed');

    // Each side was told of the steps that concern them, once each.
    // The seller entered the code: they are not told what they did themselves.
    expect(await toldAbout(t.app, seller, bookingId)).toEqual(['booked', 'paid', 'completed']);
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['ready', 'problem_window', 'completed']);
  });

  it('locks codes for 15 minutes after 5 wrong ones, tells the buyer, then takes the right one', async () => {
    const bookingId = await paidMeetup();
    const code = (await orderAs(t.app, buyer, bookingId)).handoverCode as string;
    expect((await move(t.app, seller, bookingId, { to: 'ready' })).statusCode).toBe(200);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await move(t.app, seller, bookingId, { to: 'received', code: wrongCode })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    // Locked: even the right code is refused, and the buyer sees until when.
    const locked = await move(t.app, seller, bookingId, { to: 'received', code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong codes: codes are refused until \d\d:\d\d UTC$/);
    expect((await orderAs(t.app, buyer, bookingId)).codeLockedUntil).toBe(new Date(clock.now().getTime() + 15 * MINUTE).toISOString());
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['ready', 'code_locked']);

    clock.advance(15 * MINUTE + 1);
    const received = await move(t.app, seller, bookingId, { to: 'received', code });
    expect(received.statusCode).toBe(200);
    expect(received.json().state).toBe('received');
  });
});

describe('guessing the code', () => {
  it('counts simultaneous wrong codes one by one: five at most are compared, the buyer is told once', async () => {
    const bookingId = await paidMeetup();
    const code = (await orderAs(t.app, buyer, bookingId)).handoverCode as string;
    await move(t.app, seller, bookingId, { to: 'ready' });
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => move(t.app, seller, bookingId, { to: 'received', code: guess })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(26);
    expect(answers.filter((answer) => answer.json().message.endsWith('and the buyer was told'))).toHaveLength(1);
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['ready', 'code_locked']);
    expect((await orderAs(t.app, buyer, bookingId)).state).toBe('ready');
  });
});

describe('shipping', () => {
  it('charges the shipping price, carries the address, and moves paid → shipped → received by the buyer', async () => {
    const bookingId = await bookShipping(await freshBook(), '  1 Main St, Springfield  ');
    const booked = await orderAs(t.app, buyer, bookingId);
    expect(booked).toMatchObject({
      delivery: { method: 'shipping', address: '1 Main St, Springfield' }, resale_price: 12.5, shipping_price: 4.5, total: 17,
    });
    const { response, transactionId } = await pay(t.app, t.stripe, buyer, bookingId);
    expect(response.statusCode).toBe(200);
    expect(t.stripe.intents.get(transactionId)?.amount).toBe(1700);
    // A parcel has no hand-over code.
    expect((await orderAs(t.app, buyer, bookingId)).handoverCode).toBeUndefined();
    // Shipping is not a meet-up: no "ready".
    expect((await move(t.app, seller, bookingId, { to: 'ready' })).statusCode).toBe(409);

    const shipped = await move(t.app, seller, bookingId, { to: 'shipped', carrier: 'USPS', tracking: '9400 1000 0000 0000 0000 00' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      state: 'shipped', delivery: { method: 'shipping', carrier: 'USPS', tracking: '9400 1000 0000 0000 0000 00' }, deadline: { kind: 'receive' },
    });
    // Only the buyer says a parcel arrived.
    expect((await move(t.app, seller, bookingId, { to: 'received' })).statusCode).toBe(403);
    const received = await move(t.app, buyer, bookingId, { to: 'received' });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ state: 'received', actions: ['disputed', 'completed'] });
    // The buyer may say all is well before the window closes.
    const done = await move(t.app, buyer, bookingId, { to: 'completed' });
    expect(done.json()).toMatchObject({ state: 'completed' });
  });

  it('refuses a method the book does not offer, and a shipping order without an address', async () => {
    const meetupOnly = await addProduct(t.app, seller, { name: 'Meet-up only' });
    const answer = (bookId: string, delivery: object) =>
      t.app.inject({ method: 'POST', url: '/bookings', headers: buyer.headers, payload: { bookId, email: buyer.email, delivery } });
    const notShipped = await answer(meetupOnly, { method: 'shipping', address: 'x' });
    expect(notShipped.statusCode).toBe(400);
    expect(notShipped.json()).toEqual({ message: 'This book is not offered for shipping' });
    const shippingOnly = await addProduct(t.app, seller, { name: 'Posted only', delivery: { meetup: false, shipping: true, shippingPrice: 0 } });
    expect((await answer(shippingOnly, { method: 'shipping', address: '  ' })).json()).toEqual({ message: 'Give the address to ship the book to' });
    // A booking without a choice is a meet-up, which this book does not offer.
    const plain = await t.app.inject({ method: 'POST', url: '/bookings', headers: buyer.headers, payload: { bookId: shippingOnly, email: buyer.email } });
    expect(plain.statusCode).toBe(400);
    expect((await answer(shippingOnly, { method: 'pigeon' })).statusCode).toBe(400);
  });

  it('lists a book with its delivery offer, and refuses an offer of nothing or shipping without a price', async () => {
    const post = (delivery: object) =>
      t.app.inject({ method: 'POST', url: '/products', headers: seller.headers, payload: { name: 'X', price: 5, phone: '1', location: 'L', image: 'https://i.example/x.png', delivery } });
    expect((await post({ meetup: false, shipping: false })).json()).toEqual({ message: 'Offer a meet-up, shipping, or both' });
    expect((await post({ shipping: true })).json()).toEqual({ message: 'Give a shipping price (0 for free shipping)' });
    expect((await post({ shipping: true, shippingPrice: -1 })).statusCode).toBe(400);
    const id = (await post({ shipping: true, shippingPrice: '2.25' })).json<{ insertedId: string }>().insertedId;
    const book = await t.app.inject({ url: `/books/${id}` });
    expect(book.json().delivery).toEqual({ meetup: true, shipping: true, shippingPrice: 2.25 });
  });
});

describe('a problem reported', () => {
  it('lets the buyer dispute within the window, and an admin refund it once through the provider', async () => {
    const { bookingId, transactionId } = await paidShipping();
    await move(t.app, seller, bookingId, { to: 'shipped' });
    await move(t.app, buyer, bookingId, { to: 'received' });
    // A reason is required.
    expect((await move(t.app, buyer, bookingId, { to: 'disputed' })).json()).toEqual({ message: 'Say why (reason)' });
    // Only the buyer reports a problem.
    expect((await move(t.app, seller, bookingId, { to: 'disputed', reason: 'x' })).statusCode).toBe(403);
    const disputed = await move(t.app, buyer, bookingId, { to: 'disputed', reason: 'Pages missing' });
    expect(disputed.json()).toMatchObject({ state: 'disputed', actions: [] });

    const list = await t.app.inject({ url: '/admin/disputes', headers: admin.headers });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([expect.objectContaining({ _id: bookingId, state: 'disputed', viewer: 'admin', actions: ['completed', 'refunded'] })]);
    // Neither side settles its own dispute; the admin must give a reason.
    expect((await move(t.app, seller, bookingId, { to: 'completed', reason: 'Fine' })).statusCode).toBe(403);
    expect((await move(t.app, admin, bookingId, { to: 'refunded' })).json()).toEqual({ message: 'Say why (reason)' });

    const [first, second] = await Promise.all([
      move(t.app, admin, bookingId, { to: 'refunded', reason: 'The book was not as described' }),
      move(t.app, admin, bookingId, { to: 'refunded', reason: 'The book was not as described' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
    const refunded = await orderAs(t.app, buyer, bookingId);
    expect(refunded).toMatchObject({ state: 'refunded', paid: true, actions: [] });
    expect(refunded.timeline.at(-1)).toMatchObject({ state: 'refunded', reason: 'The book was not as described' });
    // Both sides are told, with the reason.
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['shipped', 'problem_window', 'refunded']);
    expect(await toldAbout(t.app, seller, bookingId)).toEqual(['booked', 'paid', 'received', 'disputed', 'refunded']);
    expect((await t.app.inject({ url: '/admin/disputes', headers: admin.headers })).json()).toEqual([]);
  });

  it('refuses a problem report once the window closed', async () => {
    const { bookingId } = await paidShipping();
    await move(t.app, seller, bookingId, { to: 'shipped' });
    await move(t.app, buyer, bookingId, { to: 'received' });
    clock.advance(2 * DAY + 1);
    const late = await move(t.app, buyer, bookingId, { to: 'disputed', reason: 'Late' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'The time to report a problem with this order has passed. This order is received. What may happen next: completed.' });
  });
});

describe('moves that are not allowed', () => {
  it('answers 409 naming the state and what may happen next, for every move that is no next step', async () => {
    const bookingId = await paidMeetup();
    const cases: [Actor, string, string][] = [
      [buyer, 'cancelled', 'This order is paid. What may happen next: ready, refunded.'],
      [seller, 'received', 'This order is paid. What may happen next: ready, refunded.'],
      [buyer, 'completed', 'This order is paid. What may happen next: ready, refunded.'],
      [buyer, 'disputed', 'This order is paid. What may happen next: ready, refunded.'],
      // A meet-up is never shipped: the message does not offer it either.
      [seller, 'shipped', 'This order is paid. What may happen next: ready, refunded.'],
    ];
    for (const [actor, to, message] of cases) {
      const answer = await move(t.app, actor, bookingId, { to, reason: 'x' });
      expect({ to, status: answer.statusCode, body: answer.json() }).toEqual({ to, status: 409, body: { message } });
    }
    await move(t.app, seller, bookingId, { to: 'ready' });
    // Nothing moves backwards or skips a step.
    for (const to of ['ready', 'shipped', 'completed', 'cancelled']) {
      expect((await move(t.app, seller, bookingId, { to, reason: 'x' })).statusCode).toBe(409);
    }
  });

  it('answers 403 to a move of the wrong side, and to anyone who is no side of the order', async () => {
    const bookingId = await paidMeetup();
    expect((await move(t.app, buyer, bookingId, { to: 'ready' })).statusCode).toBe(403);
    expect((await move(t.app, buyer, bookingId, { to: 'refunded', reason: 'x' })).statusCode).toBe(403);
    const notYours = await move(t.app, stranger, bookingId, { to: 'ready' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({ message: 'This is not your order' });
    expect((await t.app.inject({ url: `/bookings/${bookingId}`, headers: stranger.headers })).statusCode).toBe(403);
    // An admin may mark it ready for the seller.
    expect((await move(t.app, admin, bookingId, { to: 'ready' })).json()).toMatchObject({ state: 'ready', viewer: 'admin' });
  });

  it('lets an admin who bought a book act as its buyer only', async () => {
    const bookingId = await bookingOf(t.app, admin, await freshBook());
    expect((await pay(t.app, t.stripe, admin, bookingId)).response.statusCode).toBe(200);
    expect((await orderAs(t.app, admin, bookingId))).toMatchObject({ viewer: 'buyer', actions: [] });
    expect((await move(t.app, admin, bookingId, { to: 'ready' })).json()).toEqual({ message: 'You cannot mark this order ready' });
    expect((await move(t.app, admin, bookingId, { to: 'refunded', reason: 'x' })).statusCode).toBe(403);
    expect((await orderAs(t.app, seller, bookingId)).state).toBe('paid');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const bookingId = await paidMeetup();
    for (const body of [{}, { to: 'paid' }, { to: 'expired' }, { to: 'ready', code: '12345' }, { to: 'ready', reason: 'x'.repeat(1001) }, { to: 'ready', carrier: 'x'.repeat(61) }]) {
      const answer = await move(t.app, seller, bookingId, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: expect.any(String) });
    }
    expect((await move(t.app, seller, 'f'.repeat(24), { to: 'ready' })).statusCode).toBe(404);
    expect((await move(t.app, seller, 'nope', { to: 'ready' })).statusCode).toBe(400);
    expect((await orderAs(t.app, buyer, bookingId)).state).toBe('paid');
  });

  it('lets two simultaneous moves never both win', async () => {
    const bookingId = await paidMeetup();
    const readies = await Promise.all([move(t.app, seller, bookingId, { to: 'ready' }), move(t.app, seller, bookingId, { to: 'ready' })]);
    expect(readies.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const code = (await orderAs(t.app, buyer, bookingId)).handoverCode;
    await move(t.app, seller, bookingId, { to: 'received', code });
    // From received, completing and reporting a problem exclude each other.
    const endings = await Promise.all([
      move(t.app, buyer, bookingId, { to: 'completed' }),
      move(t.app, buyer, bookingId, { to: 'disputed', reason: 'Torn cover' }),
    ]);
    expect(endings.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const order = await orderAs(t.app, buyer, bookingId);
    expect(order.timeline.map((step) => step.state)).toEqual(['booked', 'paid', 'ready', 'received', order.state]);
  });
});

describe('cancelling', () => {
  it('lets the buyer cancel a booked order, which stays in their list, and book the book again', async () => {
    const bookId = await freshBook();
    const bookingId = await bookingOf(t.app, buyer, bookId);
    const cancelled = await move(t.app, buyer, bookingId, { to: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', actions: [] });
    expect(await toldAbout(t.app, seller, bookingId)).toEqual(['booked', 'cancelled']);
    // A cancelled order cannot be paid.
    const intent = await t.app.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId } });
    expect(intent.statusCode).toBe(409);
    const again = await bookingOf(t.app, buyer, bookId);
    expect(again).not.toBe(bookingId);
  });

  it('cancels the open orders of a withdrawn book and tells their buyers', async () => {
    const bookId = await freshBook();
    const bookingId = await bookingOf(t.app, buyer, bookId);
    expect((await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: seller.headers })).statusCode).toBe(200);
    const order = await orderAs(t.app, buyer, bookingId);
    expect(order).toMatchObject({ state: 'cancelled', withdrawn: true });
    expect(order.timeline.at(-1)).toMatchObject({ state: 'cancelled', reason: 'The seller withdrew the book' });
    expect(await toldAbout(t.app, buyer, bookingId)).toEqual(['cancelled']);
  });

  it('lets the seller refund a paid order with a reason, putting the book back on sale', async () => {
    const bookId = await freshBook();
    const bookingId = await bookingOf(t.app, buyer, bookId);
    const { transactionId } = await pay(t.app, t.stripe, buyer, bookingId);
    expect((await t.app.inject({ url: `/books/${bookId}` })).json().sold).toBe(true);
    const refunded = await move(t.app, seller, bookingId, { to: 'refunded', reason: 'Coffee spilled on it' });
    expect(refunded.json()).toMatchObject({ state: 'refunded' });
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(1);
    expect((await t.app.inject({ url: `/books/${bookId}` })).json().sold).toBe(false);
    // Another buyer may book and pay for it now.
    const other = await signUp(t.app, `other${++counter}@test.dev`, 'Buyer');
    const second = await bookingOf(t.app, other, bookId);
    expect((await pay(t.app, t.stripe, other, second)).response.statusCode).toBe(200);
  });

  it('leaves a refund whose outcome is unknown under way, and the sweep finishes it once', async () => {
    const bookingId = await paidMeetup();
    t.stripe.refundsFail = true;
    try {
      const failed = await move(t.app, seller, bookingId, { to: 'refunded', reason: 'x' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toMatch(/did not confirm the refund yet/);
    } finally {
      t.stripe.refundsFail = false;
    }
    // Nothing else may happen to it meanwhile.
    expect(await orderAs(t.app, seller, bookingId)).toMatchObject({ state: 'paid', actions: [] });
    expect((await move(t.app, seller, bookingId, { to: 'ready' })).json()).toEqual({ message: 'A refund of this order is under way. What may happen next: refunded.' });
    clock.advance(MINUTE);
    await t.app.orders.sweep();
    const order = await orderAs(t.app, seller, bookingId);
    expect(order.state).toBe('refunded');
    expect(order.timeline.at(-1)).toMatchObject({ state: 'refunded', reason: 'x' });
  });

  it('keeps the order as it was when the provider refuses the refund', async () => {
    const bookingId = await paidMeetup();
    const [{ transaction_id: transactionId }] = await t.testDb.db.query<{ transaction_id: string }>('select transaction_id from payments where booking_id = $1', [bookingId]);
    const intent = t.stripe.intents.get(transactionId)!;
    intent.status = 'canceled';
    try {
      const refused = await move(t.app, seller, bookingId, { to: 'refunded', reason: 'x' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({ message: 'The payment provider refused the refund; the order stays as it was' });
    } finally {
      intent.status = 'succeeded';
    }
    expect(await orderAs(t.app, seller, bookingId)).toMatchObject({ state: 'paid', actions: ['ready', 'refunded'] });
    expect((await move(t.app, seller, bookingId, { to: 'refunded', reason: 'x' })).json()).toMatchObject({ state: 'refunded' });
  });

});
