import { baseApi } from '../../api/baseApi';
import type { InsertAnswer } from '../../types/entities';
import type { PaymentRecord } from './types';

export const paymentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A POST, but safe to repeat: the server prices it from the booking. Kept as a query so the page loads it. */
    createPaymentIntent: build.query<{ clientSecret: string }, { bookingId: string; resale_price: number }>({
      query: ({ bookingId, resale_price }) => ({
        url: '/create-payment-intent',
        method: 'POST',
        body: { resale_price, bookingId },
      }),
      keepUnusedDataFor: 0,
    }),
    recordPayment: build.mutation<InsertAnswer, PaymentRecord>({
      query: (record) => ({ url: '/payment', method: 'POST', body: record }),
      invalidatesTags: (_result, _error, { bookingId }) => [
        { type: 'Booking', id: bookingId },
        { type: 'Booking', id: 'LIST' },
        { type: 'Book', id: 'LIST' },
      ],
    }),
  }),
});

export const { useCreatePaymentIntentQuery, useRecordPaymentMutation } = paymentApi;
