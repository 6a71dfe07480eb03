import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import { stripePaymentProvider } from '../src/lib/stripeProvider';
import { addProduct, bookingOf, buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { MovableClock, move, orderAs } from './orderSupport';

/**
 * Every way an order is refunded, against the payment sandbox through the real SDK: the seller's
 * refund, an admin's settling a dispute, the hand-over deadline, and the sweep finishing a refund
 * that a process left half-done. Each charge is refunded once, in full, whatever runs twice.
 */
const SECRET_KEY = 'sk_test_sandbox';
const DAY = 86_400_000;
let sandbox: StripeSandbox;
let stripe: Stripe;
let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let counter = 0;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SECRET_KEY });
  const config = { secretKey: SECRET_KEY, host: '127.0.0.1', port: sandbox.port, protocol: 'http' as const };
  stripe = new Stripe(SECRET_KEY, { host: config.host, port: config.port, protocol: config.protocol, telemetry: false });
  clock = new MovableClock();
  t = await buildTestApp({ stripe: config }, { payments: stripePaymentProvider(config), clock });
  buyer = await signUp(t.app, 'refund-buyer@test.dev', 'Buyer');
  seller = await signUp(t.app, 'refund-seller@test.dev', 'seller');
  admin = await signUp(t.app, 'admin@test.dev', 'Buyer');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/** A meet-up of a fresh $12.50 book, paid by card at the sandbox: the order and its PaymentIntent. */
async function paidMeetup(): Promise<{ bookingId: string; intentId: string }> {
  const bookId = await addProduct(t.app, seller, { name: `Refund book ${++counter}`, price: 12.5 });
  const bookingId = await bookingOf(t.app, buyer, bookId);
  const created = await t.app.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId } });
  const intentId = (created.json<{ clientSecret: string }>().clientSecret).split('_secret_')[0];
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  const paid = await t.app.inject({ method: 'POST', url: '/payment', headers: buyer.headers, payload: { bookingId, transactionId: intentId } });
  expect(paid.statusCode).toBe(200);
  return { bookingId, intentId };
}

const refundsOf = async (intentId: string) => (await stripe.refunds.list({ payment_intent: intentId, limit: 10 })).data;

/** The order ended `refunded` with one timeline step for it, and its charge was refunded once, in full. */
async function refundedOnce(bookingId: string, intentId: string) {
  const order = await orderAs(t.app, buyer, bookingId);
  expect(order.state).toBe('refunded');
  expect(order.timeline.filter((step: { state: string }) => step.state === 'refunded')).toHaveLength(1);
  const refunds = await refundsOf(intentId);
  expect(refunds.map((refund) => ({ amount: refund.amount, status: refund.status }))).toEqual([{ amount: 1250, status: 'succeeded' }]);
  expect((await stripe.paymentIntents.retrieve(intentId)).amount).toBe(1250);
}

it("refunds once when the seller refunds, even asked twice at the same moment", async () => {
  const { bookingId, intentId } = await paidMeetup();
  const answers = await Promise.all([
    move(t.app, seller, bookingId, { to: 'refunded', reason: 'The book got damaged' }),
    move(t.app, seller, bookingId, { to: 'refunded', reason: 'The book got damaged' }),
  ]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  await refundedOnce(bookingId, intentId);
  expect((await move(t.app, seller, bookingId, { to: 'refunded', reason: 'Again' })).statusCode).toBe(409);
  await refundedOnce(bookingId, intentId);
});

it('refunds once when an admin settles a dispute as refunded', async () => {
  const { bookingId, intentId } = await paidMeetup();
  const code = (await orderAs(t.app, buyer, bookingId)).handoverCode;
  await move(t.app, seller, bookingId, { to: 'ready' });
  expect((await move(t.app, seller, bookingId, { to: 'received', code })).statusCode).toBe(200);
  expect((await move(t.app, buyer, bookingId, { to: 'disputed', reason: 'Pages missing' })).statusCode).toBe(200);
  expect((await move(t.app, admin, bookingId, { to: 'refunded', reason: 'Pages were missing' })).statusCode).toBe(200);
  await refundedOnce(bookingId, intentId);
});

it('refunds once when the hand-over deadline passes, swept twice', async () => {
  const { bookingId, intentId } = await paidMeetup();
  await move(t.app, seller, bookingId, { to: 'ready' });
  clock.advance(7 * DAY - 1_000);
  await t.app.orders.sweep();
  expect((await orderAs(t.app, buyer, bookingId)).state).toBe('ready');
  expect(await refundsOf(intentId)).toEqual([]);
  clock.advance(2_000);
  await Promise.all([t.app.orders.sweep(), t.app.orders.sweep()]);
  await refundedOnce(bookingId, intentId);
});

it('finishes a refund that a process left half-done, before or after the provider refunded', async () => {
  const before = await paidMeetup();
  const after = await paidMeetup();
  // Both were marked as under way by a process that then died: one before asking the provider,
  // one after the provider refunded (with the key the API uses) but before the order moved.
  await stripe.refunds.create(
    { payment_intent: after.intentId, reason: 'requested_by_customer', metadata: { bookingId: after.bookingId } },
    { idempotencyKey: `refund-${after.intentId}` },
  );
  await t.testDb.db.query(
    "update bookings set refund_started_at = $2, refund_reason = 'The seller refunded it', refund_actor = 'seller' where id = any($1::text[])",
    [[before.bookingId, after.bookingId], clock.now()],
  );
  // Not yet: a refund under way is left to the process making it for ORDER_REFUND_RETRY_AFTER.
  await t.app.orders.sweep();
  expect((await orderAs(t.app, buyer, before.bookingId)).state).toBe('paid');
  expect(await refundsOf(before.intentId)).toEqual([]);
  expect((await move(t.app, seller, before.bookingId, { to: 'ready' })).statusCode).toBe(409);
  clock.advance(61_000);
  expect(await t.app.orders.sweep()).toMatchObject({ refundsFinished: 2, refundsFailed: 0 });
  await refundedOnce(before.bookingId, before.intentId);
  await refundedOnce(after.bookingId, after.intentId);
  const order = await orderAs(t.app, buyer, after.bookingId);
  expect(order.timeline.at(-1)).toMatchObject({ state: 'refunded', reason: 'The seller refunded it' });
});
