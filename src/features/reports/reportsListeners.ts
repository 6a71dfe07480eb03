import { isFulfilled, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { endpointNamed } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import type { ModerationAction } from '../../types/entities';

/** The API's answer to a second open report of the same thing. */
export const isRepeatReport = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

/** The action an admin took, when the action is an answer to one (matched by name: the endpoints stay in the pages' chunks). */
const moderationOf = (action: UnknownAction): ModerationAction | undefined =>
  endpointNamed(action, 'moderate')
    ? (action.meta as { arg?: { originalArgs?: { action?: ModerationAction } } }).arg?.originalArgs?.action
    : undefined;

/**
 * The reports feature's toasts: thanks after a report (or that it was reported already), and a
 * word after each admin decision. Other failures are said in the dialog that asked.
 */
export function addReportListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'createReport'),
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.reports.sent, 'success');
    },
  });
  startListening({
    predicate: (action) => isRejectedWithValue(action) && endpointNamed(action, 'createReport') && isRepeatReport(action.payload),
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.reports.already, 'info');
    },
  });
  startListening({
    predicate: (action) => isFulfilled(action) && moderationOf(action) !== undefined,
    effect: (action, api) => {
      const taken = moderationOf(action);
      if (taken) api.extra.notifier.notify(copy.reports.done[taken], 'success');
    },
  });
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'reinstate'),
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.reports.lifted, 'success');
    },
  });
}
