import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from './hooks';
import type { AppStartListening } from './listenerMiddleware';
import type { AppServices } from './services';
import type { AppDispatch, RootState } from './storeShell';

const addAppListener = addListener.withTypes<RootState, AppDispatch, AppServices>();

/** Per store, each feature's listeners that are attached and how many mounted components use them. */
const attached = new WeakMap<AppDispatch, Map<FeatureListeners, { users: number; stop(): void }>>();

/** A feature's `addXListeners`: starts its flows with the listener middleware. */
export type FeatureListeners = (startListening: AppStartListening) => void;

/**
 * A feature's listeners, while a page, dialog or button that starts its flows is on screen: they
 * come with the feature's chunk, so the API layer every page loads does not carry them. Several
 * components share one set, which goes with the last of them.
 */
export function useFeatureListeners(add: FeatureListeners): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const features = attached.get(dispatch) ?? attached.set(dispatch, new Map()).get(dispatch);
    if (!features) return undefined;
    let entry = features.get(add);
    if (!entry) {
      const stops: (() => void)[] = [];
      const start = ((options: Parameters<typeof addAppListener>[0]) => {
        const stop = dispatch(addAppListener(options)) as unknown as () => void;
        stops.push(stop);
        return stop;
      }) as unknown as AppStartListening;
      add(start);
      entry = { users: 0, stop: () => stops.forEach((stop) => stop()) };
      features.set(add, entry);
    }
    const current = entry;
    current.users += 1;
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.stop();
      features.delete(add);
    };
  }, [dispatch, add]);
}
