import { isFulfilled, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi, endpointNamed } from '../../api/baseApi';
import { liveEventArrived } from '../../api/liveEvents';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { threadOffScreen, threadOnScreen } from './messageEvents';
import { closesThread, refusalMessage } from './refusals';

// The flows' code comes with the live stream's chunk: the API layer carries only these listeners.
const loadFlows = () => import(/* webpackChunkName: "live-events" */ './liveMessages');

const threadIdOf = (action: UnknownAction): string | undefined =>
  (action.meta as { arg?: { originalArgs?: { threadId?: string } } } | undefined)?.arg?.originalArgs?.threadId;

/**
 * Messages: live ones into the cache (the stream is the notifications feature's; it hands on
 * every other event as `liveEventArrived`), a thread on screen kept read, and a refused message
 * said in a toast (its thread read again: a block or an ended order closes it).
 */
export function addMessageListeners(startListening: AppStartListening): void {
  // Which threads are on screen now, in this store (a view says so as it comes and goes).
  const onScreen = new Set<string>();

  startListening({
    actionCreator: threadOnScreen,
    effect: async (action, api) => {
      onScreen.add(action.payload);
      const flows = await api.pause(loadFlows());
      flows.readIfUnread(action.payload, api);
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
      if (typeof threadId !== 'string' || !onScreen.has(threadId)) return;
      const flows = await api.pause(loadFlows());
      flows.readIfUnread(threadId, api);
    },
  });

  startListening({
    actionCreator: liveEventArrived,
    effect: async (action, api) => {
      if (action.payload.event !== 'message') return;
      const flows = await api.pause(loadFlows());
      const message = flows.parseMessage(action.payload.data);
      if (message) flows.messageArrived(message, onScreen.has(message.threadId), api);
    },
  });

  startListening({
    predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, 'sendMessage'),
    effect: (action, api) => {
      api.extra.notifier.notify(refusalMessage(action.payload), 'error');
      const threadId = threadIdOf(action);
      if (threadId && closesThread(action.payload)) api.dispatch(baseApi.util.invalidateTags([{ type: 'Thread', id: threadId }]));
    },
  });

  // A refused block is said in its dialog, which stays open.
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'setBlock'),
    effect: (action, api) => {
      const change = (action.meta as { arg?: { originalArgs?: { blocked?: boolean; name?: string } } }).arg?.originalArgs;
      if (!change?.name) return;
      api.extra.notifier.notify(change.blocked ? copy.chat.didBlock(change.name) : copy.chat.didUnblock(change.name), 'success');
    },
  });
}
