import { addListener, isFulfilled, isRejectedWithValue } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { endpointNamed } from '../../api/baseApi';
import { liveEventArrived } from '../../api/liveEvents';
import { useAppDispatch } from '../../app/hooks';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppServices } from '../../app/services';
import type { AppDispatch, RootState } from '../../app/storeShell';
import { defaultsSaved, importChanged, refused, saveCsv } from './inventoryFlows';

const addAppListener = addListener.withTypes<RootState, AppDispatch, AppServices>();

/**
 * Inventory files: each `event: import` of the live stream into the seller's imports, a CSV the
 * page asked for saved as a download, a word after saving the defaults, and a refused Apply or
 * Discard said in a toast.
 */
export function addInventoryListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: liveEventArrived,
    effect: ({ payload }, api) => {
      if (payload.event === 'import') importChanged(payload, api);
    },
  });
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'downloadInventoryCsv'),
    effect: (action, api) => {
      if (isFulfilled(action) && typeof action.payload === 'string') saveCsv(action as typeof action & { payload: string }, api);
    },
  });
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'saveInventoryDefaults'),
    effect: (_action, api) => defaultsSaved(api),
  });
  startListening({
    predicate: (action) => isRejectedWithValue(action) && (endpointNamed(action, 'applyImport') || endpointNamed(action, 'discardImport')),
    effect: (action, api) => refused((action as { payload?: unknown }).payload, api),
  });
}

/**
 * The inventory listeners, while the page is open: they come with its chunk and go with it, so
 * the API layer every page loads does not carry them (only this page starts these flows).
 */
export function useInventoryListeners(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const stops: (() => void)[] = [];
    const start = ((options: Parameters<typeof addAppListener>[0]) => {
      const stop = dispatch(addAppListener(options)) as unknown as () => void;
      stops.push(stop);
      return stop;
    }) as unknown as AppStartListening;
    addInventoryListeners(start);
    return () => stops.forEach((stop) => stop());
  }, [dispatch]);
}
