import { isFulfilled, isRejectedWithValue } from '@reduxjs/toolkit';
import { endpointNamed } from '../../api/baseApi';
import { liveEventArrived } from '../../api/liveEvents';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { threadOffScreen, threadOnScreen } from './messageEvents';

// What the flows do comes with the live stream's chunk: the API layer, which every page loads,
// carries only what starts them.
const loadFlows = () => import(/* webpackChunkName: "live-events" */ './liveMessages');

/**
 * Messages: live ones into the cache (the stream is the notifications feature's; it hands on
 * every other event as `liveEventArrived`), a thread on screen kept read, a refused message said
 * in a toast (its thread read again: a block or an ended order closes it), a block confirmed.
 */
export function addMessageListeners(startListening: AppStartListening): void {
  // Which threads are on screen now, in this store (a view says so as it comes and goes).
  const onScreen = new Set<string>();

  startListening({
    actionCreator: threadOnScreen,
    effect: async (action, api) => {
      onScreen.add(action.payload);
      (await api.pause(loadFlows())).readIfUnread(action.payload, api);
    },
  });
  startListening({
    actionCreator: threadOffScreen,
    effect: (action) => {
      onScreen.delete(action.payload);
    },
  });
  // Read again while on screen (a refetch, a reconnect) with unread messages: read them.
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'getThread'),
    effect: async (action, api) => {
      const threadId = (action.payload as { _id?: unknown } | undefined)?._id;
      if (typeof threadId === 'string' && onScreen.has(threadId)) (await api.pause(loadFlows())).readIfUnread(threadId, api);
    },
  });
  startListening({
    actionCreator: liveEventArrived,
    effect: async ({ payload }, api) => {
      if (payload.event !== 'message') return;
      const flows = await api.pause(loadFlows());
      const message = flows.parseMessage(payload.data);
      if (message) flows.messageArrived(message, onScreen.has(message.threadId), api);
    },
  });
  startListening({
    predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, 'sendMessage'),
    effect: async (action, api) => {
      (await api.pause(loadFlows())).sendRefused(action, api);
    },
  });
  // A refused block is said in its dialog, which stays open.
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'setBlock'),
    effect: async (action, api) => {
      (await api.pause(loadFlows())).blockChanged(action, api);
    },
  });
}
