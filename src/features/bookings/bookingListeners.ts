import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { bookingsApi } from './bookingsApi';

/** The bookings feature's side effects (toasts, navigation after its calls). */
export function addBookingListeners(startListening: AppStartListening): void {
  startListening({
    matcher: bookingsApi.endpoints.cancelBooking.matchFulfilled,
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.orders.cancelled, 'success');
    },
  });
}
