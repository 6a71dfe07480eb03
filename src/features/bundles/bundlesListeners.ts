import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { errorMessage } from '../../api/baseApi';
import { useAppDispatch } from '../../app/hooks';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppServices } from '../../app/services';
import type { AppDispatch, RootState } from '../../app/storeShell';
import { paths } from '../../config/paths';
import { bundlesApi } from './bundlesApi';
import { bundlesCopy, shopPolicyCopy } from './copy';

const addAppListener = addListener.withTypes<RootState, AppDispatch, AppServices>();

/**
 * Bundles: a word after a book is added, the API's reason when an addition, a removal or a
 * checkout is refused (a book sold meanwhile), the payment step after a checkout, and a word once
 * the shop policy is saved (a refused save is said in its form).
 */
export function addBundleListeners(startListening: AppStartListening): void {
  const { addToBundle, removeFromBundle, checkoutBundle, saveShopPolicy } = bundlesApi.endpoints;
  startListening({
    matcher: addToBundle.matchFulfilled,
    effect: ({ payload }, api) => api.extra.notifier.notify(bundlesCopy.added(payload.seller.name), 'success'),
  });
  startListening({
    matcher: addToBundle.matchRejected,
    effect: ({ payload, error }, api) => api.extra.notifier.notify(errorMessage(payload ?? error, bundlesCopy.addFailed), 'error'),
  });
  startListening({
    matcher: removeFromBundle.matchRejected,
    effect: ({ payload, error }, api) => api.extra.notifier.notify(errorMessage(payload ?? error, bundlesCopy.removeFailed), 'error'),
  });
  // The order is paid as any order is: the same payment page a booked book goes to.
  startListening({
    matcher: checkoutBundle.matchFulfilled,
    effect: ({ payload }, api) => api.extra.navigation.navigate(paths.payment(payload._id)),
  });
  startListening({
    matcher: checkoutBundle.matchRejected,
    effect: ({ payload, error }, api) => api.extra.notifier.notify(errorMessage(payload ?? error, bundlesCopy.checkoutFailed), 'error'),
  });
  startListening({
    matcher: saveShopPolicy.matchFulfilled,
    effect: (_action, api) => api.extra.notifier.notify(shopPolicyCopy.saved, 'success'),
  });
}

/** Each store's bundle listeners and how many mounted components use them. */
const inUse = new WeakMap<AppDispatch, { users: number; stop(): void }>();

/**
 * The bundle listeners, while a page or a button that starts these flows is on screen: they come
 * with the feature's chunk, so the API layer every page loads does not carry them. Many buttons
 * (a page of search results) share one set, which goes with the last of them.
 */
export function useBundleListeners(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let entry = inUse.get(dispatch);
    if (!entry) {
      const stops: (() => void)[] = [];
      const start = ((options: Parameters<typeof addAppListener>[0]) => {
        const stop = dispatch(addAppListener(options)) as unknown as () => void;
        stops.push(stop);
        return stop;
      }) as unknown as AppStartListening;
      addBundleListeners(start);
      entry = { users: 0, stop: () => stops.forEach((stop) => stop()) };
      inUse.set(dispatch, entry);
    }
    const current = entry;
    current.users += 1;
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.stop();
      inUse.delete(dispatch);
    };
  }, [dispatch]);
}
