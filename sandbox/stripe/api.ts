/**
 * The `/v1` part of the sandbox: authentication (secret key, or publishable key plus the
 * PaymentIntent's client_secret as Stripe.js does), the Stripe-Account header of Connect calls,
 * idempotent replays of POSTs (the Node SDK keys every POST and retries), routing to the resources
 * (PaymentIntents, PaymentMethods, Refunds, and Connect's), and Stripe's error envelope.
 */
import { Buffer } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
import type Stripe from 'stripe';
import { Connect, type ConnectOptions } from './connect';
import {
  StripeApiError,
  accountInvalid,
  authenticationError,
  clientSecretMismatch,
  idempotencyMismatch,
  parameterMissing,
  platformOnly,
  secretKeyRequired,
  unrecognizedUrl,
} from './errors';
import { type FormObject, readString } from './form';
import { PaymentIntents } from './payment-intents';
import { PaymentMethods } from './payment-methods';
import { Refunds } from './refunds';
import type { CallContext, Route, SandboxResult } from './routes';
import type { SandboxStore } from './store';
import type { EventSink } from './webhooks';

/** Stripe keeps idempotent answers for 24 hours. */
const REPLAY_LIFETIME_MS = 24 * 3600 * 1000;

/** The fields Stripe returns when a PaymentIntent is read with a publishable key. */
const PUBLISHABLE_FIELDS = [
  'id', 'object', 'amount', 'automatic_payment_methods', 'canceled_at', 'cancellation_reason',
  'capture_method', 'client_secret', 'confirmation_method', 'created', 'currency', 'description',
  'last_payment_error', 'livemode', 'next_action', 'payment_method', 'payment_method_types',
  'processing', 'receipt_email', 'setup_future_usage', 'shipping', 'status',
] as const;

export type ClientPaymentIntent = Pick<Stripe.PaymentIntent, (typeof PUBLISHABLE_FIELDS)[number]>;

export function clientView(intent: Stripe.PaymentIntent): ClientPaymentIntent {
  const view: Partial<Record<keyof Stripe.PaymentIntent, unknown>> = {};
  for (const field of PUBLISHABLE_FIELDS) view[field] = intent[field];
  return view as ClientPaymentIntent;
}

interface ApiRequest {
  method: string;
  path: string;
  params: FormObject;
  headers: IncomingHttpHeaders;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  replayed?: boolean;
}

export interface ApiKeys {
  secretKey: string;
  publishableKey: string;
}

type KeyKind = 'secret' | 'publishable';

export interface ApiOptions {
  /** Where events go (webhooks); they are dropped when unset. */
  notify?: EventSink;
  connect: ConnectOptions;
}

