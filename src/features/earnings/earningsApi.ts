import { baseApi } from '../../api/baseApi';
import { forwardByCursor, pageParams, rowPageOf, type RowPage } from '../../api/paging';
import type { EarningEntry, Earnings } from '../../types/entities';

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
  }),
});

export const { useGetEarningsQuery, useGetEarningEntriesInfiniteQuery, useDownloadEarningsCsvMutation } = earningsApi;
