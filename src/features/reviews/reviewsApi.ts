import { baseApi } from '../../api/baseApi';
import type { Review } from './types';

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
  }),
});

export const { useGetOrderReviewsQuery, usePostReviewMutation, useReplyToReviewMutation } = reviewsApi;
