import { baseApi } from '../../api/baseApi';
import type { Favourite } from './types';

/** The heart on a book: save it (`saved`) or take it out. `book` shows in the favourites at once. */
export interface FavouriteChange {
  bookId: string;
  saved: boolean;
  book: Pick<Favourite, 'name' | 'author' | 'price' | 'img'>;
}

export interface FavouriteAnswer {
  bookId: string;
  saved: boolean;
}

export const favouritesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's saved books, newest first (at most 500): one list that every heart reads. */
    getFavourites: build.query<Favourite[], void>({
      query: () => '/favourites',
      providesTags: [{ type: 'Favourite', id: 'LIST' }],
    }),
    /**
     * `PUT` or `DELETE /favourites/:bookId` (both idempotent). The hearts and the list change at
     * once and change back if the API refuses; once it agrees, the list is read again for the
     * prices it keeps.
     */
    setFavourite: build.mutation<FavouriteAnswer, FavouriteChange>({
      query: ({ bookId, saved }) => ({ url: `/favourites/${encodeURIComponent(bookId)}`, method: saved ? 'PUT' : 'DELETE' }),
      async onQueryStarted({ bookId, saved, book }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          favouritesApi.util.updateQueryData('getFavourites', undefined, (list) => {
            const at = list.findIndex((favourite) => favourite.bookId === bookId);
            if (!saved && at >= 0) list.splice(at, 1);
            if (saved && at < 0) list.unshift({ bookId, ...book, sold: false, savedPrice: book.price, savedAt: new Date().toISOString() });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Favourite', id: 'LIST' }]),
    }),
  }),
});

export const { useGetFavouritesQuery, useSetFavouriteMutation } = favouritesApi;
