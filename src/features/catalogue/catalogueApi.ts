import { baseApi } from '../../api/baseApi';
import type { Book, Category } from '../../types/entities';

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], void>({
      query: () => '/bookCatagories',
      providesTags: (result = []) => [
        { type: 'Category', id: 'LIST' },
        ...result.map((category) => ({ type: 'Category' as const, id: category._id })),
      ],
    }),
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

export const { useGetCategoriesQuery, useGetBooksQuery } = catalogueApi;
