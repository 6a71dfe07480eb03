import { errorMessage } from '../../api/baseApi';
import { failureKind } from '../../api/errorMessages';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { productToasts } from './toasts';
import { paths } from '../../config/paths';
import {
  addProductCancelled,
  addProductFailed,
  productAdded,
  productImageUploaded,
  uploadsFiles,
  type AddProductRequest,
} from './addProductSlice';
import { handedOverFile } from './chosenFiles';
import { isbnLookedUp, isbnLookupFailed } from './isbnLookupSlice';
import { photoUploaded, photoUploadFailed } from './photoUploadsSlice';
import { productsApi } from './productsApi';

/*
 * The product form's flows, in a chunk of their own: fetched when a seller first submits the form
 * or looks an ISBN up, so the API layer that every page waits for does not carry them.
 */

/** Files uploaded by an earlier try of a save that failed further on: not sent again. */
const uploadedFiles = new WeakMap<File, string>();

/** The save's photos in order, the cover first: a URL on the image host, or a file to upload. */
function photosOf(request: AddProductRequest): Array<string | File | undefined> {
  const cover = request.image ?? request.imageUrl;
  const more = (request.more ?? []).map((photo) => ('url' in photo ? photo.url : handedOverFile(photo.key)));
  return cover === undefined ? more : [cover, ...more];
}

/**
 * Every photo's URL, the chosen files uploaded one after the other (the cover first, through the
 * image host's upload); null when the flow stops (an upload failed or was cancelled, already told).
 */
async function uploadPhotos(request: AddProductRequest, api: AppListenerEffectAPI): Promise<string[] | null> {
  // Cancel stops the upload itself, not only the wait for it.
  let current: { abort(): void } | null = null;
  let cancelled = false;
  api
    .take(addProductCancelled.match)
    .then(() => {
      cancelled = true;
      current?.abort();
    })
    // The watch ends with the flow.
    .catch(() => undefined);

  const fail = (place: number, message: string) => {
    api.dispatch(photoUploadFailed(place));
    api.dispatch(addProductFailed(message));
  };
  const send = async (file: File, place: number): Promise<string | null> => {
    const known = uploadedFiles.get(file);
    if (known) return known;
    const upload = api.dispatch(productsApi.endpoints.uploadImage.initiate({ file, place }, { track: false }));
    current = upload;
    try {
      const { url } = await upload.unwrap();
      uploadedFiles.set(file, url);
      return cancelled ? null : url;
    } catch (error) {
      if (!cancelled) fail(place, errorMessage(error, productToasts.uploadFailed));
      return null;
    }
  };

  const urls: string[] = [];
  for (const [place, photo] of photosOf(request).entries()) {
    if (typeof photo === 'string') {
      urls.push(photo);
      continue;
    }
    // A file no longer handed over (a newer save's took its place) cannot be sent.
    if (!photo) {
      fail(place, productToasts.uploadFailed);
      return null;
    }
    const url = await send(photo, place);
    if (url === null) return null;
    urls.push(url);
    api.dispatch(photoUploaded(place));
  }
  return urls;
}

/**
 * Upload first: a product is only posted (or changed) once its photos have URLs. A looked-up
 * cover is on the shop's image host already, and an edit that left its photos alone sends none.
 * A new listing sends its cover as `image` (and every photo as `images` when there are several);
 * an edit that changed them sends both, so that photos taken off go.
 */
export async function saveProduct(request: AddProductRequest, api: AppListenerEffectAPI): Promise<void> {
  // Cancelled while this chunk arrived: nothing was sent.
  if (api.getState().addProduct.status === 'cancelled') return;
  const uploads = uploadsFiles(request);
  const urls = await uploadPhotos(request, api);
  if (urls === null) return;
  if (uploads) api.dispatch(productImageUploaded());
  const { productId, product } = request;
  const [cover = ''] = urls;
  try {
    if (productId) {
      const changes = { ...product, ...(urls.length > 0 ? { image: cover, images: urls } : {}) };
      await api.dispatch(productsApi.endpoints.updateProduct.initiate({ id: productId, changes }, { track: false })).unwrap();
    } else {
      const listing = { ...product, image: cover, ...(urls.length > 1 ? { images: urls } : {}) };
      await api.dispatch(productsApi.endpoints.addProduct.initiate(listing, { track: false })).unwrap();
    }
  } catch (error) {
    api.dispatch(addProductFailed(errorMessage(error, copy.errors.generic)));
    return;
  }
  api.dispatch(productAdded());
  api.extra.notifier.notify(productId ? productToasts.updated : copy.products.added(product.name), 'success');
  api.extra.navigation.navigate(paths.myProducts);
}

/** Why a lookup filled nothing in: not known, the service not answering, or the API's own reason. */
function lookupFailure(error: unknown): string {
  const kind = failureKind(error);
  if (kind === 'notFound') return productToasts.lookupNotFound;
  if (kind === 'server' || kind === 'unreachable' || kind === 'timeout') return productToasts.lookupDown;
  return errorMessage(error, productToasts.lookupDown);
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
