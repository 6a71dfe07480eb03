import { errorMessage } from '../../api/baseApi';
import { useFeatureListeners } from '../../app/featureListeners';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { paths } from '../../config/paths';
import { bundlesApi } from './bundlesApi';
import { bundlesCopy, shopPolicyCopy } from './copy';

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

/** The bundle listeners, while a page or a button that starts these flows is on screen (src/app/featureListeners.ts). */
export const useBundleListeners = (): void => useFeatureListeners(addBundleListeners);
