import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi, withAccessToken } from '../../api/baseApi';
import { forwardByCursor, pageParams, rowPageOf, type RowPage } from '../../api/paging';
import { productToasts } from './toasts';
import { getConfig } from '../../config/env';
import type { DeleteAnswer, InsertAnswer } from '../../types/entities';
import type { IsbnBook, Product } from './types';
import { imageUploadProgressed } from './addProductSlice';
import { postFormWithProgress } from './uploadForm';

/** How a new book may reach its buyer; without it, the API lists a meet-up only. */
export interface DeliveryChoice {
  meetup: boolean;
  shipping: boolean;
  /** Dollars, 0–1,000: required when shipping is offered. */
  shippingPrice?: number;
}

/**
 * What the add-product form posts; `image` is the cover's URL on the image host, and `images`
 * every photo's, the cover first (sent when there are several).
 */
export type NewProduct = Omit<Product, '_id' | 'date' | 'delivery'> & { delivery?: DeliveryChoice; images?: string[] };

/** A listing as the API answers it: every photo, the cover first. */
export type ListedProduct = Product & { images?: string[] };

/** `PUT /products/:id`: the fields the edit form sends (`image` and `images` only when the photos changed). */
export interface ProductUpdate {
  id: string;
  changes: Partial<NewProduct>;
}

export interface UploadedImage {
  url: string;
}

/** A chosen file, and its place among the listing's photos (0, the cover). */
export interface PhotoUpload {
  file: File;
  place: number;
}

/** The image host's answer (imgbb-compatible); only these fields are read. */
interface ImageHostAnswer {
  success?: boolean;
  data?: { url?: string };
}

/** An upload of up to 5 MB on a slow connection takes longer than an API call: it gets two minutes. */
export const UPLOAD_TIMEOUT_MS = 120_000;


/**
 * The API's own image host takes uploads from signed-in sellers only, so it gets the access
 * token too; a host on any other origin never sees it.
 */
function imageHostHeaders(imageHostUrl: string, apiUrl: string): Headers {
  const headers = new Headers();
  return new URL(imageHostUrl).origin === new URL(apiUrl).origin ? withAccessToken(headers) : headers;
}

const notUploaded: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: productToasts.uploadFailed };

export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The seller's own products a page at a time ('Load more'), with their total over all pages. */
    getProducts: build.infiniteQuery<RowPage<Product>, void, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ pageParam }) => ({ url: '/products', params: pageParams(pageParam) }),
      transformResponse: (products: Product[], meta) => rowPageOf(products, meta),
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) => page.rows.map((product) => ({ type: 'Product' as const, id: product._id }))),
      ],
    }),
    addProduct: build.mutation<InsertAnswer, NewProduct>({
      query: (product) => ({ url: '/products', method: 'POST', body: product }),
      // A retried POST could list the book twice.
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [
        { type: 'Product', id: 'LIST' },
        { type: 'Book', id: 'LIST' },
      ],
    }),
    /** One own listing, to edit (`GET /products/:id`). */
    getProduct: build.query<ListedProduct, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    /** A listing changed: its row, its page, the lists and searches that show it, and the favourites. */
    updateProduct: build.mutation<Product, ProductUpdate>({
      query: ({ id, changes }) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Product', id },
              { type: 'Product', id: 'LIST' },
              { type: 'Book', id },
              { type: 'Book', id: 'LIST' },
              { type: 'Favourite', id: 'LIST' },
            ],
    }),
    /**
     * What the book-metadata service knows of an ISBN (kept per ISBN). Not retried: the seller is
     * waiting and can fill the form in by hand, or look up again.
     */
    lookUpIsbn: build.query<IsbnBook, string>({
      query: (isbn) => `/isbn/${encodeURIComponent(isbn)}`,
      extraOptions: { maxRetries: 0 },
    }),
    deleteProduct: build.mutation<DeleteAnswer, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
        { type: 'Book', id: 'LIST' },
        // The product's unpaid bookings go with it, off My Buyer.
        { type: 'Booking', id: 'SELLER' },
      ],
    }),
    /**
     * The image host may be another service (imgbb): it gets its own key in the query string and
     * bypasses the API base query (and its retries: an upload is not idempotent). Sent with
     * XMLHttpRequest so the form can show how much has gone out.
     */
    uploadImage: build.mutation<UploadedImage, PhotoUpload>({
      queryFn: async ({ file, place }, api) => {
        const { imageHostUrl, imageHostKey, apiUrl } = getConfig();
        const body = new FormData();
        body.append('image', file);
        let shown = -1;
        const result = await postFormWithProgress({
          url: `${imageHostUrl}?key=${encodeURIComponent(imageHostKey)}`,
          headers: imageHostHeaders(imageHostUrl, apiUrl),
          body,
          signal: api.signal,
          timeoutMs: UPLOAD_TIMEOUT_MS,
          // Whole percents only: one action per step the bar can show.
          onProgress: (fraction) => {
            const percent = Math.floor(fraction * 100);
            if (percent === shown) return;
            shown = percent;
            api.dispatch(imageUploadProgressed({ place, percent }));
          },
        });
        if ('error' in result) return { error: result.error };
        const answer = result.data as ImageHostAnswer | undefined;
        const url = answer?.data?.url;
        return answer?.success && url ? { data: { url } } : { error: notUploaded };
      },
    }),
  }),
});

// Adding or changing a product (upload, then post or put) and the ISBN lookup run in the product
// listeners; pages list, load one to edit, and delete.
export const { useGetProductsInfiniteQuery, useGetProductQuery, useDeleteProductMutation, useUpdateProductMutation } = productsApi;
