import type { Category } from '../types/entities';
import { baseApi } from './baseApi';

/** The category list: the home page's cards and the add-product form's choices. */
export const categoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCategories: build.query<Category[], void>({
      query: () => '/bookCatagories',
      providesTags: (result = []) => [
        { type: 'Category', id: 'LIST' },
        ...result.map((category) => ({ type: 'Category' as const, id: category._id })),
      ],
    }),
  }),
});

export const { useGetCategoriesQuery } = categoriesApi;

/** Puts a category list the page arrived with into the cache, as if fetched just now. */
export const preloadCategories = (categories: Category[]) =>
  categoriesApi.util.upsertQueryEntries([{ endpointName: 'getCategories', arg: undefined, value: categories }]);
