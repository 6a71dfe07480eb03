import type { AppStartListening } from '../../app/listenerMiddleware';

/** The bookings feature's side effects (toasts, navigation after its calls). */
export function addBookingListeners(_startListening: AppStartListening): void {}
