/**
 * POST /stripe/webhook: only events signed with the configured secret are read; a
 * payment_intent.succeeded records the charge as POST /payment would, from what the provider says.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { addProduct, bookingOf, paymentIntentFor, type TestApp } from './helper';
import {
  buildWebhookApp, chargedBooking, paidOf, paymentRowsOf, saleOf, sendWebhook, stripeEvent, succeededEvent, webhookConfig,
  type Cast,
} from './webhookSupport';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  ({ t, cast } = await buildWebhookApp());
});
afterAll(() => t.close());

const charged = (price = 12.5) => chargedBooking(t, cast, { price });

describe('a signed payment_intent.succeeded', () => {
  it('records the payment, marks the booking paid and the book sold', async () => {
    const { bookingId, transactionId } = await charged(12.5);
    const response = await sendWebhook(t, succeededEvent(t, transactionId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await paymentRowsOf(t, transactionId)).toEqual([{ booking_id: bookingId, email: cast.buyer.email, amount_cents: 1250 }]);
    expect(await saleOf(t, bookingId)).toEqual({ paid: true, sold: true });
    expect(await paidOf(t, cast.buyer, bookingId)).toBe(true);
    expect(t.stripe.refundsOf(transactionId)).toEqual([]);
  });

  it('takes amount and status from the provider, not from the event', async () => {
    const { bookingId, transactionId } = await charged(30);
    const cheap = await sendWebhook(t, succeededEvent(t, transactionId, { amount: 50, amount_received: 50 }));
    expect(cheap.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await paymentRowsOf(t, transactionId)).toEqual([{ booking_id: bookingId, email: cast.buyer.email, amount_cents: 3000 }]);

    // An event claiming success for an intent the provider shows unpaid records nothing.
    const bookId = await addProduct(t.app, cast.seller);
    const unpaidBooking = await bookingOf(t.app, cast.buyer, bookId);
    const unpaid = await paymentIntentFor(t.app, cast.buyer, unpaidBooking);
    const claimed = await sendWebhook(t, succeededEvent(t, unpaid));
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await paymentRowsOf(t, unpaid)).toEqual([]);
    expect(await saleOf(t, unpaidBooking)).toEqual({ paid: false, sold: false });
  });

  it("finds the booking from the intent it stored when the intent's metadata names none", async () => {
    const { bookingId, transactionId } = await charged();
    const intent = t.stripe.intents.get(transactionId);
    if (!intent) throw new Error('no intent');
    intent.metadata = {};
    const response = await sendWebhook(t, succeededEvent(t, transactionId));
    expect(response.json()).toEqual({ received: true, outcome: 'recorded' });
    expect(await saleOf(t, bookingId)).toEqual({ paid: true, sold: true });
  });

  it('ignores intents of no booking here, and answers other event types 200 without doing anything', async () => {
    t.stripe.addIntent({ id: 'pi_elsewhere', status: 'succeeded', amount: 900, currency: 'usd', metadata: {} });
    const foreign = await sendWebhook(t, succeededEvent(t, 'pi_elsewhere'));
    expect(foreign.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await paymentRowsOf(t, 'pi_elsewhere')).toEqual([]);

    const { bookingId, transactionId } = await charged();
    for (const type of ['payment_intent.created', 'charge.succeeded', 'customer.created']) {
      const response = await sendWebhook(t, stripeEvent(type, { ...t.stripe.intents.get(transactionId), object: 'payment_intent' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await saleOf(t, bookingId)).toEqual({ paid: false, sold: false });
  });

  it('answers 502 when the provider cannot be asked, so the event is sent again, and records on the retry', async () => {
    const { bookingId, transactionId } = await charged();
    const retrieve = jest.spyOn(t.stripe.paymentIntents, 'retrieve').mockRejectedValueOnce(
      Object.assign(new Error('connect ECONNREFUSED'), { type: 'StripeConnectionError' }),
    );
    const failed = await sendWebhook(t, succeededEvent(t, transactionId));
    retrieve.mockRestore();
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'The payment provider is unavailable, try again' });
    expect(await saleOf(t, bookingId)).toEqual({ paid: false, sold: false });
    expect((await sendWebhook(t, succeededEvent(t, transactionId))).json()).toEqual({ received: true, outcome: 'recorded' });
  });
});

describe('an event that is not signed right is refused with 400 and changes nothing', () => {
  it('refuses a wrong secret, an old timestamp, a bad or missing header, a changed body and garbage', async () => {
    const { bookingId, transactionId } = await charged();
    const event = succeededEvent(t, transactionId);
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify(event);
    const attempts = [
      sendWebhook(t, event, { secret: 'whsec_someone_else' }),
      sendWebhook(t, event, { timestamp: now - 600 }),
      sendWebhook(t, event, { signature: '' }),
      sendWebhook(t, event, { signature: 'garbage' }),
      sendWebhook(t, event, { signature: `t=${now},v1=${'0'.repeat(64)}` }),
      // Signed, then one byte changed.
      (async () => {
        const { default: Stripe } = await import('stripe');
        const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookConfig.stripe.webhookSecret });
        return sendWebhook(t, body.replace('"succeeded"', '"Succeeded"'), { signature });
      })(),
      sendWebhook(t, 'not json at all'),
      sendWebhook(t, '{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"id":"not-an-intent"}}}'),
      sendWebhook(t, '', {}),
      t.app.inject({ method: 'POST', url: '/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: body }),
    ];
    const answers = (await Promise.all(attempts)).map((response) => [response.statusCode, typeof response.json().message]);
    expect(answers).toEqual(attempts.map(() => [400, 'string']));
    const otherType = await sendWebhook(t, event, { contentType: 'text/plain' });
    expect(otherType.statusCode).toBeGreaterThanOrEqual(400);
    expect(otherType.statusCode).toBeLessThan(500);
    expect(otherType.json()).toEqual({ message: expect.any(String) });

    expect(await paymentRowsOf(t, transactionId)).toEqual([]);
    expect(await saleOf(t, bookingId)).toEqual({ paid: false, sold: false });
  });

  it('answers 413 for a body past the limit, not 500', async () => {
    const response = await sendWebhook(t, stripeEvent('charge.succeeded', { padding: 'x'.repeat(300 * 1024) }));
    expect(response.statusCode).toBe(413);
  });
});

describe('the webhook secret', () => {
  it('defaults to the sandbox secret with the sandbox key, and is off with a real key and no secret', async () => {
    expect(loadConfig({}).stripe.webhookSecret).toBe('whsec_sandbox');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc123' }).stripe.webhookSecret).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe.webhookSecret).toBe('whsec_abc');
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('STRIPE_WEBHOOK_SECRET');

    const off = await buildApp({
      ...t.options, db: t.testDb.db, seed: false,
      config: { ...t.options.config, stripe: { secretKey: 'sk_test_abc' } },
    });
    try {
      const response = await off.inject({ method: 'POST', url: '/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
