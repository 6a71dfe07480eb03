import { combineSlices, configureStore, createAction, createDynamicMiddleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { baseApi } from '../api/baseApi';
import authReducer from '../features/auth/authSlice';
import roleReducer from '../features/roles/roleSlice';
import paymentReducer from '../features/payment/paymentSlice';
import type { AddProductState } from '../features/products/addProductSlice';
import type { IsbnLookupState } from '../features/products/isbnLookupSlice';
import { createAppListenerMiddleware } from './listenerMiddleware';
import type { AppServices } from './services';

/*
 * The store in two parts. This one is in the first script: the slices the first screen reads
 * (who is signed in, their role, the payment flow) and empty slots. The API layer (`apiLayer.ts`:
 * RTK Query, every feature's endpoints and the listeners that run the flows, the add-product
 * flow's slice with them) comes in a chunk loaded beside the main script (`prepareApp.ts`, chunk
 * `app-layer`), and fills the slots before the app renders; the ISBN lookup's slice comes with
 * the product form. Tests and the prerenderer take the whole store at once
 * (`store.ts`).
 */

/**
 * The API's cache, in the store once the API layer is attached; the product form's flows (saving
 * it, looking an ISBN up), with the layer and the form's page.
 */
export interface LazyLoadedSlices {
  [baseApi.reducerPath]: ReturnType<typeof baseApi.reducer>;
  addProduct: AddProductState;
  isbnLookup: IsbnLookupState;
}

export const rootReducer = combineSlices({
  auth: authReducer,
  role: roleReducer,
  payment: paymentReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

/**
 * The whole state. The API's slice is typed as always there: nothing reads it (no endpoint, hook
 * or listener exists) before the API layer has put it in.
 */
export type RootState = Omit<ReturnType<typeof rootReducer>, keyof LazyLoadedSlices> & LazyLoadedSlices;

/** Dispatched once the API layer is in: the API's slice starts from it, and DevTools shows when. */
export const apiLayerAttached = createAction('app/apiLayerAttached');

/** A store with its API layer still to attach: the store and its two slots. */
export function createStoreShell(services: AppServices, preloadedState?: Partial<RootState>) {
  const listenerMiddleware = createAppListenerMiddleware(services);
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    // Typed as the whole state (see RootState).
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
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
        .concat(apiMiddleware.middleware),
    // Redux DevTools in development builds only.
    devTools: process.env.NODE_ENV !== 'production',
  });
  return { store, listenerMiddleware, addMiddleware: apiMiddleware.addMiddleware };
}

export type StoreShell = ReturnType<typeof createStoreShell>;
export type AppStore = StoreShell['store'];
export type AppDispatch = AppStore['dispatch'];
