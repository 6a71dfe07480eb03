import { baseApi } from '../../api/baseApi';
import type { Book } from '../../types/entities';

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The books of one category (its `category` value), or every book when no category is given. */
    getBooks: build.query<Book[], string | undefined>({
      query: (category) =>
        category === undefined ? '/bookCatagoriesId' : `/bookCatagoriesId/${encodeURIComponent(category)}`,
      providesTags: (result = []) => [
        { type: 'Book', id: 'LIST' },
        ...result.map((book) => ({ type: 'Book' as const, id: book._id })),
      ],
    }),
  }),
});

export const { useGetBooksQuery } = catalogueApi;
