import type { AppStartListening } from '../../app/listenerMiddleware';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { addProductCancelled, addProductFailed, addProductRequested, productAdded, productImageUploaded } from './addProductSlice';
import { productsApi } from './productsApi';

/** The products feature's side effects: the add-product flow and the toasts after its calls. */
export function addProductListeners(startListening: AppStartListening): void {
  // Upload first: a product is only posted once its image has a URL.
  startListening({
    actionCreator: addProductRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      let imageUrl: string;
      const upload = api.dispatch(productsApi.endpoints.uploadImage.initiate(payload.image, { track: false }));
      // Cancel stops the upload itself, not only the wait for it.
      let cancelled = false;
      api
        .take(addProductCancelled.match)
        .then(() => {
          cancelled = true;
          upload.abort();
        })
        // The watch ends with the flow.
        .catch(() => undefined);
      try {
        const uploaded = await upload.unwrap();
        imageUrl = uploaded.url;
      } catch (error) {
        if (!cancelled) api.dispatch(addProductFailed(errorMessage(error, copy.products.uploadFailed)));
        return;
      }
      if (cancelled) return;
      api.dispatch(productImageUploaded());
      try {
        await api.dispatch(productsApi.endpoints.addProduct.initiate({ ...payload.product, image: imageUrl }, { track: false })).unwrap();
      } catch (error) {
        api.dispatch(addProductFailed(errorMessage(error, copy.errors.generic)));
        return;
      }
      api.dispatch(productAdded());
      api.extra.notifier.notify(copy.products.added(payload.product.name), 'success');
      api.extra.navigation.navigate(paths.myProducts);
    },
  });

  startListening({
    matcher: productsApi.endpoints.deleteProduct.matchFulfilled,
    effect: ({ payload }, api) => {
      if (payload.deletedCount > 0) api.extra.notifier.notify(copy.products.deleted, 'success');
    },
  });
}
