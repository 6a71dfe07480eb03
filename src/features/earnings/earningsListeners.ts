import { isFulfilled, type UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/listenerMiddleware';

/** The CSV file's name and type, as the API names it. */
const CSV_FILE = { name: 'earnings.csv', type: 'text/csv;charset=utf-8' };

/** An answer of the CSV download (matched by name: the endpoints' module stays in the pages' chunks). */
const isCsvDownload = (action: UnknownAction): boolean =>
  (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName === 'downloadEarningsCsv';

/** The earnings feature's side effect: the entries' CSV, once fetched, saved as a download. */
export function addEarningsListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && isCsvDownload(action),
    effect: (action, api) => {
      if (!isFulfilled(action) || typeof action.payload !== 'string') return;
      api.extra.files.save({ ...CSV_FILE, content: action.payload });
    },
  });
  // A failure is said beside the button, which stays for another try.
}
