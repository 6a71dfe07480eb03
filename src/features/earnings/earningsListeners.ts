import { isFulfilled, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { endpointNamed, errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { earningsToasts } from './toasts';
import { formatUsd } from '../../lib/money';
import type { Payout } from '../../types/entities';
import type { PayoutAccountLink } from './types';

/** The CSV file's name and type, as the API names it. */
const CSV_FILE = { name: 'earnings.csv', type: 'text/csv;charset=utf-8' };

type EarningsEndpoint = 'downloadEarningsCsv' | 'linkPayoutAccount' | 'withdrawEarnings';

/** An answer of one of the earnings endpoints (matched by name: the endpoints' module stays in the pages' chunks). */
const answers =
  (endpoint: EarningsEndpoint) =>
  (action: UnknownAction): boolean =>
    endpointNamed(action, endpoint);

/** Only the provider's pages are left for: an address that is not a web page is not followed. */
const isWebPage = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

/**
 * The earnings feature's side effects: the entries' CSV, once fetched, saved as a download; the
 * payout account's set-up link followed to the payment provider; a word after each Withdraw.
 */
export function addEarningsListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && answers('downloadEarningsCsv')(action),
    effect: (action, api) => {
      if (!isFulfilled(action) || typeof action.payload !== 'string') return;
      api.extra.files.save({ ...CSV_FILE, content: action.payload });
    },
  });
  // A failed download is said beside the button, which stays for another try.

  startListening({
    predicate: (action) => isFulfilled(action) && answers('linkPayoutAccount')(action),
    effect: (action, api) => {
      const url = isFulfilled(action) ? (action.payload as Partial<PayoutAccountLink> | undefined)?.url : undefined;
      if (isWebPage(url)) api.extra.navigation.leave(url);
      else api.extra.notifier.notify(earningsToasts.linkFailed, 'error');
    },
  });

  startListening({
    predicate: (action) => isFulfilled(action) && answers('withdrawEarnings')(action),
    effect: (action, api) => {
      if (!isFulfilled(action)) return;
      const payout = action.payload as Payout;
      const amount = formatUsd(payout.amount);
      // The bank may refuse at once: the money is then available again.
      if (payout.state === 'failed') {
        api.extra.notifier.notify(copy.notifications.payoutSentences.payout_failed(amount, payout.failureMessage), 'error');
      } else {
        api.extra.notifier.notify(earningsToasts.withdrawn(amount), 'success');
      }
    },
  });

  startListening({
    predicate: (action) => isRejected(action) && (answers('linkPayoutAccount')(action) || answers('withdrawEarnings')(action)),
    effect: (action, api) => {
      if (!isRejected(action)) return;
      const fallback = answers('withdrawEarnings')(action) ? earningsToasts.withdrawFailed : earningsToasts.linkFailed;
      api.extra.notifier.notify(errorMessage(action.payload ?? action.error, fallback), 'error');
    },
  });
}
