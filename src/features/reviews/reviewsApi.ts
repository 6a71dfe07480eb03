import { baseApi } from '../../api/baseApi';
import { forwardByCursor, nextCursorOf } from '../../api/paging';
import type { Review, Score } from '../../types/entities';

/** A completed order's reviews as one side reads them (`GET /bookings/:id/reviews`). */
export interface OrderReviews {
  mine: Review | null;
  /** Only once shown. */
  theirs: Review | null;
  /** When the window to review closes. */
  dueAt: string | null;
  open: boolean;
}

export interface ReviewBody {
  bookingId: string;
  rating: number;
  comment?: string;
}

export interface ReplyBody {
  review: Pick<Review, '_id' | 'bookingId'>;
  text: string;
}

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

/** What a seller's page asks for: the web server asks the same (src/ssr/routeData.ts), so the page hydrates from it. */
export const sellerReviewsArgs = (sellerId: string): UserReviewsArgs => ({ userId: sellerId, as: 'seller' });

/** Reviews per page of a seller's page. */
export const REVIEWS_PER_PAGE = 10;

/** The path and query of a page of a user's reviews: the web server asks the same for a seller's page. */
export function userReviewsPath({ userId, as }: UserReviewsArgs, cursor: string | null = null): string {
  const params = new URLSearchParams({ as, limit: String(REVIEWS_PER_PAGE) });
  if (cursor) params.set('cursor', cursor);
  return `/users/${encodeURIComponent(userId)}/reviews?${params.toString()}`;
}

const orderTag = (bookingId: string) => ({ type: 'Review' as const, id: `order-${bookingId}` });

export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderReviews: build.query<OrderReviews, string>({
      query: (bookingId) => `/bookings/${encodeURIComponent(bookingId)}/reviews`,
      providesTags: (_result, _error, bookingId) => [orderTag(bookingId)],
    }),
    postReview: build.mutation<Review, ReviewBody>({
      query: ({ bookingId, ...body }) => ({ url: `/bookings/${encodeURIComponent(bookingId)}/reviews`, method: 'POST', body }),
      // Posted twice, the second would be refused as a repeat and hide that the first went through.
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (_result, _error, { bookingId }) => [orderTag(bookingId), { type: 'Review', id: 'LIST' }],
    }),
    replyToReview: build.mutation<Review, ReplyBody>({
      query: ({ review, text }) => ({ url: `/reviews/${encodeURIComponent(review._id)}/reply`, method: 'POST', body: { text } }),
      extraOptions: { maxRetries: 0 },
      invalidatesTags: (_result, _error, { review }) => [orderTag(review.bookingId), { type: 'Review', id: review._id }],
    }),
    /** A user's shown reviews in one role, newest first, a page at a time ("More reviews"), with the score. */
    getUserReviews: build.infiniteQuery<UserReviewsPage, UserReviewsArgs, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ queryArg, pageParam }) => userReviewsPath(queryArg, pageParam),
      transformResponse: (page: Omit<UserReviewsPage, 'nextCursor'>, meta) => ({ ...page, nextCursor: nextCursorOf(meta) }),
      providesTags: (result) => [
        { type: 'Review', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) => page.reviews.map((review) => ({ type: 'Review' as const, id: review._id }))),
      ],
    }),
  }),
});

export const { useGetOrderReviewsQuery, usePostReviewMutation, useReplyToReviewMutation, useGetUserReviewsInfiniteQuery } = reviewsApi;
