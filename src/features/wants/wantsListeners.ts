import { isFulfilled, isRejectedWithValue } from '@reduxjs/toolkit';
import { endpointNamed, errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';

/** The toasts after a want is saved, and when one could not be removed (a refused save is said where it was asked). */
export function addWantListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'createWant'),
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.wants.saved, 'success');
    },
  });
  startListening({
    predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, 'deleteWant'),
    effect: (action, api) => {
      api.extra.notifier.notify(errorMessage(action.payload, copy.errors.generic), 'error');
    },
  });
}
