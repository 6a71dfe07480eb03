import { isFulfilled, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { endpointNamed, errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { payoutToasts } from './toasts';
import { formatUsd } from '../../lib/money';
import type { Payout } from '../../types/entities';
import type { Reconciliation } from './types';
import type { PayoutRef } from './payoutsApi';

type PayoutsEndpoint = 'retryPayout' | 'reconcile';

interface EndpointMeta {
  arg?: { endpointName?: string; originalArgs?: unknown };
}

/** An answer of one of the payouts endpoints (matched by name: the endpoints' module stays in the page's chunk). */
const answers =
  (endpoint: PayoutsEndpoint) =>
  (action: UnknownAction): boolean =>
    endpointNamed(action, endpoint);

/** Whose payout it is, for the word after a retry. */
const sellerOf = (action: UnknownAction): string => {
  const payout = (action.meta as EndpointMeta | undefined)?.arg?.originalArgs as PayoutRef | undefined;
  return payout?.sellerName || payout?.sellerEmail || payoutToasts.noSeller;
};

/** The payouts feature's side effects: a word after each retry and each reconciliation, the server's when refused. */
export function addPayoutListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && answers('retryPayout')(action),
    effect: (action, api) => {
      const payout = action.payload as Payout;
      // The bank may refuse the new payout at once, too.
      if (payout.state === 'failed') {
        api.extra.notifier.notify(payoutToasts.retriedAndFailed(payout.failureMessage), 'error');
      } else {
        api.extra.notifier.notify(payoutToasts.retried(formatUsd(payout.amount), sellerOf(action)), 'success');
      }
    },
  });

  startListening({
    predicate: (action) => isFulfilled(action) && answers('reconcile')(action),
    effect: (action, api) => {
      const found = (action.payload as Reconciliation).differences.length;
      api.extra.notifier.notify(payoutToasts.reconciled(found), found === 0 ? 'success' : 'warning');
    },
  });

  startListening({
    predicate: (action) => isRejected(action) && (answers('retryPayout')(action) || answers('reconcile')(action)),
    effect: (action, api) => {
      if (!isRejected(action)) return;
      const fallback = answers('retryPayout')(action) ? payoutToasts.retryFailed : payoutToasts.reconcileFailed;
      api.extra.notifier.notify(errorMessage(action.payload ?? action.error, fallback), 'error');
    },
  });
}
