import { createListenerMiddleware, type ListenerEffectAPI, type TypedStartListening } from '@reduxjs/toolkit';
import type { AppServices } from './services';
import type { AppDispatch, RootState } from './storeShell';

export type AppStartListening = TypedStartListening<RootState, AppDispatch, AppServices>;
export type AppListenerEffectAPI = ListenerEffectAPI<RootState, AppDispatch, AppServices>;

/** One instance per store; services reach every effect as `api.extra`. */
export function createAppListenerMiddleware(services: AppServices) {
  return createListenerMiddleware({
    extra: services,
    onError: (error, info) => {
      console.error(`listener ${info.raisedBy} failed`, error);
    },
  });
}
