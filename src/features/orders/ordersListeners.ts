import { errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { ordersApi } from './ordersApi';

/** The orders feature's side effects: a short toast after each move, the server's word when refused. */
export function addOrderListeners(startListening: AppStartListening): void {
  // The tags of the move (ordersApi) have the order and its lists read again.
  startListening({
    matcher: ordersApi.endpoints.moveOrder.matchFulfilled,
    effect: ({ meta }, api) => {
      api.extra.notifier.notify(copy.moves.done[meta.arg.originalArgs.move.to], 'success');
    },
  });
  startListening({
    matcher: ordersApi.endpoints.moveOrder.matchRejected,
    effect: ({ payload, error, meta }, api) => {
      // A dialog says why in place and stays open for another try.
      if (meta.arg.originalArgs.fromDialog || meta.condition) return;
      api.extra.notifier.notify(errorMessage(payload ?? error, copy.moves.failed), 'error');
    },
  });
}
