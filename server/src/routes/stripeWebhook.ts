import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { badRequest } from '../lib/errors';
import { recordSucceededIntent, type SucceededIntent, type WebhookOutcome } from '../payments/webhook';
import { CONNECT_EVENTS, onConnectEvent } from '../payouts/webhook';

/** Stripe's events are a few kilobytes; a PaymentIntent with its charges stays well below this. */
const EVENT_BODY_LIMIT = 256 * 1024;

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

/**
 * The body exactly as received. Its bytes sit in a private field: the checks that walk every
 * parsed body (control characters) see no properties to walk, so an unsigned body costs no more
 * than reading it and one HMAC.
 */
class RawBody {
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** The event's PaymentIntent, when it has the shape Stripe sends; otherwise undefined. */
function succeededIntentOf(event: Stripe.Event): SucceededIntent | undefined {
  const object: unknown = event.data?.object;
  if (typeof object !== 'object' || object === null || !('id' in object) || typeof object.id !== 'string') return undefined;
  if (!PAYMENT_INTENT_ID.test(object.id)) return undefined;
  const metadata = 'metadata' in object ? object.metadata : undefined;
  if (typeof metadata !== 'object' || metadata === null) return { id: object.id, metadata: {} };
  const strings = Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { id: object.id, metadata: Object.fromEntries(strings) };
}

/** The event, when the body is signed with `secret` within Stripe's tolerance (five minutes). */
function verifiedEvent(stripe: typeof Stripe, request: FastifyRequest, secret: string): Stripe.Event {
  const signature = request.headers['stripe-signature'];
  if (typeof signature !== 'string' || signature === '') throw badRequest('Missing Stripe-Signature header');
  if (!(request.body instanceof RawBody)) throw badRequest('The event must be sent as JSON');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(request.body.bytes, signature, secret);
  } catch (error) {
    if (error instanceof stripe.errors.StripeSignatureVerificationError) {
      throw badRequest('The Stripe-Signature header does not match the event');
    }
    throw badRequest('The event is not valid JSON');
  }
  if (typeof event !== 'object' || event === null || typeof event.type !== 'string') throw badRequest('Not a Stripe event');
  return event;
}

/**
 * `POST /stripe/webhook`: the provider's signed events. A charge whose `POST /payment` never
 * arrived (the tab closed) is recorded from `payment_intent.succeeded`. Not wrapped in
 * fastify-plugin, so the raw-body parser below applies to this route only: the signature covers
 * the exact bytes sent.
 */
export default async function stripeWebhookRoutes(app: FastifyInstance) {
  const secret = app.config.stripe.webhookSecret;
  if (secret === undefined) {
    app.log.info('STRIPE_WEBHOOK_SECRET is not set: POST /stripe/webhook is off');
    return;
  }
  // Stripe's SDK (for its signature check) loads only when the webhook is on.
  const { default: stripe } = await import('stripe');

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, new RawBody(Buffer.isBuffer(body) ? body : Buffer.from(body))),
  );

  app.post(
    '/stripe/webhook',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['received', 'outcome'],
            properties: { received: { type: 'boolean' }, outcome: { type: 'string', enum: ['recorded', 'refunded', 'ignored'] } },
          },
        },
      },
    },
    async (request): Promise<{ received: true; outcome: WebhookOutcome }> => {
      const event = verifiedEvent(stripe, request, secret);
      if (CONNECT_EVENTS.has(event.type)) {
        const outcome = await onConnectEvent(app.payouts.deps(request.log), event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook: connect event');
        return { received: true, outcome };
      }
      if (event.type !== 'payment_intent.succeeded') return { received: true, outcome: 'ignored' };
      const intent = succeededIntentOf(event);
      if (!intent) throw badRequest('The event carries no PaymentIntent');
      const outcome = await recordSucceededIntent(
        {
          db: app.db, provider: app.payments, log: request.log,
          clock: app.orders.clock, deadlines: app.orders.deadlines, commission: app.orders.commission, told: app.orders.told,
        },
        intent,
      );
      request.log.info({ eventId: event.id, transactionId: intent.id, outcome }, 'webhook: payment_intent.succeeded');
      return { received: true, outcome };
    },
  );
}