function bearerOrBasicKey(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(' ');
  if (/^bearer$/i.test(scheme)) return value.trim();
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

/** The connected account a call is made on: `Stripe-Account: acct_…` (or the SDK's `Stripe-Context`). */
function connectedAccountHeader(headers: IncomingHttpHeaders): string | undefined {
  const value = headers['stripe-account'] ?? headers['stripe-context'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export class StripeApi {
  readonly connect: Connect;
  private readonly intents: PaymentIntents;
  private readonly methods: PaymentMethods;
  private readonly refunds: Refunds;
  private readonly routes: Route[];
  /** Idempotency-Key → the first answer, per API key and account (as Stripe scopes them), 24 h like Stripe. */
  private readonly replays = new Map<string, { fingerprint: string; response: ApiResponse; at: number }>();

  constructor(
    store: SandboxStore,
    private readonly keys: ApiKeys,
    options: ApiOptions,
  ) {
    const notify: EventSink = options.notify ?? (() => undefined);
    this.connect = new Connect(store, notify, options.connect);
    this.methods = new PaymentMethods(store);
    this.intents = new PaymentIntents(store, this.methods, (intent) => {
      // Charges settle to the platform's available balance at once in the sandbox.
      if (this.connect.balances.charged(intent)) store.save();
      notify('payment_intent.succeeded', intent);
    });
    this.refunds = new Refunds(store, this.intents);
    const refund = (created: Stripe.Refund) => {
      if (this.connect.balances.refunded(created)) store.save();
      return created;
    };
    const intent = '/v1/payment_intents/([A-Za-z0-9_]+)';
    this.routes = [
      { method: 'POST', pattern: /^\/v1\/payment_intents$/, publishable: 'no', run: (_, p) => this.intents.create(p) },
      { method: 'GET', pattern: new RegExp(`^${intent}$`), publishable: 'with-client-secret', run: (id) => this.intents.retrieve(id) },
      { method: 'POST', pattern: new RegExp(`^${intent}$`), publishable: 'no', run: (id, p) => this.intents.update(id, p) },
      { method: 'POST', pattern: new RegExp(`^${intent}/confirm$`), publishable: 'with-client-secret', run: (id, p) => this.intents.confirm(id, p) },
      { method: 'POST', pattern: new RegExp(`^${intent}/capture$`), publishable: 'no', run: (id, p) => this.intents.capture(id, p) },
      { method: 'POST', pattern: new RegExp(`^${intent}/cancel$`), publishable: 'no', run: (id, p) => this.intents.cancel(id, p) },
      { method: 'POST', pattern: /^\/v1\/payment_methods$/, publishable: 'yes', run: (_, p) => this.methods.create(p) },
      { method: 'GET', pattern: /^\/v1\/payment_methods\/([A-Za-z0-9_]+)$/, publishable: 'no', run: (id) => this.methods.retrieve(id) },
      { method: 'POST', pattern: /^\/v1\/refunds$/, publishable: 'no', run: (_, p) => refund(this.refunds.create(p)) },
      { method: 'GET', pattern: /^\/v1\/refunds$/, publishable: 'no', run: (_, p) => this.refunds.list(p) },
      { method: 'GET', pattern: /^\/v1\/refunds\/([A-Za-z0-9_]+)$/, publishable: 'no', run: (id) => this.refunds.retrieve(id) },
      ...this.connect.routes(),
    ];
  }

  handle(request: ApiRequest): ApiResponse {
    let kind: KeyKind | undefined;
    try {
      const apiKey = bearerOrBasicKey(request.headers) ?? readString(request.params, 'key');
      kind = this.keyKind(apiKey);
      const accountId = connectedAccountHeader(request.headers);
      const account = accountId === undefined ? null : this.connect.accounts.find(accountId);
      if (account === undefined) throw accountInvalid(apiKey ?? '', accountId ?? '');
      const context: CallContext = { account };
      const idempotencyKey = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
      if (typeof idempotencyKey !== 'string') return this.dispatch(request, kind, context);
      // Keys are scoped to the API key and the account the call is made on, as Stripe scopes them.
      const scope = JSON.stringify([apiKey, accountId ?? null, idempotencyKey]);
      const fingerprint = JSON.stringify([request.method, request.path, accountId ?? null, request.params]);
      return this.withIdempotency(scope, idempotencyKey, fingerprint, () => this.dispatch(request, kind as KeyKind, context));
    } catch (error) {
      return this.errorResponse(error, kind);
    }
  }

  private keyKind(apiKey: string | undefined): KeyKind {
    if (apiKey && apiKey === this.keys.secretKey) return 'secret';
    if (apiKey && apiKey === this.keys.publishableKey) return 'publishable';
    throw authenticationError(apiKey);
  }

  /** Stops what runs on its own (payout settlements). */
  close(): void {
    this.connect.close();
  }

  private dispatch(request: ApiRequest, kind: KeyKind, context: CallContext): ApiResponse {
    const route = this.routes.find((r) => r.method === request.method && r.pattern.test(request.path));
    if (!route) throw unrecognizedUrl(request.method, request.path);
    if (context.account && !route.onAccount) throw platformOnly(request.method, request.path);
    const id = route.pattern.exec(request.path)?.[1] ?? '';
    // Fields that only authenticate the call are not resource parameters.
    const { key: _key, client_secret: clientSecret, ...params } = request.params;
    if (kind === 'publishable') {
      if (route.publishable === 'no') throw secretKeyRequired();
      if (route.publishable === 'with-client-secret') this.checkClientSecret(id, clientSecret);
    }
    try {
      const result = route.run(id, params, context);
      return { status: 200, body: this.view(result, kind) };
    } catch (error) {
      return this.errorResponse(error, kind);
    }
  }

  private checkClientSecret(id: string, clientSecret: FormObject[string] | undefined): void {
    if (typeof clientSecret !== 'string' || clientSecret === '') throw parameterMissing('client_secret');
    if (this.intents.retrieve(id).client_secret !== clientSecret) throw clientSecretMismatch();
  }

  /** Publishable-key callers see the reduced PaymentIntent that Stripe.js receives. */
  private view(result: SandboxResult | undefined, kind: KeyKind | undefined): unknown {
    if (result && result.object === 'payment_intent' && kind === 'publishable') return clientView(result);
    return result;
  }

  private errorResponse(error: unknown, kind: KeyKind | undefined): ApiResponse {
    if (!(error instanceof StripeApiError)) throw error;
    const body = { ...error.body };
    const intent = body.payment_intent as Stripe.PaymentIntent | undefined;
    if (intent) body.payment_intent = this.view(intent, kind) as Record<string, unknown>;
    // Serialise now: the intent inside keeps changing after this answer.
    return { status: error.status, body: JSON.parse(JSON.stringify({ error: body })) };
  }

  private withIdempotency(scope: string, key: string, fingerprint: string, run: () => ApiResponse): ApiResponse {
    const earlier = this.replays.get(scope);
    if (earlier && Date.now() - earlier.at < REPLAY_LIFETIME_MS) {
      if (earlier.fingerprint !== fingerprint) throw idempotencyMismatch(key);
      return { ...earlier.response, replayed: true };
    }
    const response = run();
    // Every answer that reached a resource is kept, card declines included, so a retried
    // request gets the very same answer instead of charging twice.
    const saved: ApiResponse = { status: response.status, body: JSON.parse(JSON.stringify(response.body)) };
    this.forgetExpiredReplays();
    this.replays.delete(scope); // re-inserted at the end, keeping the map in time order
    this.replays.set(scope, { fingerprint, response: saved, at: Date.now() });
    return response;
  }

  /** The SDK sends a new key with every POST: without this the map would only grow. */
  private forgetExpiredReplays(): void {
    const oldest = Date.now() - REPLAY_LIFETIME_MS;
    // Insertion order is time order, so the expired ones are at the front.
    for (const [scope, replay] of this.replays) {
      if (replay.at >= oldest) break;
      this.replays.delete(scope);
    }
  }
}
