import type { AppStartListening } from '../../app/listenerMiddleware';
import { insightApi } from './insightApi';

/**
 * A CSV, once fetched, saved as a download under the name its button gave it (a failure is said
 * beside the button). Attached while a Stats or Insight page is on screen (InsightFrame): it
 * comes with the feature's chunk, so the API layer every page loads does not carry it.
 */
export function addInsightListeners(startListening: AppStartListening): void {
  startListening({
    matcher: insightApi.endpoints.downloadInsightCsv.matchFulfilled,
    effect: ({ payload, meta }, api) => {
      if (typeof payload !== 'string') return;
      api.extra.files.save({ name: meta.arg.originalArgs.name, type: 'text/csv;charset=utf-8', content: payload });
    },
  });
}
