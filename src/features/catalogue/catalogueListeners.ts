import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { bookingsApi } from '../bookings/bookingsApi';

/** The catalogue feature's side effects (toasts, navigation after its calls). */
export function addCatalogueListeners(startListening: AppStartListening): void {
  // The booking modal lives in the catalogue; the server's acknowledgement is what confirms it.
  startListening({
    matcher: bookingsApi.endpoints.createBooking.matchFulfilled,
    effect: ({ payload }, api) => {
      if (payload.acknowledged) api.extra.notifier.notify(copy.booking.confirmed, 'success');
    },
  });
}
