import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import authReducer from '../features/auth/authSlice';
import { addAuthListeners } from '../features/auth/authListeners';
import roleReducer from '../features/roles/roleSlice';
import { addRoleListeners } from '../features/roles/roleListeners';
import paymentReducer from '../features/payment/paymentSlice';
import { addPaymentListeners } from '../features/payment/paymentListeners';
import { addAdminListeners } from '../features/admin/adminListeners';
import { addBookingListeners } from '../features/bookings/bookingListeners';
import { addProductListeners } from '../features/products/productListeners';
import addProductReducer from '../features/products/addProductSlice';
import { createAppListenerMiddleware, type AppStartListening } from './listenerMiddleware';
import type { AppServices } from './services';

export const rootReducer = combineReducers({
  auth: authReducer,
  role: roleReducer,
  payment: paymentReducer,
  addProduct: addProductReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(services: AppServices, preloadedState?: Partial<RootState>) {
  const listenerMiddleware = createAppListenerMiddleware(services);
  const startListening = listenerMiddleware.startListening as AppStartListening;
  addAuthListeners(startListening);
  addRoleListeners(startListening);
  addPaymentListeners(startListening);
  addBookingListeners(startListening);
  addProductListeners(startListening);
  addAdminListeners(startListening);

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: {
          // A chosen image file travels in an action to the add-product flow.
          // (The flow starts its calls untracked, so the file never lands in the state.)
          ignoredActionPaths: ['payload.image', 'meta.arg.originalArgs', 'meta.baseQueryMeta'],
        },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(baseApi.middleware),
    // Redux DevTools in development builds only.
    devTools: process.env.NODE_ENV !== 'production',
  });
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
