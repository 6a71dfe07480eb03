import { baseApi } from '../../api/baseApi';
import type { Booking, DeleteAnswer, InsertAnswer } from '../../types/entities';

/** What the booking modal sends: the spec's fields plus the book's id, so the server can price it. */
export type NewBooking = Pick<Booking, 'bookId' | 'bookName' | 'cusTomername' | 'email' | 'location' | 'phone' | 'resale_price'>;

export const bookingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
    createBooking: build.mutation<InsertAnswer, NewBooking>({
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
    /** The bookings of the signed-in seller's books (My Buyer). */
    getSellerBookings: build.query<Booking[], void>({
      query: () => '/mybuyers',
      providesTags: [{ type: 'Booking', id: 'SELLER' }],
    }),
  }),
});

export const {
  useGetBookingsQuery,
  useGetBookingQuery,
  useCreateBookingMutation,
  useCancelBookingMutation,
  useGetSellerBookingsQuery,
} = bookingsApi;
