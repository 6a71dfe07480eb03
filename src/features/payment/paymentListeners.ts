import type { AppStartListening } from '../../app/listenerMiddleware';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { paymentFailed, payRequested } from './paymentSlice';

// The flow itself (paymentFlow.ts) comes in a chunk of its own when Pay is first pressed.
const loadFlow = () => import(/* webpackChunkName: "payment-flow" */ './paymentFlow');

/** Pay: the card flow (paymentFlow.ts), one at a time for the page. */
export function addPaymentListeners(startListening: AppStartListening): void {
  // Kept across tries: see paymentFlow.ts.
  const chargedNotRecorded = new Map<string, string>();

  startListening({
    actionCreator: payRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      let flow: Awaited<ReturnType<typeof loadFlow>>;
      try {
        flow = await loadFlow();
      } catch (error) {
        // Offline before the first Pay: say so, and Pay is enabled again.
        api.dispatch(paymentFailed(errorMessage(error, copy.errors.generic)));
        return;
      }
      await flow.pay(payload, api, chargedNotRecorded);
    },
  });
}
