import { baseApi } from '../../api/baseApi';
import { forwardByCursor, pageParams, rowPageOf, type RowPage } from '../../api/paging';
import type { Booking, BookingAnswer, DeleteAnswer, DeliveryMethod } from '../../types/entities';

/**
 * What the booking modal sends: the spec's fields plus the book's id, so the server can price it,
 * and how the book travels when the buyer chose (without it, a meet-up).
 */
export type NewBooking = Pick<Booking, 'bookId' | 'bookName' | 'cusTomername' | 'email' | 'location' | 'phone' | 'resale_price'> & {
  delivery?: { method: DeliveryMethod; address?: string };
};

export const bookingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in buyer's bookings (My Orders) a page at a time, 'Load more' following the
     * cursor of each answer's Link header; the email is the cache key.
     */
    getOrderPages: build.infiniteQuery<RowPage<Booking>, string, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ queryArg: email, pageParam }) => ({ url: '/bookings', params: { email, ...pageParams(pageParam) } }),
      transformResponse: (bookings: Booking[], meta) => rowPageOf(bookings, meta),
      providesTags: (result) => [
        { type: 'Booking', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) => page.rows.map((booking) => ({ type: 'Booking' as const, id: booking._id }))),
      ],
    }),
    /** The first page (up to the API's maximum) of the buyer's bookings, for a book page's "Booked". */
    getBookings: build.query<Booking[], string>({
      query: (email) => ({ url: '/bookings', params: { email } }),
      providesTags: (result = []) => [
        { type: 'Booking', id: 'LIST' },
        ...result.map((booking) => ({ type: 'Booking' as const, id: booking._id })),
      ],
    }),
    getBooking: build.query<Booking, string>({
      query: (id) => `/bookings/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    createBooking: build.mutation<BookingAnswer, NewBooking>({
      query: (booking) => ({ url: '/bookings', method: 'POST', body: booking }),
      // A retried POST could book twice.
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [{ type: 'Booking', id: 'LIST' }],
    }),
    cancelBooking: build.mutation<DeleteAnswer, string>({
      query: (id) => ({ url: `/bookings/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Booking', id },
        { type: 'Booking', id: 'LIST' },
      ],
    }),
    /** The bookings of the signed-in seller's books (My Buyer), a page at a time. */
    getSellerBookings: build.infiniteQuery<RowPage<Booking>, void, string | null>({
      infiniteQueryOptions: forwardByCursor,
      query: ({ pageParam }) => ({ url: '/mybuyers', params: pageParams(pageParam) }),
      transformResponse: (bookings: Booking[], meta) => rowPageOf(bookings, meta),
      providesTags: (result) => [
        { type: 'Booking', id: 'SELLER' },
        ...(result?.pages ?? []).flatMap((page) => page.rows.map((booking) => ({ type: 'Booking' as const, id: booking._id }))),
      ],
    }),
  }),
});

export const {
  useGetOrderPagesInfiniteQuery,
  useGetBookingsQuery,
  useGetBookingQuery,
  useCreateBookingMutation,
  useCancelBookingMutation,
  useGetSellerBookingsInfiniteQuery,
} = bookingsApi;
