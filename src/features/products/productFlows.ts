import { errorMessage } from '../../api/baseApi';
import { failureKind } from '../../api/errorMessages';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { addProductCancelled, addProductFailed, productAdded, productImageUploaded, type AddProductRequest } from './addProductSlice';
import { isbnLookedUp, isbnLookupFailed } from './isbnLookupSlice';
import { productsApi } from './productsApi';

/*
 * The product form's flows, in a chunk of their own: fetched when a seller first submits the form
 * or looks an ISBN up, so the API layer that every page waits for does not carry them.
 */

/** The chosen image's URL once uploaded; null when the flow stops (failed or cancelled, already told). */
async function uploadImage(image: File, api: AppListenerEffectAPI): Promise<string | null> {
  const upload = api.dispatch(productsApi.endpoints.uploadImage.initiate(image, { track: false }));
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
    const { url } = await upload.unwrap();
    return cancelled ? null : url;
  } catch (error) {
    if (!cancelled) api.dispatch(addProductFailed(errorMessage(error, copy.products.uploadFailed)));
    return null;
  }
}

/**
 * Upload first: a product is only posted (or changed) once its image has a URL. A looked-up cover
 * is on the shop's image host already, and an edit without a new image keeps the one it has.
 */
export async function saveProduct(request: AddProductRequest, api: AppListenerEffectAPI): Promise<void> {
  // Cancelled while this chunk arrived: nothing was sent.
  if (api.getState().addProduct.status === 'cancelled') return;
  let imageUrl = request.imageUrl;
  if (request.image) {
    const uploaded = await uploadImage(request.image, api);
    if (uploaded === null) return;
    imageUrl = uploaded;
    api.dispatch(productImageUploaded());
  }
  const { productId, product } = request;
  try {
    if (productId) {
      const changes = { ...product, ...(imageUrl ? { image: imageUrl } : {}) };
      await api.dispatch(productsApi.endpoints.updateProduct.initiate({ id: productId, changes }, { track: false })).unwrap();
    } else {
      await api.dispatch(productsApi.endpoints.addProduct.initiate({ ...product, image: imageUrl ?? '' }, { track: false })).unwrap();
    }
  } catch (error) {
    api.dispatch(addProductFailed(errorMessage(error, copy.errors.generic)));
    return;
  }
  api.dispatch(productAdded());
  api.extra.notifier.notify(productId ? copy.products.updated : copy.products.added(product.name), 'success');
  api.extra.navigation.navigate(paths.myProducts);
}

/** Why a lookup filled nothing in: not known, the service not answering, or the API's own reason. */
function lookupFailure(error: unknown): string {
  const kind = failureKind(error);
  if (kind === 'notFound') return copy.products.lookupNotFound;
  if (kind === 'server' || kind === 'unreachable' || kind === 'timeout') return copy.products.lookupDown;
  return errorMessage(error, copy.products.lookupDown);
}

/** Looks the ISBN up and hands the form what it found: title (the product's name), author and cover. */
export async function lookUpIsbn(isbn: string, api: AppListenerEffectAPI): Promise<void> {
  const lookup = api.dispatch(productsApi.endpoints.lookUpIsbn.initiate(isbn, { subscribe: false }));
  try {
    const book = await api.pause(lookup.unwrap());
    api.dispatch(
      isbnLookedUp({ isbn: book.isbn13, name: book.title, author: book.author, ...(book.cover ? { cover: book.cover } : {}) }),
    );
  } catch (error) {
    // A newer lookup took over: it tells its own outcome.
    if (api.signal.aborted) return;
    api.dispatch(isbnLookupFailed(lookupFailure(error)));
  }
}
