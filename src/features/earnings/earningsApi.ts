import { baseApi } from '../../api/baseApi';
import { forwardByCursor, pageParams, rowPageOf, type RowPage } from '../../api/paging';
import type { Earnings, Payout } from '../../types/entities';
import type { EarningEntry, PayoutAccountLink } from './types';

export const earningsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The seller's balance, payout account and the commission (`GET /earnings`). */
    getEarnings: build.query<Earnings, void>({
      query: () => '/earnings',
      providesTags: [{ type: 'Earnings', id: 'BALANCE' }],
    }),
    /** The seller's ledger entries, newest first, a page at a time ('Load more'). */
    getEarningEntries: build.infiniteQuery<RowPage<EarningEntry>, void, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ pageParam }) => ({ url: '/earnings/entries', params: pageParams(pageParam) }),
      transformResponse: (entries: EarningEntry[], meta) => rowPageOf(entries, meta),
      providesTags: [{ type: 'Earnings', id: 'LIST' }],
    }),
    /**
     * Every entry as CSV text, for the seller to save (the earnings listeners save it). A
     * mutation: asked for on a press, never cached. The body is read by its content type, so a
     * refusal's JSON `{ message }` still reads as the API's sentence.
     */
    downloadEarningsCsv: build.mutation<string, void>({
      query: () => ({ url: '/earnings/entries.csv', headers: { accept: 'text/csv' }, responseHandler: 'content-type' }),
    }),
    /**
     * The payment provider's page where the seller sets up (or finishes, or updates) their payout
     * account; the earnings listeners go there. Its first call opens the account, so it is asked once.
     */
    linkPayoutAccount: build.mutation<PayoutAccountLink, void>({
      query: () => ({ url: '/payout-account/link', method: 'POST' }),
      extraOptions: { maxRetries: 0 },
    }),
    /**
     * Withdraw: what is available goes to the seller's bank now. Never retried (a second payout
     * could be made); the balance and the entries are read again after it, refused or not.
     */
    withdrawEarnings: build.mutation<Payout, void>({
      query: () => ({ url: '/payouts', method: 'POST' }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: ['Earnings'],
    }),
  }),
});

export const {
  useGetEarningsQuery,
  useGetEarningEntriesInfiniteQuery,
  useDownloadEarningsCsvMutation,
  useLinkPayoutAccountMutation,
  useWithdrawEarningsMutation,
} = earningsApi;
