/**
 * Webhook events, sent the way Stripe (or `stripe listen --forward-to` with
 * `--forward-connect-to` the same URL) sends them: a JSON event POSTed to one URL with a
 * `Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256 of "t.payload">` header, signed with the
 * endpoint's `whsec_` secret, retried a bounded number of times until the receiver answers 2xx.
 * Events about a connected account's objects carry Stripe's Connect field `account: 'acct_…'`.
 */
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { newId, unixNow } from './ids';

/** Waits before the 2nd, 3rd, ... attempt: six attempts over about half a minute. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000];
/** How long one attempt may take before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  /** Where events go, e.g. http://127.0.0.1:5000/stripe/webhook. */
  url: string;
  /** The endpoint's signing secret (`whsec_...`). */
  secret: string;
  /** Waits between attempts; their count bounds the retries. */
  retryDelaysMs?: readonly number[];
  /** The API version the events are rendered in. */
  apiVersion: string;
  /** Where failed deliveries are reported. */
  log?: (line: string) => void;
}

/** Stripe's signature header for `payload` signed at `timestamp` (seconds). */
export function signatureHeader(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** The events the sandbox sends, typed as the `stripe` package types them. */
export type SandboxEvent =
  | Stripe.PaymentIntentSucceededEvent
  | Stripe.AccountUpdatedEvent
  | Stripe.PayoutPaidEvent
  | Stripe.PayoutFailedEvent
  | Stripe.TransferCreatedEvent
  | Stripe.TransferReversedEvent;

export type SandboxEventType = SandboxEvent['type'];

/** The object an event of type `T` carries in `data.object`. */
export type EventObject<T extends SandboxEventType> = Extract<SandboxEvent, { type: T }>['data']['object'];

/** Sends one event; `account` marks it as about that connected account. */
export type EventSink = <T extends SandboxEventType>(
  type: T,
  object: EventObject<T>,
  account?: string,
  previousAttributes?: Partial<EventObject<T>>,
) => void;

export class WebhookSender {
  private readonly pending = new Set<Promise<void>>();
  private readonly stopped = new AbortController();
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: WebhookOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Sends `payment_intent.succeeded` for a snapshot of `intent`, after the current request is answered. */
  paymentIntentSucceeded(intent: Stripe.PaymentIntent): void {
    this.send('payment_intent.succeeded', intent);
  }

  /**
   * Sends an event of `type` about a snapshot of `object`, after the current request is answered.
   * `account` is the connected account it is about (Stripe's Connect events carry it);
   * `previousAttributes` what changed, as Stripe's `*.updated` events tell.
   */
  send: EventSink = (type, object, account, previousAttributes) => {
    const event = {
      id: newId('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: this.options.apiVersion,
      created: unixNow(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as SandboxEvent;
    const delivery = this.deliver(event).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  };

  /** Resolves once every event sent so far was delivered or given up on. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops retrying and cancels deliveries under way. */
  async close(): Promise<void> {
    this.stopped.abort();
    await this.settled();
  }

  private async deliver(event: Stripe.Event): Promise<void> {
    // Let the call that made the intent succeed be answered first, as with Stripe.
    await new Promise((resolve) => setImmediate(resolve));
    const payload = JSON.stringify(event, null, 2);
    let failure = '';
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt += 1) {
      if (attempt > 0 && !(await this.wait(this.retryDelaysMs[attempt - 1]))) return;
      if (this.stopped.signal.aborted) return;
      failure = await this.attempt(payload);
      if (failure === '') return;
    }
    this.options.log?.(
      `webhook ${event.type} ${event.id} to ${this.options.url} failed after ${this.retryDelaysMs.length + 1} attempts: ${failure}`,
    );
  }

  /** One POST; answers '' on a 2xx, else what went wrong. */
  private async attempt(payload: string): Promise<string> {
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.any([this.stopped.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      return response.ok ? '' : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Waits `ms`, or less when stopped; answers whether to go on. */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.stopped.signal.aborted) return resolve(false);
      const onStop = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.stopped.signal.removeEventListener('abort', onStop);
        resolve(true);
      }, ms);
      this.stopped.signal.addEventListener('abort', onStop, { once: true });
    });
  }
}
