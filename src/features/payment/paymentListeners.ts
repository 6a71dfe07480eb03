import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { describeError } from '../auth/authListeners';
import { paymentApi } from './paymentApi';
import { paymentFailed, paymentSucceeded, payRequested } from './paymentSlice';

/** pay → create payment method → confirm card payment → record on 'succeeded'. */
export function addPaymentListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: payRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      const card = api.extra.payments.current();
      if (!card) {
        api.dispatch(paymentFailed(copy.errors.generic));
        return;
      }
      // Anything thrown on the way must still end the flow, or Pay stays disabled for good.
      try {
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
        const answer = await api
          .dispatch(
            paymentApi.endpoints.recordPayment.initiate({
              resale_price: payload.resale_price,
              transactionId: confirmed.value.id,
              email: payload.email,
              bookingId: payload.bookingId,
            }),
          )
          .unwrap();
        if (answer.insertedId) api.dispatch(paymentSucceeded({ transactionId: confirmed.value.id }));
        else api.dispatch(paymentFailed(copy.errors.generic));
      } catch (error) {
        api.dispatch(paymentFailed(describeError(error)));
      }
    },
  });
}
