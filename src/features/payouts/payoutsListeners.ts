import { isFulfilled, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { errorMessage } from '../../api/errorMessages';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { formatUsd } from '../../lib/money';
import type { Payout, Reconciliation } from '../../types/entities';
import type { PayoutRef } from './payoutsApi';

type PayoutsEndpoint = 'retryPayout' | 'reconcile';

interface EndpointMeta {
  arg?: { endpointName?: string; originalArgs?: unknown };
}

/** An answer of one of the payouts endpoints (matched by name: the endpoints' module stays in the page's chunk). */
const answers =
  (endpoint: PayoutsEndpoint) =>
  (action: UnknownAction): boolean =>
    (action.meta as EndpointMeta | undefined)?.arg?.endpointName === endpoint;

/** Whose payout it is, for the word after a retry. */
const sellerOf = (action: UnknownAction): string => {
  const payout = (action.meta as EndpointMeta | undefined)?.arg?.originalArgs as PayoutRef | undefined;
  return payout?.sellerName || payout?.sellerEmail || copy.payouts.noSeller;
};

/** The payouts feature's side effects: a word after each retry and each reconciliation, the server's when refused. */
export function addPayoutListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && answers('retryPayout')(action),
    effect: (action, api) => {
      const payout = action.payload as Payout;
      // The bank may refuse the new payout at once, too.
      if (payout.state === 'failed') {
        api.extra.notifier.notify(copy.payouts.retriedAndFailed(payout.failureMessage ?? copy.payouts.states.failed), 'error');
      } else {
        api.extra.notifier.notify(copy.payouts.retried(formatUsd(payout.amount), sellerOf(action)), 'success');
      }
    },
  });

  startListening({
    predicate: (action) => isFulfilled(action) && answers('reconcile')(action),
    effect: (action, api) => {
      const found = (action.payload as Reconciliation).differences.length;
      api.extra.notifier.notify(copy.payouts.reconciliation.found(found), found === 0 ? 'success' : 'warning');
    },
  });

  startListening({
    predicate: (action) => isRejected(action) && (answers('retryPayout')(action) || answers('reconcile')(action)),
    effect: (action, api) => {
      if (!isRejected(action)) return;
      const fallback = answers('retryPayout')(action) ? copy.payouts.retryFailed : copy.payouts.reconciliation.runFailed;
      api.extra.notifier.notify(errorMessage(action.payload ?? action.error, fallback), 'error');
    },
  });
}
