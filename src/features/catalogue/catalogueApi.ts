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
    /** One book's page (also a sold one); a withdrawn book answers 404. */
    getBook: build.query<BookDetails, string>({
      query: (id) => `/books/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Book', id }],
    }),
    getSeller: build.query<SellerProfile, string>({
      query: (id) => `/sellers/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useGetBooksInfiniteQuery, useGetBookQuery, useGetSellerQuery } = catalogueApi;
