import { isFulfilled, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { NotifyVariant } from '../../app/services';
import { reportToasts } from './toasts';
import type { ModerationAction } from './types';

/** The API's answer to a second open report of the same thing. */
export const isRepeatReport = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

type ReportsMeta = { arg?: { endpointName?: string; originalArgs?: { action?: ModerationAction } } } | undefined;

/**
 * The toast after an answer of the reports' endpoints, if it calls for one (matched by name: the
 * endpoints stay in the pages' chunks): thanks for a report, or that it was reported already; a
 * word after each admin decision. Other failures are said in the dialog that asked.
 */
function toastFor(action: UnknownAction): [string, NotifyVariant] | undefined {
  const arg = (action.meta as ReportsMeta)?.arg;
  if (isRejectedWithValue(action)) {
    return arg?.endpointName === 'createReport' && isRepeatReport(action.payload) ? [reportToasts.already, 'info'] : undefined;
  }
  if (!isFulfilled(action)) return undefined;
  switch (arg?.endpointName) {
    case 'createReport':
      return [reportToasts.sent, 'success'];
    case 'moderate':
      return arg.originalArgs?.action && [reportToasts.done[arg.originalArgs.action], 'success'];
    case 'reinstate':
      return [reportToasts.lifted, 'success'];
  }
  return undefined;
}

export function addReportListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => toastFor(action) !== undefined,
    effect: (action, api) => {
      const toast = toastFor(action);
      if (toast) api.extra.notifier.notify(...toast);
    },
  });
}
