import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Elements } from '@stripe/react-stripe-js';
import { useLayoutEffect } from 'react';
import { data, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { errorMessage } from '../../api/baseApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { waitForSession } from '../../app/session';
import type { AppStore } from '../../app/store';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { getConfig } from '../../config/env';
import type { Booking } from '../../types/entities';
import { bookingsApi, useGetBookingQuery } from '../bookings/bookingsApi';
import { CheckoutForm } from './CheckoutForm';
import { useCreatePaymentIntentQuery } from './paymentApi';
import { paymentReset, selectPayment } from './paymentSlice';
import { stripeFor } from './stripe';
import { formatAmount } from '../../lib/money';

/** A failed booking load as a route error: the error page shows its status text. */
function bookingLoadError(error: unknown) {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404) return data(null, { status: 404, statusText: copy.payment.notFound });
  return data(null, {
    status: typeof status === 'number' ? status : 503,
    statusText: errorMessage(error, copy.errors.generic),
  });
}

/** The booking is in the cache before the page shows. */
export function makeLoader(store: AppStore) {
  return async ({ params }: LoaderFunctionArgs) => {
    const { auth } = await waitForSession(store);
    // Signed out: nothing to load, the guard sends the user to log in.
    if (auth.status !== 'signed-in') return null;
    const request = store.dispatch(bookingsApi.endpoints.getBooking.initiate(params.id ?? ''));
    try {
      await request.unwrap();
    } catch (error) {
      throw bookingLoadError(error);
    } finally {
      // The page's own hook keeps the entry; unused entries live long enough for it to subscribe.
      request.unsubscribe();
    }
    return null;
  };
}

function Checkout({ booking }: { booking: Booking }) {
  const stripe = stripeFor(getConfig().stripePublishableKey);
  const intent = useCreatePaymentIntentQuery({ bookingId: booking._id, resale_price: booking.resale_price });
  return (
    <Elements stripe={stripe}>
      <CheckoutForm
        bookingId={booking._id}
        resale_price={booking.resale_price}
        clientSecret={intent.data?.clientSecret ?? null}
      />
      {intent.isError && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {errorMessage(intent.error, copy.errors.generic)}
        </Typography>
      )}
    </Elements>
  );
}

function PaymentResult({ transactionId }: { transactionId: string }) {
  return (
    <Alert severity="success" sx={{ mt: 3 }}>
      <Typography sx={{ fontWeight: 'bold' }}>{copy.payment.success}</Typography>
      <Typography>{copy.payment.transactionId + transactionId}</Typography>
    </Alert>
  );
}

/** Pay for one booking by card. */
export function Component() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data: booking } = useGetBookingQuery(id);
  const payment = useAppSelector(selectPayment);

  // Before paint, so a previous checkout's result never flashes on this one.
  useLayoutEffect(() => {
    dispatch(paymentReset());
  }, [dispatch, id]);

  if (!booking) return <PageProgress />;
  // Recording the payment refetches the booking as paid: the result still shows, not 'already paid'.
  const paidNow = payment.status === 'succeeded' && payment.bookingId === booking._id && payment.transactionId;
  // A charge refunded because another payment of this booking got there first: the booking now reads
  // as paid, and the buyer still needs to read why this charge went back.
  const refusal = payment.status === 'failed' && payment.bookingId === booking._id ? payment.error : null;

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 560 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {copy.payment.paymentFor + booking.bookName}
      </Typography>
      <Typography>{copy.payment.pleasePay + formatAmount(booking.resale_price)}</Typography>
      {paidNow ? (
        <PaymentResult transactionId={paidNow} />
      ) : booking.paid ? (
        <>
          <Alert severity="info" sx={{ mt: 3 }}>
            {copy.payment.alreadyPaid}
          </Alert>
          {refusal && (
            <Typography role="alert" color="error" sx={{ mt: 1 }}>
              {refusal}
            </Typography>
          )}
        </>
      ) : (
        <Checkout booking={booking} />
      )}
    </Paper>
  );
}
