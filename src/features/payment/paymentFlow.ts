import { errorMessage } from '../../api/baseApi';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { paymentApi } from './paymentApi';
import { paymentFailed, paymentSucceeded, type PayRequest } from './paymentSlice';

/**
 * pay → create payment method → confirm card payment → record on 'succeeded'.
 *
 * `chargedNotRecorded`: bookings whose card payment succeeded but whose record did not go through
 * (say, the API was unreachable), kept by the listener across tries: the next Pay only records it
 * again (the API records idempotently) rather than confirming a PaymentIntent that has already
 * succeeded.
 */
export async function pay(
  payload: PayRequest,
  api: AppListenerEffectAPI,
  chargedNotRecorded: Map<string, string>,
): Promise<void> {
  // Anything thrown on the way must still end the flow, or Pay stays disabled for good.
  try {
    let transactionId = chargedNotRecorded.get(payload.bookingId);
    if (!transactionId) {
      const card = api.extra.payments.current();
      if (!card) {
        api.dispatch(paymentFailed(copy.errors.generic));
        return;
      }
      const method = await card.createPaymentMethod({ name: payload.name, email: payload.email });
      if (!method.ok) {
        api.dispatch(paymentFailed(method.message));
        return;
      }
      const confirmed = await card.confirmCardPayment(payload.clientSecret, method.value.id);
      if (!confirmed.ok) {
        api.dispatch(paymentFailed(confirmed.message));
        return;
      }
      if (confirmed.value.status !== 'succeeded') {
        api.dispatch(paymentFailed(copy.errors.generic));
        return;
      }
      transactionId = confirmed.value.id;
      chargedNotRecorded.set(payload.bookingId, transactionId);
    }
    const answer = await api
      .dispatch(
        paymentApi.endpoints.recordPayment.initiate(
          { resale_price: payload.resale_price, transactionId, email: payload.email, bookingId: payload.bookingId },
          { track: false },
        ),
      )
      .unwrap();
    if (!answer.insertedId) {
      api.dispatch(paymentFailed(copy.errors.generic));
      return;
    }
    chargedNotRecorded.delete(payload.bookingId);
    api.dispatch(paymentSucceeded({ transactionId, paidAt: new Date().toISOString() }));
  } catch (error) {
    api.dispatch(paymentFailed(errorMessage(error, copy.errors.generic)));
  }
}
