import type { AccountChecker, AccountStanding, IdTokenVerifier } from '../src/lib/firebaseVerifier';
import { FakeConnect } from './fakeConnect';
import type { CreatePaymentIntent, CreateRefund, PaymentIntentView, PaymentProvider, RefundView } from '../src/lib/paymentProvider';

/** Test ID tokens read `test:<uid>:<email>`; anything else is refused like a forged token. */
/** `test:<uid>:<email>` is a verified address; `test-unverified:<uid>:<email>` one nobody proved. */
export const fakeVerifyIdToken: IdTokenVerifier = async (token) => {
  const match = /^test(-unverified)?:([^:]+):(.+)$/.exec(token);
  if (!match) throw new Error('Decoding the ID token failed');
  return { uid: match[2], email: match[3], emailVerified: match[1] === undefined };
};

export const idTokenFor = (email: string) => `test:uid-${email}:${email}`;

/** Stands in for the identity provider's account records: every account is active until a test says otherwise. */
export class FakeAccounts {
  private readonly standing = new Map<string, AccountStanding>();
  /** Set to make look-ups fail as if the provider were unreachable. */
  unreachable = false;

  disable(uid: string): void {
    this.standing.set(uid, { active: false });
  }

  /** Like revoking an account's refresh tokens: sessions begun before now end. */
  revokeSessions(uid: string, atMs = Date.now()): void {
    this.standing.set(uid, { active: true, validAfterMs: atMs });
  }

  check: AccountChecker = async (uid) => {
    if (this.unreachable) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'app/network-error' });
    return this.standing.get(uid) ?? { active: true };
  };
}

/** Stands in for Stripe's PaymentIntents: created intents wait until a test makes them succeed. */
export class FakeStripe implements PaymentProvider {
  readonly intents = new Map<string, PaymentIntentView>();
  readonly created: CreatePaymentIntent[] = [];
  private counter = 0;

  /** Idempotency keys of creations, with their parameters and the intent as first answered. */
  readonly intentsByKey = new Map<string, { params: string; intent: PaymentIntentView }>();

  paymentIntents = {
    create: async (params: CreatePaymentIntent, options?: { idempotencyKey: string }): Promise<PaymentIntentView> => {
      const key = options?.idempotencyKey;
      const replay = key === undefined ? undefined : this.intentsByKey.get(key);
      if (replay) {
        // Like Stripe: a key answers its first intent again, and only for the same parameters.
        if (replay.params !== JSON.stringify(params)) {
          throw Object.assign(new Error('Keys for idempotent requests can only be used with the same parameters'), {
            statusCode: 400, type: 'StripeIdempotencyError',
          });
        }
        return { ...replay.intent, metadata: { ...replay.intent.metadata } };
      }
      this.created.push(params);
      const id = `pi_fake${++this.counter}`;
      const intent: PaymentIntentView = {
        id,
        status: 'requires_payment_method',
        amount: params.amount,
        currency: params.currency,
        client_secret: `${id}_secret_test`,
        metadata: { ...params.metadata },
      };
      this.intents.set(id, intent);
      if (key !== undefined) {
        this.intentsByKey.set(key, { params: JSON.stringify(params), intent: { ...intent, metadata: { ...intent.metadata } } });
      }
      return { ...intent, metadata: { ...intent.metadata } };
    },
    retrieve: async (id: string): Promise<PaymentIntentView> => {
      const intent = this.intents.get(id);
      if (!intent) throw Object.assign(new Error(`No such payment_intent: '${id}'`), { statusCode: 404 });
      return { ...intent, metadata: { ...intent.metadata } };
    },
  };

  /** Refunds made, by idempotency key (a repeat with the same key answers the first). */
  readonly refundsByKey = new Map<string, RefundView & { params: CreateRefund }>();
  /** Set to make the next refunds fail as if the provider were unreachable. */
  refundsFail = false;

  refunds = {
    create: async (params: CreateRefund, options: { idempotencyKey: string }): Promise<RefundView> => {
      if (this.refundsFail) throw Object.assign(new Error('connection refused'), { type: 'StripeConnectionError' });
      const earlier = this.refundsByKey.get(options.idempotencyKey);
      if (earlier) return { id: earlier.id, amount: earlier.amount, status: earlier.status };
      const intent = this.intents.get(params.payment_intent);
      if (!intent || intent.status !== 'succeeded') {
        throw Object.assign(new Error('no successful charge to refund'), { statusCode: 400, code: 'charge_not_refundable' });
      }
      const refund = { id: `re_fake${++this.counter}`, amount: intent.amount, status: 'succeeded', params };
      this.refundsByKey.set(options.idempotencyKey, refund);
      return { id: refund.id, amount: refund.amount, status: refund.status };
    },
  };

  /** Connect: its platform balance is the succeeded charges less the refunds. */
  connect = new FakeConnect(() => {
    let cents = 0;
    for (const intent of this.intents.values()) if (intent.status === 'succeeded') cents += intent.amount;
    for (const refund of this.refundsByKey.values()) cents -= refund.amount;
    return cents;
  });

  /** The refunds made for one PaymentIntent. */
  refundsOf(intentId: string): RefundView[] {
    return [...this.refundsByKey.values()].filter((refund) => refund.params.payment_intent === intentId);
  }

  /** The intents made for one booking. */
  intentsOf(bookingId: string): PaymentIntentView[] {
    return [...this.intents.values()].filter((intent) => intent.metadata.bookingId === bookingId);
  }

  /** What the card confirmation in the browser would do at Stripe. */
  succeed(id: string): void {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`unknown intent ${id}`);
    intent.status = 'succeeded';
  }

  /** An intent made directly at the provider, outside the API (e.g. by an attacker with their own key). */
  addIntent(intent: Omit<PaymentIntentView, 'client_secret'>): void {
    this.intents.set(intent.id, { ...intent, client_secret: `${intent.id}_secret` });
  }
}
