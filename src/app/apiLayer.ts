import { baseApi } from '../api/baseApi';
import { addAuthListeners } from '../features/auth/authListeners';
import { addRoleListeners } from '../features/roles/roleListeners';
import { addPaymentListeners } from '../features/payment/paymentListeners';
import { addBookingListeners } from '../features/bookings/bookingListeners';
import { addProductListeners } from '../features/products/productListeners';
import { addOrderListeners } from '../features/orders/ordersListeners';
import { addNotificationListeners } from '../features/notifications/notificationsListeners';
import { addFavouriteListeners } from '../features/favourites/favouritesListeners';
import { addWantListeners } from '../features/wants/wantsListeners';
import { addMessageListeners } from '../features/messages/messagesListeners';
import type { AppStartListening } from './listenerMiddleware';
import { apiLayerAttached, rootReducer, type StoreShell } from './storeShell';

const attached = new WeakSet<StoreShell['store']>();

/** The API's slice in the root reducer, which every store shares; a second call changes nothing. */
export function injectApiReducer(): void {
  rootReducer.inject(baseApi);
}

/**
 * Puts the API layer into a store: the API's slice and middleware, and the listeners that run the
 * app's flows (log-in, roles, booking, payment, products, admin, orders, notifications, earnings, payouts,
 * favourites, wants, reports, messages). Once per store.
 */
export function attachApiLayer({ store, listenerMiddleware, addMiddleware }: StoreShell): void {
  if (attached.has(store)) return;
  attached.add(store);
  injectApiReducer();
  addMiddleware(baseApi.middleware);
  const startListening = listenerMiddleware.startListening as AppStartListening;
  addAuthListeners(startListening);
  addRoleListeners(startListening);
  addPaymentListeners(startListening);
  addBookingListeners(startListening);
  addProductListeners(startListening);
  addOrderListeners(startListening);
  addNotificationListeners(startListening);
  addFavouriteListeners(startListening);
  addWantListeners(startListening);
  addMessageListeners(startListening);
  store.dispatch(apiLayerAttached());
}
