import { CardElement } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { CardSession, CardResult } from '../../app/services';
import { copy } from '../../config/copy';

const failure = (error: unknown): CardResult<never> => ({
  ok: false,
  message: error instanceof Error && error.message ? error.message : copy.errors.generic,
});

/** The mounted card form as the pay flow sees it: provider answers become results, never throws. */
export function createStripeCardSession(stripe: Stripe, elements: StripeElements): CardSession {
  return {
    async createPaymentMethod(billing) {
      const card = elements.getElement(CardElement);
      if (!card) return { ok: false, message: copy.errors.generic };
      try {
        const { error, paymentMethod } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { name: billing.name, email: billing.email },
        });
        if (error) return { ok: false, message: error.message ?? copy.errors.generic };
        return { ok: true, value: { id: paymentMethod.id } };
      } catch (error) {
        return failure(error);
      }
    },
    async confirmCardPayment(clientSecret, paymentMethodId) {
      try {
        const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
          payment_method: paymentMethodId,
        });
        if (error) return { ok: false, message: error.message ?? copy.errors.generic };
        return { ok: true, value: { id: paymentIntent.id, status: paymentIntent.status } };
      } catch (error) {
        return failure(error);
      }
    },
  };
}
