import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { baseApi } from '../../api/baseApi';
import { nextCursorOf } from '../../api/paging';
import type { Book, BookDetails, SellerProfile } from '../../types/entities';

/** Books per page of a category list: fills whole rows of 1, 2, 3 or 4 columns. */
export const BOOKS_PER_PAGE = 24;

/** One page of a book list, and where the next one starts (null on the last). */
export interface BookPage {
  books: Book[];
  nextCursor: string | null;
}

const okOrGone = (response: Response) => response.ok || response.status === 404;
const gone = (meta: Partial<FetchBaseQueryMeta> | undefined) => meta?.response?.status === 404;

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The books of one category (its `category` value), or every book when no category is given,
     * a page at a time ("Load more", or scrolling); the category is the cache key.
     */
    getBooks: build.infiniteQuery<BookPage, string | undefined, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: category, pageParam }) => ({
        url: category === undefined ? '/bookCatagoriesId' : `/bookCatagoriesId/${encodeURIComponent(category)}`,
        params: pageParam === null ? { limit: BOOKS_PER_PAGE } : { limit: BOOKS_PER_PAGE, cursor: pageParam },
      }),
      transformResponse: (books: Book[], meta) => ({ books, nextCursor: nextCursorOf(meta) }),
      providesTags: (result) => [
        { type: 'Book', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) => page.books.map((book) => ({ type: 'Book' as const, id: book._id }))),
      ],
    }),
    /**
     * One book's page (also a sold one); null once it is gone (withdrawn, or never listed: the
     * API's 404). Gone is an answer the page shows, and the web server renders it so too.
     */
    getBook: build.query<BookDetails | null, string>({
      query: (id) => ({ url: `/books/${encodeURIComponent(id)}`, validateStatus: okOrGone }),
      transformResponse: (book: BookDetails, meta) => (gone(meta) ? null : book),
      providesTags: (_result, _error, id) => [{ type: 'Book', id }],
    }),
    /** A seller's page; null for an unknown id or a user who does not sell (the API's 404). */
    getSeller: build.query<SellerProfile | null, string>({
      query: (id) => ({ url: `/sellers/${encodeURIComponent(id)}`, validateStatus: okOrGone }),
      transformResponse: (seller: SellerProfile, meta) => (gone(meta) ? null : seller),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useGetBooksInfiniteQuery, useGetBookQuery, useGetSellerQuery } = catalogueApi;
