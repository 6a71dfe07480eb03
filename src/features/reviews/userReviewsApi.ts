import { baseApi } from '../../api/baseApi';
import { forwardByCursor, nextCursorOf } from '../../api/paging';
import type { Score } from '../../types/entities';
import type { Review } from './types';

/*
 * A user's shown reviews, on their own: a seller's page is rendered by the web server with its
 * first page, so this endpoint comes with the chunk that prepares the app (src/ssr/preloaded.ts);
 * the order's review endpoints (reviewsApi.ts) stay in the pages' chunks.
 */

/** Whose reviews, in which role (`GET /users/:id/reviews`). */
export interface UserReviewsArgs {
  userId: string;
  as: 'seller' | 'buyer';
}

/** One page of a user's shown reviews, newest first, with their score. */
export interface UserReviewsPage extends Score {
  reviews: Review[];
  nextCursor: string | null;
}

/** Reviews per page of a seller's page. */
export const REVIEWS_PER_PAGE = 10;

/** What a seller's page asks for: the web server asks the same (src/ssr/routeData.ts), so the page hydrates from it. */
export const sellerReviewsArgs = (sellerId: string): UserReviewsArgs => ({ userId: sellerId, as: 'seller' });

/** The path and query of a page of a user's reviews. */
export function userReviewsPath({ userId, as }: UserReviewsArgs, cursor: string | null = null): string {
  const params = new URLSearchParams({ as, limit: String(REVIEWS_PER_PAGE) });
  if (cursor) params.set('cursor', cursor);
  return `/users/${encodeURIComponent(userId)}/reviews?${params.toString()}`;
}

export const userReviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A user's shown reviews in one role, newest first, a page at a time ("More reviews"), with the score. */
    getUserReviews: build.infiniteQuery<UserReviewsPage, UserReviewsArgs, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ queryArg, pageParam }) => userReviewsPath(queryArg, pageParam),
      transformResponse: (page: Omit<UserReviewsPage, 'nextCursor'>, meta) => ({ ...page, nextCursor: nextCursorOf(meta) }),
      // Read again when an admin hides a review or acts on its author.
      providesTags: [{ type: 'Review', id: 'LIST' }],
    }),
  }),
});

export const { useGetUserReviewsInfiniteQuery } = userReviewsApi;
