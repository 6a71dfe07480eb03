import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../api/baseApi';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import type { DeliveryMethod, Order } from '../../types/entities';
import { bundlesCopy } from './copy';
import type { Bundle, BundleCheckout, ShopPolicy } from './types';

/** A book to add: its seller when the page knows it (a book's page, a seller's page), else it is looked up. */
export interface BundleAddition {
  bookId: string;
  sellerId?: string;
}

export interface BundleBookRef {
  sellerId: string;
  bookId: string;
}

/** `GET /bundles/:sellerId`, with the shipping worked out for `delivery` (by default the API's choice). */
export interface BundleRequest {
  sellerId: string;
  delivery?: DeliveryMethod;
}

export interface BundleCheckoutRequest {
  sellerId: string;
  checkout: BundleCheckout;
}

const bookPath = ({ sellerId, bookId }: BundleBookRef) => `/bundles/${encodeURIComponent(sellerId)}/books/${encodeURIComponent(bookId)}`;

/** What a change to one seller's bundle makes stale: that bundle (every delivery's figures) and the list. */
const bundleTags = (sellerId: string | undefined) => [
  ...(sellerId ? [{ type: 'Bundle' as const, id: sellerId }] : []),
  { type: 'Bundle' as const, id: 'LIST' },
];

// The bundles' tags come with the feature's chunk: the API layer every page loads stays as it is.
export const bundlesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Bundle', 'ShopPolicy'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in buyer's bundles, one per seller, newest first: one list that every "Add to bundle" reads. */
    getBundles: build.query<Bundle[], void>({
      query: () => '/bundles',
      providesTags: (result) => [{ type: 'Bundle', id: 'LIST' }, ...(result ?? []).map((bundle) => ({ type: 'Bundle' as const, id: bundle.seller.id }))],
    }),
    getBundle: build.query<Bundle, BundleRequest>({
      query: ({ sellerId, delivery }) => ({ url: `/bundles/${encodeURIComponent(sellerId)}`, params: delivery ? { delivery } : undefined }),
      providesTags: (_result, _error, { sellerId }) => [{ type: 'Bundle', id: sellerId }],
    }),
    /**
     * `PUT /bundles/:sellerId/books/:bookId` (idempotent). A search result does not name its
     * seller: the book's page (`GET /books/:id`) does, first. One's own book is not asked for.
     */
    addToBundle: build.mutation<Bundle, BundleAddition>({
      async queryFn({ bookId, sellerId }, _api, _extraOptions, baseQuery) {
        let seller = sellerId;
        if (!seller) {
          const book = await baseQuery(`/books/${encodeURIComponent(bookId)}`);
          if (book.error) return { error: book.error };
          seller = (book.data as { sellerId?: string | null } | undefined)?.sellerId ?? undefined;
        }
        if (!seller || seller === accessTokenSubject()) {
          const own: FetchBaseQueryError = { status: 400, data: { message: bundlesCopy.ownBook } };
          return { error: own };
        }
        const answer = await baseQuery({ url: bookPath({ sellerId: seller, bookId }), method: 'PUT' });
        return answer.error ? { error: answer.error } : { data: answer.data as Bundle };
      },
      // A refusal (sold meanwhile) is read again too: the list says what changed.
      invalidatesTags: (result, _error, { sellerId }) => bundleTags(result?.seller.id ?? sellerId),
    }),
    removeFromBundle: build.mutation<Bundle, BundleBookRef>({
      query: (ref) => ({ url: bookPath(ref), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { sellerId }) => bundleTags(sellerId),
    }),
    /**
     * One order of the bundle's available books (`POST /bundles/:sellerId/checkout`), paid as any
     * order. A 409 names a book sold meanwhile: the bundle is read again, and lists it unavailable.
     */
    checkoutBundle: build.mutation<Order, BundleCheckoutRequest>({
      query: ({ sellerId, checkout }) => ({ url: `/bundles/${encodeURIComponent(sellerId)}/checkout`, method: 'POST', body: checkout }),
      // A retried POST could order twice.
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (result, _error, { sellerId }) => [
        ...bundleTags(sellerId),
        ...(result ? [{ type: 'Booking' as const, id: 'LIST' }, { type: 'Booking' as const, id: 'SELLER' }] : []),
      ],
    }),
    /** A seller's bundle shipping and discounts (anyone may read them). */
    getShopPolicy: build.query<ShopPolicy, string>({
      query: (sellerId) => `/shop-policy/${encodeURIComponent(sellerId)}`,
      providesTags: (_result, _error, sellerId) => [{ type: 'ShopPolicy', id: sellerId }],
    }),
    /** The signed-in seller's own policy; the bundles priced by it are read again. */
    saveShopPolicy: build.mutation<ShopPolicy, ShopPolicy>({
      query: (policy) => ({ url: '/shop-policy', method: 'PUT', body: policy }),
      invalidatesTags: (result) => (result ? ['ShopPolicy', 'Bundle'] : []),
    }),
  }),
});

export const {
  useGetBundlesQuery,
  useGetBundleQuery,
  useAddToBundleMutation,
  useRemoveFromBundleMutation,
  useCheckoutBundleMutation,
  useGetShopPolicyQuery,
  useSaveShopPolicyMutation,
} = bundlesApi;
