import { baseApi } from '../../api/baseApi';
import { nextCursorOf, totalCountOf } from '../../api/paging';
import type { Payout } from '../../types/entities';
import type { AdminPayout, MonthlyCommission, Reconciliation, WaitingSeller } from './types';

export interface PayoutListArgs {
  limit: number;
  /** Where the page starts; the first page has none. */
  cursor?: string;
}

export interface PayoutPage {
  payouts: AdminPayout[];
  /** How many payouts there are over all pages. */
  total: number;
  nextCursor: string | null;
}

/** Which payout an admin retries; whose it is, for the word after it. */
export type PayoutRef = Pick<AdminPayout, '_id' | 'sellerName' | 'sellerEmail'>;

export const payoutsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Admin: every payout, failed first then newest, one Data Grid page at a time. */
    getPayouts: build.query<PayoutPage, PayoutListArgs>({
      query: ({ limit, cursor }) => ({ url: '/admin/payouts', params: { limit, cursor } }),
      transformResponse: (payouts: AdminPayout[], meta): PayoutPage => ({
        payouts,
        total: totalCountOf(meta) ?? payouts.length,
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: (result) => [
        { type: 'Payout', id: 'LIST' },
        ...(result?.payouts ?? []).map((payout) => ({ type: 'Payout' as const, id: payout._id })),
      ],
    }),
    /**
     * A failed payout sent again, as a new payout of what the seller has available. Never retried
     * by itself (a second payout could be made); the list is read again, refused or not (a 409:
     * someone else retried it first).
     */
    retryPayout: build.mutation<Payout, PayoutRef>({
      query: ({ _id }) => ({ url: `/admin/payouts/${encodeURIComponent(_id)}/retry`, method: 'POST' }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (_result, _error, { _id }) => [
        { type: 'Payout', id: 'LIST' },
        { type: 'Payout', id: _id },
        { type: 'Payout', id: 'WAITING' },
      ],
    }),
    /** Sellers holding available money without an active payout account. */
    getWaitingSellers: build.query<WaitingSeller[], void>({
      query: () => '/admin/payouts/waiting',
      providesTags: [{ type: 'Payout', id: 'WAITING' }],
    }),
    /** The platform's commission month by month, newest first. */
    getCommissionByMonth: build.query<MonthlyCommission[], void>({
      query: () => '/admin/commission',
      providesTags: [{ type: 'Payout', id: 'COMMISSION' }],
    }),
    /** The last comparison of the ledger with Stripe; null before the first. */
    getReconciliation: build.query<Reconciliation | null, void>({
      query: () => '/admin/reconciliation',
      providesTags: [{ type: 'Payout', id: 'RECONCILIATION' }],
    }),
    /** Compares the ledger with Stripe now; its answer is the last reconciliation from then on. */
    reconcile: build.mutation<Reconciliation, void>({
      query: () => ({ url: '/admin/reconciliation', method: 'POST' }),
      extraOptions: { maxRetries: 0 },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(payoutsApi.util.upsertQueryData('getReconciliation', undefined, data));
        } catch {
          // Refused or unreachable: the last one stays as it was, and the listener says why.
        }
      },
    }),
  }),
});

export const {
  useGetPayoutsQuery,
  useRetryPayoutMutation,
  useGetWaitingSellersQuery,
  useGetCommissionByMonthQuery,
  useGetReconciliationQuery,
  useReconcileMutation,
} = payoutsApi;
