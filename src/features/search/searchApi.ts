import { baseApi } from '../../api/baseApi';
import type { Book } from '../../types/entities';
import { paramsFromArgs, type SearchArgs } from './searchParams';

/** A search result: a book for sale; visitors get no seller phone number. */
export type FoundBook = Omit<Book, 'number'> & { number?: string; author: string; isbn: string | null };

export interface SearchPage {
  items: FoundBook[];
  /** At most the API's count limit (1,000) … */
  total: number;
  /** … and set when more books match than it counted. */
  totalCapped?: boolean;
  nextCursor: string | null;
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One search, its pages fetched one after another ("Load more"); the arguments are the cache key. */
    searchBooks: build.infiniteQuery<SearchPage, SearchArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => {
        const params = paramsFromArgs(queryArg);
        if (pageParam) params.set('cursor', pageParam);
        return `/books/search?${params.toString()}`;
      },
      providesTags: (result) => [
        { type: 'Book', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) => page.items.map((book) => ({ type: 'Book' as const, id: book._id }))),
      ],
    }),
  }),
});

export const { useSearchBooksInfiniteQuery } = searchApi;
