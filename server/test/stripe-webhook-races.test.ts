/**
 * The webhook and the browser's POST /payment report the same charge: in either order, repeated,
 * or at the same moment, one payment is recorded; a charge for a sale that can no longer happen is
 * refunded once.
 */
import { addProduct, recordCharge, signUp, type Actor, type TestApp } from './helper';
import { buildWebhookApp, chargedBooking, paymentRowsOf, saleOf, sendWebhook, succeededEvent, type Cast } from './webhookSupport';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  ({ t, cast } = await buildWebhookApp());
});
afterAll(() => t.close());

const charged = (buyer: Actor = cast.buyer, bookId?: string) => chargedBooking(t, cast, { buyer, bookId });
const webhook = (transactionId: string) => sendWebhook(t, succeededEvent(t, transactionId));

describe('one payment, whoever reports it', () => {
  it('records once when the same event is delivered again', async () => {
    const { bookingId, transactionId } = await charged();
    const event = succeededEvent(t, transactionId);
    const answers = [await sendWebhook(t, event), await sendWebhook(t, event), await sendWebhook(t, event)];
    expect(answers.map((answer) => answer.json())).toEqual(answers.map(() => ({ received: true, outcome: 'recorded' })));
    expect(await paymentRowsOf(t, transactionId)).toHaveLength(1);
    expect(await saleOf(t, bookingId)).toEqual({ paid: true, sold: true });
  });

  it('answers the browser the webhook’s record when the webhook came first', async () => {
    const payment = await charged();
    expect((await webhook(payment.transactionId)).json()).toEqual({ received: true, outcome: 'recorded' });
    const browser = await recordCharge(t.app, cast.buyer, payment);
    expect(browser.statusCode).toBe(200);
    const [row] = await t.testDb.db.query<{ id: string }>('select id from payments where transaction_id = $1', [payment.transactionId]);
    expect(browser.json()).toEqual({ acknowledged: true, insertedId: row.id });
    expect(await paymentRowsOf(t, payment.transactionId)).toHaveLength(1);
    expect(t.stripe.refundsOf(payment.transactionId)).toEqual([]);
  });

  it('takes a late webhook for a payment the browser recorded as done', async () => {
    const payment = await charged();
    expect((await recordCharge(t.app, cast.buyer, payment)).statusCode).toBe(200);
    expect((await webhook(payment.transactionId)).json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await paymentRowsOf(t, payment.transactionId)).toHaveLength(1);
    expect(t.stripe.refundsOf(payment.transactionId)).toEqual([]);
  });

  it('leaves one payment and one paid booking, refunding nothing, when both arrive at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const payment = await charged();
      const [fromWebhook, fromBrowser, again] = await Promise.all([
        webhook(payment.transactionId),
        recordCharge(t.app, cast.buyer, payment),
        webhook(payment.transactionId),
      ]);
      expect([fromWebhook.statusCode, fromBrowser.statusCode, again.statusCode]).toEqual([200, 200, 200]);
      expect(fromWebhook.json()).toEqual({ received: true, outcome: 'recorded' });
      expect(again.json()).toEqual({ received: true, outcome: 'recorded' });
      expect(await paymentRowsOf(t, payment.transactionId)).toHaveLength(1);
      expect(await saleOf(t, payment.bookingId)).toEqual({ paid: true, sold: true });
      expect(t.stripe.refundsOf(payment.transactionId)).toEqual([]);
    }
  });
});

describe('a charge for a sale that can no longer happen is refunded', () => {
  it('refunds once when the seller withdrew the book before the webhook came, and records nothing', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const payment = await charged(cast.buyer, bookId);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers });
    expect(deleted.statusCode).toBe(200);
    const answers = [await webhook(payment.transactionId), await webhook(payment.transactionId)];
    expect(answers.map((answer) => answer.json())).toEqual([
      { received: true, outcome: 'refunded' }, { received: true, outcome: 'refunded' },
    ]);
    expect(t.stripe.refundsOf(payment.transactionId)).toHaveLength(1);
    expect(await paymentRowsOf(t, payment.transactionId)).toEqual([]);
    expect((await saleOf(t, payment.bookingId)).paid).toBe(false);
  });

  it('refunds when the buyer cancelled the booking', async () => {
    const payment = await charged();
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/bookings/${payment.bookingId}`, headers: cast.buyer.headers });
    expect(cancelled.statusCode).toBe(200);
    expect((await webhook(payment.transactionId)).json()).toEqual({ received: true, outcome: 'refunded' });
    expect(t.stripe.refundsOf(payment.transactionId)).toHaveLength(1);
    expect(await paymentRowsOf(t, payment.transactionId)).toEqual([]);
  });

  it('refunds the second buyer when another buyer already paid for the book', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const rival = await signUp(t.app, 'webhook-rival@test.dev');
    const first = await charged(cast.buyer, bookId);
    const second = await charged(rival, bookId);
    expect((await webhook(first.transactionId)).json()).toEqual({ received: true, outcome: 'recorded' });
    expect((await webhook(second.transactionId)).json()).toEqual({ received: true, outcome: 'refunded' });
    expect(t.stripe.refundsOf(second.transactionId)).toHaveLength(1);
    expect(t.stripe.refundsOf(first.transactionId)).toEqual([]);
    // The rival's browser, arriving late, is told the same and nothing is refunded twice.
    const late = await recordCharge(t.app, rival, second);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This book was sold to another buyer meanwhile. Your payment of $12.50 has been refunded.');
    expect(t.stripe.refundsOf(second.transactionId)).toHaveLength(1);
    expect(await saleOf(t, second.bookingId)).toEqual({ paid: false, sold: true });
  });

  it('answers 502 when the refund fails, so the event comes again, and refunds then', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const payment = await charged(cast.buyer, bookId);
    await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers });
    t.stripe.refundsFail = true;
    const failed = await webhook(payment.transactionId);
    t.stripe.refundsFail = false;
    expect(failed.statusCode).toBe(502);
    expect(t.stripe.refundsOf(payment.transactionId)).toEqual([]);
    expect((await webhook(payment.transactionId)).json()).toEqual({ received: true, outcome: 'refunded' });
    expect(t.stripe.refundsOf(payment.transactionId)).toHaveLength(1);
  });
});
