import { baseApi } from '../../api/baseApi';
import { nextCursorOf, totalCountOf } from '../../api/paging';
import type {
  AdminCsvTable,
  AdminInsight,
  BookInsight,
  BookInsightArgs,
  BookInsightPage,
  BookSort,
  PeriodDays,
  PublicReliability,
  SellerCsvTable,
  SellerInsight,
} from './types';

/** A CSV the API makes, and the name it is saved under. */
export interface CsvFile {
  url: string;
  params: Record<string, string | number>;
  name: string;
}

export const sellerCsv = (days: PeriodDays, table: SellerCsvTable): CsvFile => ({
  url: '/insight/seller.csv',
  params: { days, table },
  name: `stats-${table}-${days}-days.csv`,
});

export const sellerBooksCsv = (days: PeriodDays, sort: BookSort): CsvFile => ({
  url: '/insight/seller/books.csv',
  params: { days, sort },
  name: `stats-books-${days}-days.csv`,
});

export const adminCsv = (days: PeriodDays, table: AdminCsvTable): CsvFile => ({
  url: '/insight/admin.csv',
  params: { days, table },
  name: `insight-${table}-${days}-days.csv`,
});

// The figures lag the events by up to a minute (the API's rollups): a page opened again after that reads them again.
export const READ_AGAIN_AFTER_SECONDS = 60;

// The insight tag comes with the feature's chunks: the API layer every page loads stays as it is.
export const insightApi = baseApi.enhanceEndpoints({ addTagTypes: ['Insight'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in seller's shop over the last `days` days, against the days before. */
    getSellerInsight: build.query<SellerInsight, PeriodDays>({
      query: (days) => ({ url: '/insight/seller', params: { days } }),
      providesTags: [{ type: 'Insight', id: 'SELLER' }],
    }),
    /** One page of the seller's listed books with their figures, sorted by the API. */
    getSellerBooks: build.query<BookInsightPage, BookInsightArgs>({
      query: ({ days, sort, limit, cursor }) => ({ url: '/insight/seller/books', params: { days, sort, limit, cursor } }),
      transformResponse: (books: BookInsight[], meta): BookInsightPage => ({
        books,
        total: totalCountOf(meta) ?? books.length,
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: [{ type: 'Insight', id: 'BOOKS' }],
    }),
    /** The whole marketplace over the last `days` days (admins). */
    getAdminInsight: build.query<AdminInsight, PeriodDays>({
      query: (days) => ({ url: '/insight/admin', params: { days } }),
      providesTags: [{ type: 'Insight', id: 'ADMIN' }],
    }),
    /** A seller's public record and badge; 404 for someone who does not sell. */
    getSellerReliability: build.query<PublicReliability, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/reliability`,
      providesTags: (_result, _error, userId) => [{ type: 'Insight', id: `RELIABILITY-${userId}` }],
    }),
    /**
     * A CSV as text, with the reader's token (a plain link could not carry it); the insight
     * listeners save it. A mutation: asked for on a press, never cached. The body is read by its
     * content type, so a refusal's JSON `{ message }` still reads as the API's sentence.
     */
    downloadInsightCsv: build.mutation<string, CsvFile>({
      query: ({ url, params }) => ({ url, params, headers: { accept: 'text/csv' }, responseHandler: 'content-type' }),
    }),
  }),
});

export const {
  useGetSellerInsightQuery,
  useGetSellerBooksQuery,
  useGetAdminInsightQuery,
  useGetSellerReliabilityQuery,
  useDownloadInsightCsvMutation,
} = insightApi;
