import Stripe from 'stripe';
import type { LightMyRequestResponse } from 'fastify';
import { addProduct, buildTestApp, chargedBookingOf, signUpCast, type Actor, type TestApp } from './helper';

/** The signing secret the test apps share with the events they are sent. */
export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

/** The API with that secret (and the fake provider of `buildTestApp`). */
export const webhookConfig = { stripe: { secretKey: 'sk_test_sandbox', webhookSecret: WEBHOOK_SECRET } };

export type Cast = Awaited<ReturnType<typeof signUpCast>>;

/** What a webhook test file runs against: the API with that secret, and the usual cast signed up. */
export async function buildWebhookApp(): Promise<{ t: TestApp; cast: Cast }> {
  const t = await buildTestApp(webhookConfig);
  try {
    return { t, cast: await signUpCast(t.app) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * A booking of `buyer` (the cast's buyer unless given) whose card payment went through at the
 * provider, not yet recorded: for `bookId`, else for a new book of the cast's seller (at `price`).
 */
export async function chargedBooking(
  t: TestApp,
  cast: Cast,
  { buyer = cast.buyer, bookId, price }: { buyer?: Actor; bookId?: string; price?: number } = {},
) {
  const book = bookId ?? (await addProduct(t.app, cast.seller, price === undefined ? {} : { price }));
  return chargedBookingOf(t.app, t.stripe, buyer, book);
}

let events = 0;

/** A Stripe event as Stripe sends it, carrying `object`. */
export function stripeEvent(type: string, object: Record<string, unknown>) {
  events += 1;
  return {
    id: `evt_test${events}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** A `payment_intent.succeeded` event for the fake provider's intent, as the provider saw it then. */
export function succeededEvent(t: TestApp, transactionId: string, overrides: Record<string, unknown> = {}) {
  const intent = t.stripe.intents.get(transactionId);
  if (!intent) throw new Error(`unknown intent ${transactionId}`);
  return stripeEvent('payment_intent.succeeded', { ...intent, object: 'payment_intent', status: 'succeeded', ...overrides });
}

interface SendOptions {
  secret?: string;
  /** Seconds since the epoch the signature claims. */
  timestamp?: number;
  /** The signature header as is, instead of one computed. */
  signature?: string;
  contentType?: string;
}

/** Posts `body` (an event, or raw text) to the webhook, signed like Stripe signs it. */
export function sendWebhook(t: TestApp, body: unknown, options: SendOptions = {}): Promise<LightMyRequestResponse> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/stripe/webhook',
    headers: { 'content-type': options.contentType ?? 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** The payment rows of a transaction, straight from the database. */
export async function paymentRowsOf(t: TestApp, transactionId: string) {
  return t.testDb.db.query<{ booking_id: string; email: string; amount_cents: number }>(
    'select booking_id, email, amount_cents from payments where transaction_id = $1',
    [transactionId],
  );
}

/** Whether the booking is paid and its book sold, as the database has them. */
export async function saleOf(t: TestApp, bookingId: string) {
  const [row] = await t.testDb.db.query<{ paid: boolean; sold: boolean | null }>(
    'select k.paid, b.sold from bookings k left join books b on b.id = k.book_id where k.id = $1',
    [bookingId],
  );
  return row;
}

export const paidOf = async (t: TestApp, buyer: Actor, bookingId: string) =>
  (await t.app.inject({ url: `/bookings/${bookingId}`, headers: buyer.headers })).json<{ paid: boolean }>().paid;
