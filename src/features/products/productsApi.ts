import { fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { getConfig } from '../../config/env';
import type { DeleteAnswer, InsertAnswer, Product } from '../../types/entities';

/** What the add-product form posts; `image` is the image host's URL. */
export type NewProduct = Omit<Product, '_id' | 'date'>;

export interface UploadedImage {
  url: string;
}

/** The image host's answer (imgbb-compatible); only these fields are read. */
interface ImageHostAnswer {
  success?: boolean;
  data?: { url?: string };
}

/**
 * The image host is another service: it gets its own key in the query string and must never
 * see the API's bearer token, so it bypasses the API base query (and its retries: an upload
 * is not idempotent).
 */
const imageHostQuery = fetchBaseQuery();

const notUploaded: FetchBaseQueryError = { status: 'CUSTOM_ERROR', error: copy.products.uploadFailed };

export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], void>({
      query: () => '/products',
      providesTags: (result = []) => [
        { type: 'Product', id: 'LIST' },
        ...result.map((product) => ({ type: 'Product' as const, id: product._id })),
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
    deleteProduct: build.mutation<DeleteAnswer, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
        { type: 'Book', id: 'LIST' },
      ],
    }),
    uploadImage: build.mutation<UploadedImage, File>({
      queryFn: async (file, api) => {
        const { imageHostUrl, imageHostKey } = getConfig();
        const body = new FormData();
        body.append('image', file);
        const result = await imageHostQuery(
          { url: `${imageHostUrl}?key=${encodeURIComponent(imageHostKey)}`, method: 'POST', body },
          api,
          {},
        );
        if (result.error) return { error: result.error };
        const answer = result.data as ImageHostAnswer | undefined;
        const url = answer?.data?.url;
        return answer?.success && url ? { data: { url } } : { error: notUploaded };
      },
    }),
  }),
});

// Adding a product (upload, then post) runs in the product listeners; pages list and delete.
export const { useGetProductsQuery, useDeleteProductMutation } = productsApi;
