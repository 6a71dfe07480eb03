import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { messageToasts } from './toasts';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import type { Message } from './types';
import { messagesApi, putMessage, UNREAD_TAG, type BlockChange, type NewMessage } from './messagesApi';
import { closesThread, refusalMessage } from './refusals';
import { readerIdOf } from './threadParties';

/*
 * What the message flows do to the cache, in the live stream's chunk (fetched once someone is
 * signed in): the listeners that run them stay light in the API layer every page loads.
 */

const isParty = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

/** A `message` event's data, or null when it is not a message. */
export function parseMessage(data: string): Message | null {
  try {
    const value = JSON.parse(data) as Partial<Message> | null;
    if (!value || typeof value._id !== 'string' || typeof value.threadId !== 'string' || !isParty(value.author)) return null;
    if (typeof value.text !== 'string' || typeof value.at !== 'string') return null;
    return { ...(value as Message), hidden: value.hidden === true };
  } catch {
    return null;
  }
}

const readerOf = (threadId: string, api: AppListenerEffectAPI): string | null => {
  const thread = messagesApi.endpoints.getThread.select(threadId)(api.getState()).data;
  return (thread && readerIdOf(thread)) ?? accessTokenSubject();
};

/**
 * A message came over the live stream (the author's own, sent from here or elsewhere, too): into
 * the thread and the inbox. One from the other side is read at once when its thread is on
 * screen; otherwise it counts as unread, and the total is asked again.
 */
export function messageArrived(message: Message, onScreen: boolean, api: AppListenerEffectAPI): void {
  const theirs = message.author._id !== readerOf(message.threadId, api);
  putMessage(api.dispatch, message, { unread: theirs && !onScreen });
  if (!theirs) return;
  if (onScreen) void api.dispatch(messagesApi.endpoints.markThreadRead.initiate(message.threadId));
  else api.dispatch(messagesApi.util.invalidateTags([UNREAD_TAG]));
}

/** A thread came on screen, or was read again while there: its unread messages are read. */
export function readIfUnread(threadId: string, api: AppListenerEffectAPI): void {
  const thread = messagesApi.endpoints.getThread.select(threadId)(api.getState()).data;
  if (thread && thread.unread > 0 && thread.role !== 'admin') void api.dispatch(messagesApi.endpoints.markThreadRead.initiate(threadId));
}

/** What a call was asked with. */
const argsOf = <Args>(action: UnknownAction): Partial<Args> | undefined =>
  (action.meta as { arg?: { originalArgs?: Partial<Args> } } | undefined)?.arg?.originalArgs;

/** A message refused: why, in a toast; a block or an ended order closes the thread, which is read again. */
export function sendRefused(action: UnknownAction, api: AppListenerEffectAPI): void {
  api.extra.notifier.notify(refusalMessage(action.payload), 'error');
  const threadId = argsOf<NewMessage>(action)?.threadId;
  if (threadId && closesThread(action.payload)) api.dispatch(messagesApi.util.invalidateTags([{ type: 'Thread', id: threadId }]));
}

/** A block or an unblock done: said with the name. */
export function blockChanged(action: UnknownAction, api: AppListenerEffectAPI): void {
  const change = argsOf<BlockChange>(action);
  if (!change?.name) return;
  api.extra.notifier.notify(change.blocked ? messageToasts.didBlock(change.name) : messageToasts.didUnblock(change.name), 'success');
}
