import { isFulfilled } from '@reduxjs/toolkit';
import { endpointNamed } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import type { DeleteAnswer } from '../../types/entities';
import { addProductRequested } from './addProductSlice';
import { isbnLookupRequested } from './productFormEvents';

// The flows themselves (productFlows.ts) come in a chunk of their own when first needed.
const loadFlows = () => import(/* webpackChunkName: "product-flows" */ './productFlows');

/** The products feature's side effects: the product form's flows (save, ISBN lookup) and the toasts after its calls. */
export function addProductListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: addProductRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      const { saveProduct } = await api.pause(loadFlows());
      await saveProduct(payload, api);
    },
  });

  // Lookup → fill the form: a newer lookup replaces one still under way.
  startListening({
    actionCreator: isbnLookupRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      const { lookUpIsbn } = await api.pause(loadFlows());
      await lookUpIsbn(payload, api);
    },
  });

  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'deleteProduct'),
    effect: (action, api) => {
      if ((action.payload as DeleteAnswer).deletedCount > 0) api.extra.notifier.notify(copy.products.deleted, 'success');
    },
  });
}
