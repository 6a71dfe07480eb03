import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { AppServices } from '../../app/services';
import type { AppDispatch, RootState } from '../../app/storeShell';
import { insightApi } from './insightApi';

const addAppListener = addListener.withTypes<RootState, AppDispatch, AppServices>();

/**
 * A CSV, once fetched, saved as a download under the name its button gave it (a failure is said
 * beside the button). The listener is there while a Stats or Insight page is: it comes with the
 * feature's chunk, so the API layer every page loads does not carry it.
 */
export function useInsightListeners(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const stop = dispatch(
      addAppListener({
        matcher: insightApi.endpoints.downloadInsightCsv.matchFulfilled,
        effect: ({ payload, meta }, api) => {
          if (typeof payload !== 'string') return;
          api.extra.files.save({ name: meta.arg.originalArgs.name, type: 'text/csv;charset=utf-8', content: payload });
        },
      }),
    ) as unknown as () => void;
    return stop;
  }, [dispatch]);
}
