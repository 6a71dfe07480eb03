import type { IdTokenVerifier } from '../src/lib/firebaseVerifier';
import type { CreatePaymentIntent, PaymentIntentView, PaymentProvider } from '../src/lib/paymentProvider';

/** Test ID tokens read `test:<uid>:<email>`; anything else is refused like a forged token. */
/** `test:<uid>:<email>` is a verified address; `test-unverified:<uid>:<email>` one nobody proved. */
export const fakeVerifyIdToken: IdTokenVerifier = async (token) => {
  const match = /^test(-unverified)?:([^:]+):(.+)$/.exec(token);
  if (!match) throw new Error('Decoding the ID token failed');
  return { uid: match[2], email: match[3], emailVerified: match[1] === undefined };
};

export const idTokenFor = (email: string) => `test:uid-${email}:${email}`;

/** Stands in for Stripe's PaymentIntents: created intents wait until a test makes them succeed. */
export class FakeStripe implements PaymentProvider {
  readonly intents = new Map<string, PaymentIntentView>();
  readonly created: CreatePaymentIntent[] = [];
  private counter = 0;

  paymentIntents = {
    create: async (params: CreatePaymentIntent): Promise<PaymentIntentView> => {
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
      return { ...intent };
    },
    retrieve: async (id: string): Promise<PaymentIntentView> => {
      const intent = this.intents.get(id);
      if (!intent) throw Object.assign(new Error(`No such payment_intent: '${id}'`), { statusCode: 404 });
      return { ...intent, metadata: { ...intent.metadata } };
    },
  };

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
