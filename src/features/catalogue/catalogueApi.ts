import { baseApi } from '../../api/baseApi';
import type { Book, BookDetails, SellerProfile } from '../../types/entities';

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

export const { useGetBooksQuery, useGetBookQuery, useGetSellerQuery } = catalogueApi;
