import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { bookingsApi } from './bookingsApi';

/** The bookings feature's side effects (toasts and the booking log). */
export function addBookingListeners(startListening: AppStartListening): void {
  // The server's acknowledgement is what confirms a booking; its answers are otherwise only logged.
  startListening({
    matcher: bookingsApi.endpoints.createBooking.matchFulfilled,
    effect: ({ payload }, api) => {
      console.info('booking answer', payload);
      if (!payload.acknowledged) return;
      // A repeat answers the booking the buyer already holds: say so rather than confirm it again.
      if (payload.alreadyBooked) api.extra.notifier.notify(copy.booking.alreadyBooked, 'info');
      else api.extra.notifier.notify(copy.booking.confirmed, 'success');
    },
  });
  startListening({
    matcher: bookingsApi.endpoints.createBooking.matchRejected,
    effect: ({ payload, error }) => {
      console.info('booking refused', payload ?? error);
    },
  });

  startListening({
    matcher: bookingsApi.endpoints.cancelBooking.matchFulfilled,
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.orders.cancelled, 'success');
    },
  });
}
