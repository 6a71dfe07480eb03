import { baseApi } from '../../api/baseApi';
import type { NewOffer, Offer, OfferListRequest } from './types';

export interface CounterRequest {
  id: string;
  amount: number;
}

/** What a move on an offer makes stale: the offer, both sides' lists and, once accepted, the orders its order shows in. */
const movedTags = (result: Offer | undefined, id: string) => [
  { type: 'Offer' as const, id },
  { type: 'Offer' as const, id: 'LIST' },
  ...(result?.orderId ? [{ type: 'Booking' as const, id: 'LIST' }, { type: 'Booking' as const, id: 'SELLER' }] : []),
];

// The offers' tag comes with the feature's chunks: the API layer every page loads stays as it is.
export const offersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Offer'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The caller's offers on one side (`role=buyer`: made, `role=seller`: received), newest first. */
    getOffers: build.query<Offer[], OfferListRequest>({
      query: ({ role, state }) => ({ url: '/offers', params: state ? { role, state } : { role } }),
      providesTags: (result) => [{ type: 'Offer', id: 'LIST' }, ...(result ?? []).map((offer) => ({ type: 'Offer' as const, id: offer.id }))],
    }),
    getOffer: build.query<Offer, string>({
      query: (id) => `/offers/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Offer', id }],
    }),
    /** `POST /offers`: binding once sent, so never sent twice. Accepted at once, it makes an order. */
    makeOffer: build.mutation<Offer, NewOffer>({
      query: (offer) => ({ url: '/offers', method: 'POST', body: offer }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (result) => (result ? movedTags(result, result.id) : []),
    }),
    counterOffer: build.mutation<Offer, CounterRequest>({
      query: ({ id, amount }) => ({ url: `/offers/${encodeURIComponent(id)}/counter`, method: 'POST', body: { amount } }),
      extraOptions: { maxRetries: 0 },
      // A refusal (moved elsewhere, expired) is read again too: the page says where it stands.
      invalidatesTags: (result, _error, { id }) => movedTags(result, id),
    }),
    acceptOffer: build.mutation<Offer, string>({
      query: (id) => ({ url: `/offers/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (result, _error, id) => movedTags(result, id),
    }),
    declineOffer: build.mutation<Offer, string>({
      query: (id) => ({ url: `/offers/${encodeURIComponent(id)}/decline`, method: 'POST' }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (result, _error, id) => movedTags(result, id),
    }),
  }),
});

export const { useGetOffersQuery, useGetOfferQuery, useMakeOfferMutation, useCounterOfferMutation, useAcceptOfferMutation, useDeclineOfferMutation } =
  offersApi;
