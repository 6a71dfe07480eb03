import type { AppStartListening } from '../../app/listenerMiddleware';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { paymentApi } from './paymentApi';
import { paymentFailed, paymentSucceeded, payRequested } from './paymentSlice';

/** pay → create payment method → confirm card payment → record on 'succeeded'. */
export function addPaymentListeners(startListening: AppStartListening): void {
  // Bookings whose card payment succeeded but whose record did not go through (say, the API was
  // unreachable): the next Pay only records it again (the API records idempotently) rather than
  // confirming a PaymentIntent that has already succeeded.
  const chargedNotRecorded = new Map<string, string>();

  startListening({
    actionCreator: payRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
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
    },
  });
}
