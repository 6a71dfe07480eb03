import { isRejectedWithValue } from '@reduxjs/toolkit';
import { endpointNamed, errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';

/** A heart the API refused springs back (favouritesApi); the toast says why. */
export function addFavouriteListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, 'setFavourite'),
    effect: (action, api) => {
      api.extra.notifier.notify(errorMessage(action.payload, copy.errors.generic), 'error');
    },
  });
}
