import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Elements } from '@stripe/react-stripe-js';
import { useLayoutEffect } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { errorMessage } from '../../api/baseApi';
import { failureKind } from '../../api/errorMessages';
import { LoadFailed } from '../../components/LoadFailed';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { waitForSession } from '../../app/session';
import type { AppStore } from '../../app/store';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { getConfig } from '../../config/env';
import type { Booking } from '../../types/entities';
import { bookingsApi, useGetBookingQuery } from '../bookings/bookingsApi';
import { CheckoutForm } from './CheckoutForm';
import { BookingNotFound, PaymentReceipt } from './PaymentReceipt';
import { PaymentSkeleton } from './PaymentSkeleton';
import { useCreatePaymentIntentQuery } from './paymentApi';
import { paymentReset, selectPayment } from './paymentSlice';
import { stripeFor } from './stripe';
import { formatAmount, formatDollars } from '../../lib/money';
import { orderName } from '../../lib/orderLines';

/**
 * The booking is in the cache before the page shows. A booking that cannot be had is the page's
 * to explain (not found, or could not be loaded, with Retry), so the loader never throws.
 */
export function makeLoader(store: AppStore) {
  return async ({ params }: LoaderFunctionArgs) => {
    const { auth } = await waitForSession(store);
    // Signed out: nothing to load, the guard sends the user to log in.
    if (auth.status !== 'signed-in') return null;
    const request = store.dispatch(bookingsApi.endpoints.getBooking.initiate(params.id ?? ''));
    try {
      await request;
    } finally {
      // The page's own hook keeps the entry; unused entries live long enough for it to subscribe.
      request.unsubscribe();
    }
    return null;
  };
}

/** While the booking loads (DataPage shows it, and the page when it asks again): the bar over the page's shape. */
export function Loading() {
  return (
    <>
      <PageProgress />
      <PaymentSkeleton />
    </>
  );
}

/** Not this buyer's booking, or none at all (an id of the wrong shape included): nothing to pay here. */
const isMissing = (error: unknown) => ['notFound', 'invalid', 'refused'].includes(failureKind(error));

function Checkout({ booking }: { booking: Booking }) {
  const { stripePublishableKey, stripeJsUrl } = getConfig();
  const stripe = stripeFor(stripePublishableKey, stripeJsUrl);
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

interface ClosedBookingProps {
  severity: 'info' | 'warning';
  message: string;
  hint?: string;
  /** Why a charge just made was refunded, if one was. */
  refusal: string | null;
}

/** A booking that can no longer be paid (paid already, or its book withdrawn): why, and the way back. */
function ClosedBooking({ severity, message, hint, refusal }: ClosedBookingProps) {
  return (
    <>
      <Alert
        severity={severity}
        sx={{ mt: 3 }}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={paths.dashboard}>
            {copy.payment.toMyOrders}
          </Button>
        }
      >
        <Typography sx={hint ? { fontWeight: 'bold' } : undefined}>{message}</Typography>
        {hint && <Typography variant="body2">{hint}</Typography>}
      </Alert>
      {refusal && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {refusal}
        </Typography>
      )}
    </>
  );
}

/** Pay for one booking by card. */
export function Component() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data: booking, error, isFetching, refetch } = useGetBookingQuery(id);
  const payment = useAppSelector(selectPayment);

  // Before paint, so a previous checkout's result never flashes on this one.
  useLayoutEffect(() => {
    dispatch(paymentReset());
  }, [dispatch, id]);

  if (!booking) {
    // An earlier failure stays set while the page's own subscription asks again.
    if (error !== undefined && isMissing(error)) return <BookingNotFound />;
    if (error !== undefined) {
      return <LoadFailed what={copy.payment.failed} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
    }
    return <Loading />;
  }
  // Recording the payment refetches the booking as paid: the result still shows, not 'already paid'.
  const paidNow =
    payment.status === 'succeeded' && payment.bookingId === booking._id && payment.transactionId && payment.paidAt
      ? { transactionId: payment.transactionId, paidAt: payment.paidAt }
      : null;
  // A charge refunded because another payment of this booking got there first: the booking now reads
  // as paid, and the buyer still needs to read why this charge went back.
  const refusal = payment.status === 'failed' && payment.bookingId === booking._id ? payment.error : null;

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 560 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.payment.paymentFor + orderName(booking)}
      </Typography>
      {/* Asked for only while there is something to pay. */}
      {!paidNow && !booking.paid && !booking.withdrawn && (
        <>
          <Typography>{copy.payment.pleasePay + formatAmount(booking.resale_price)}</Typography>
          {/* Shipping is charged on top: the card pays the total. */}
          {booking.total !== undefined && booking.total !== booking.resale_price && (
            <Typography>
              {copy.delivery.shippingLine(formatDollars(booking.shipping_price ?? booking.total - booking.resale_price))}
              {' · '}
              <Box component="strong">{copy.delivery.totalLine(formatDollars(booking.total))}</Box>
            </Typography>
          )}
        </>
      )}
      {paidNow ? (
        // What the card was charged: a shipped book's total carries the shipping.
        <PaymentReceipt bookName={orderName(booking)} amount={booking.total ?? booking.resale_price} {...paidNow} />
      ) : booking.paid ? (
        <ClosedBooking severity="info" message={copy.payment.alreadyPaid} refusal={refusal} />
      ) : booking.withdrawn ? (
        // Withdrawn while the card was charged: the charge went back, and the refusal says why.
        <ClosedBooking severity="warning" message={copy.payment.withdrawn} hint={copy.payment.withdrawnHint} refusal={refusal} />
      ) : (
        <Checkout booking={booking} />
      )}
    </Paper>
  );
}
