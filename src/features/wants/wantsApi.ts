import { baseApi } from '../../api/baseApi';
import type { DeleteAnswer } from '../../types/entities';
import type { Want } from './types';

/** `POST /wants`: an ISBN, or words with the search's filters; dollars as the search has them ("12.50"). */
export interface NewWant {
  isbn?: string;
  q?: string;
  filters?: { category?: string; condition?: string; location?: string; minPrice?: string; maxPrice?: string };
  maxPrice?: string;
}

export const wantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** What the signed-in user waits for, newest first. */
    getWants: build.query<Want[], void>({
      query: () => '/wants',
      providesTags: (result) => [{ type: 'Want', id: 'LIST' }, ...(result ?? []).map((want) => ({ type: 'Want' as const, id: want._id }))],
    }),
    createWant: build.mutation<Want, NewWant>({
      query: (want) => ({ url: '/wants', method: 'POST', body: want }),
      // A retried POST after a lost answer is refused as a duplicate: said once is enough.
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [{ type: 'Want', id: 'LIST' }],
    }),
    deleteWant: build.mutation<DeleteAnswer, string>({
      query: (id) => ({ url: `/wants/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Want', id },
        { type: 'Want', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetWantsQuery, useCreateWantMutation, useDeleteWantMutation } = wantsApi;
