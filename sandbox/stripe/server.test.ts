/**
 * The sandbox driven by the real `stripe` Node SDK, pointed at it with host/port/protocol,
 * exactly as the API server does in sandbox mode.
 */
import Stripe from 'stripe';
import type { CreatePaymentIntent } from '../../server/src/lib/paymentProvider';
import { stripePaymentProvider } from '../../server/src/lib/stripeProvider';
import { type StripeSandbox, startStripeSandbox } from './server';

let sandbox: StripeSandbox;
let stripe: Stripe;

function sdk(key: string): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
}

/** What the SDK rejects with: a StripeError subclass. */
async function rejection(promise: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const nextYear = String(new Date().getFullYear() + 1);

function cardMethod(number: string, overrides: Partial<Stripe.PaymentMethodCreateParams.Card> = {}) {
  return stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: Number(nextYear), cvc: '123', ...overrides },
  });
}

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0 });
  stripe = sdk('sk_test_sandbox');
});

afterAll(() => sandbox.close());

describe('PaymentIntents through the Stripe SDK', () => {
  it('creates a PaymentIntent and retrieves it unchanged', async () => {
    const created = await stripe.paymentIntents.create({
      amount: 1250,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      metadata: { bookingId: 'booking-1' },
    });
    expect(created).toMatchObject({
      object: 'payment_intent',
      amount: 1250,
      currency: 'usd',
      status: 'requires_payment_method',
      livemode: false,
      metadata: { bookingId: 'booking-1' },
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
    });
    expect(created.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_[A-Za-z0-9]+$`));
    expect(typeof created.created).toBe('number');

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect(retrieved).toEqual(created);
  });

  it('confirms with the 4242 card: succeeded, amount received, and cannot be confirmed twice', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    const method = await cardMethod('4242424242424242');
    expect(method).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });

    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: method.id });
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 900, payment_method: method.id });
    expect(confirmed.latest_charge).toMatch(/^ch_/);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');

    const again = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: method.id }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again.code).toBe('payment_intent_unexpected_state');
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s with %s like Stripe test mode', async (number, declineCode, message) => {
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
    const method = await cardMethod(number);

    const error = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: method.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined', decline_code: declineCode, message });
    expect(error.payment_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: declineCode, message });

    // The customer can retry the same PaymentIntent with another card.
    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(retried.status).toBe('succeeded');
  });

  it("accepts Stripe's test PaymentMethod ids and create-with-confirm", async () => {
    const paid = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    expect(paid.status).toBe('succeeded');
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const error = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }));
    expect(error.decline_code).toBe('generic_decline');
  });

  it('cancels an unpaid PaymentIntent', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 800, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    const error = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    expect(error.code).toBe('payment_intent_unexpected_state');
  });

  it('updates metadata the way Stripe merges it', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 800, currency: 'usd', metadata: { a: '1', b: '2' } });
    const updated = await stripe.paymentIntents.update(intent.id, { metadata: { b: '', c: '3' } });
    expect(updated.metadata).toEqual({ a: '1', c: '3' });
  });
});

describe('Refunds through the Stripe SDK', () => {
  const paidIntent = (amount: number) =>
    stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });

  it('refunds a succeeded PaymentIntent in full, once, and answers the same refund to a repeat with its key', async () => {
    const paid = await paidIntent(1299);
    const refund = await stripe.refunds.create(
      { payment_intent: paid.id, reason: 'requested_by_customer', metadata: { bookingId: 'b-1' } },
      { idempotencyKey: `refund-${paid.id}` },
    );
    expect(refund).toMatchObject({
      object: 'refund', amount: 1299, currency: 'usd', payment_intent: paid.id, charge: paid.latest_charge,
      status: 'succeeded', reason: 'requested_by_customer', metadata: { bookingId: 'b-1' },
    });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    const repeat = await stripe.refunds.create(
      { payment_intent: paid.id, reason: 'requested_by_customer', metadata: { bookingId: 'b-1' } },
      { idempotencyKey: `refund-${paid.id}` },
    );
    expect(repeat.id).toBe(refund.id);
    const again = await rejection(stripe.refunds.create({ payment_intent: paid.id }));
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refunds in parts up to what was charged, by PaymentIntent or by charge', async () => {
    const paid = await paidIntent(1000);
    expect((await stripe.refunds.create({ payment_intent: paid.id, amount: 400 })).amount).toBe(400);
    const tooMuch = await rejection(stripe.refunds.create({ charge: String(paid.latest_charge), amount: 700 }));
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', message: expect.stringContaining('($6.00)') });
    expect((await stripe.refunds.create({ charge: String(paid.latest_charge) })).amount).toBe(600);
    // Listed newest first, by PaymentIntent.
    const listed = await stripe.refunds.list({ payment_intent: paid.id });
    expect(listed.data.map((refund) => refund.amount)).toEqual([600, 400]);
    expect((await stripe.refunds.list({ payment_intent: paid.id, limit: 1 })).has_more).toBe(true);
    expect(await rejection(stripe.refunds.list({ limit: 101 }))).toMatchObject({ statusCode: 400 });
  });

  it('refuses an unpaid PaymentIntent, an unknown one and a publishable key', async () => {
    const unpaid = await stripe.paymentIntents.create({ amount: 800, currency: 'usd' });
    expect(await rejection(stripe.refunds.create({ payment_intent: unpaid.id }))).toMatchObject({
      statusCode: 400, code: 'charge_not_refundable',
    });
    expect(await rejection(stripe.refunds.create({ payment_intent: 'pi_missing' }))).toMatchObject({
      statusCode: 404, code: 'resource_missing',
    });
    const paid = await paidIntent(800);
    expect(await rejection(sdk('pk_test_sandbox').refunds.create({ payment_intent: paid.id }))).toMatchObject({ statusCode: 401 });
  });
});

describe("the API's payment provider against the sandbox", () => {
  it('creates, reads back and refunds once, as the payment routes do', async () => {
    const provider = stripePaymentProvider({ secretKey: 'sk_test_sandbox', host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
    const created = await provider.paymentIntents.create(
      { amount: 2500, currency: 'usd', payment_method_types: ['card'], metadata: { bookingId: 'b-9', bookId: 'k-9' } },
      { idempotencyKey: 'payment-intent-b-9-2500-0' },
    );
    await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect(await provider.paymentIntents.retrieve(created.id)).toMatchObject({ status: 'succeeded', amount: 2500, metadata: { bookingId: 'b-9' } });
    const params = { payment_intent: created.id, reason: 'requested_by_customer', metadata: { bookingId: 'b-9' } } as const;
    const refund = await provider.refunds.create(params, { idempotencyKey: `refund-${created.id}` });
    expect(refund).toMatchObject({ amount: 2500, status: 'succeeded' });
    expect((await provider.refunds.create(params, { idempotencyKey: `refund-${created.id}` })).id).toBe(refund.id);
  });

  it('creates one PaymentIntent per idempotency key, even for simultaneous requests, and reads it back open', async () => {
    const provider = stripePaymentProvider({ secretKey: 'sk_test_sandbox', host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
    const params: CreatePaymentIntent = {
      amount: 1800, currency: 'usd', payment_method_types: ['card'], metadata: { bookingId: 'b-10', bookId: 'k-10' },
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => provider.paymentIntents.create(params, { idempotencyKey: 'payment-intent-b-10-1800-0' })),
    );
    expect(new Set(answers.map((intent) => intent.id)).size).toBe(1);
    expect(new Set(answers.map((intent) => intent.client_secret)).size).toBe(1);
    expect(await provider.paymentIntents.retrieve(answers[0].id)).toMatchObject({
      status: 'requires_payment_method', amount: 1800, currency: 'usd', client_secret: answers[0].client_secret,
      metadata: { bookingId: 'b-10', bookId: 'k-10' },
    });
    const next = await provider.paymentIntents.create(params, { idempotencyKey: 'payment-intent-b-10-1800-1' });
    expect(next.id).not.toBe(answers[0].id);
  });
});

describe('card validation errors with Stripe wording', () => {
  it.each([
    ['4242424242424241', {}, 'incorrect_number', 'Your card number is incorrect.', 'card[number]'],
    ['424242424242', {}, 'incomplete_number', 'Your card number is incomplete.', 'card[number]'],
    ['4242424242424242', { exp_year: 2001 }, 'invalid_expiry_year_past', "Your card's expiration year is in the past.", 'card[exp_year]'],
    ['4242424242424242', { exp_month: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]'],
    ['4242424242424242', { cvc: '12' }, 'incomplete_cvc', "Your card's security code is incomplete.", 'card[cvc]'],
  ] as const)('%s %j → %s', async (number, overrides, code, message, param) => {
    const error = await rejection(cardMethod(number, overrides));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code, message, param });
    expect(error.raw).toMatchObject({ type: 'card_error' });
  });

  it('reports a missing expiry as incomplete', async () => {
    const error = await rejection(
      stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', cvc: '123' } as Stripe.PaymentMethodCreateParams.Card }),
    );
    expect(error).toMatchObject({ code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." });
  });
});

describe('request errors', () => {
  it('answers 401 with Stripe’s error object for a wrong secret key', async () => {
    const error = await rejection(sdk('sk_test_wrongkey1234').paymentIntents.create({ amount: 1000, currency: 'usd' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.raw).toMatchObject({ type: 'invalid_request_error' });
    expect(error.message).toBe('Invalid API Key provided: sk_test_********1234');
  });

  it('answers 404 resource_missing for an unknown PaymentIntent', async () => {
    const error = await rejection(stripe.paymentIntents.retrieve('pi_doesnotexist'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'intent', message: "No such payment_intent: 'pi_doesnotexist'" });
  });

  it('requires amount and rejects amounts below 50 cents', async () => {
    const missing = await rejection(stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams));
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
    const small = await rejection(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }));
    expect(small).toMatchObject({ code: 'amount_too_small', param: 'amount' });
  });

  it('replays a POST with the same Idempotency-Key and refuses it with other parameters', async () => {
    const first = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' }, { idempotencyKey: 'order-42' });
    const second = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' }, { idempotencyKey: 'order-42' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const error = await rejection(stripe.paymentIntents.create({ amount: 1600, currency: 'usd' }, { idempotencyKey: 'order-42' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
