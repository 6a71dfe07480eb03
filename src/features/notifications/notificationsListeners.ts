import { isAnyOf, isFulfilled, isRejectedWithValue } from '@reduxjs/toolkit';
import { endpointNamed, errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { apiLayerAttached } from '../../app/storeShell';
import { copy } from '../../config/copy';
import { sessionStarted, signedOut, signOutRequested } from '../auth/authSlice';

export { notificationArrived } from '../../api/liveEvents';

export function addNotificationListeners(startListening: AppStartListening): void {
  // One stream at a time: a new session replaces it, a sign-out ends it.
  startListening({
    matcher: isAnyOf(sessionStarted, apiLayerAttached, signedOut, signOutRequested),
    effect: async (action, api) => {
      api.cancelActiveListeners();
      if (!sessionStarted.match(action) && !apiLayerAttached.match(action)) return;
      if (api.getState().auth.status !== 'signed-in') return;
      const { runLiveStream } = await api.pause(import(/* webpackChunkName: "live-events" */ './liveStream'));
      await runLiveStream(api);
    },
  });

  // Reading one entry (opened, or marked where it is) says nothing when it works: the entry and the bell show it.
  startListening({
    predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, 'markRead'),
    effect: (action, api) => {
      api.extra.notifier.notify(errorMessage(action.payload, copy.notifications.markReadFailed), 'error');
    },
  });

  const said: Array<[string, string]> = [
    ['markAllRead', copy.notifications.markedAllRead],
    ['updateNotificationSettings', copy.notifications.settingsSaved],
  ];
  for (const [name, message] of said) {
    startListening({
      predicate: (action) => isFulfilled(action) && endpointNamed(action, name),
      effect: (_action, api) => {
        api.extra.notifier.notify(message, 'success');
      },
    });
    startListening({
      predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, name),
      effect: (action, api) => {
        api.extra.notifier.notify(errorMessage(action.payload, copy.errors.generic), 'error');
      },
    });
  }
}
