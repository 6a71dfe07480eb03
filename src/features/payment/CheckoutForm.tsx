import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/servicesContext';
import { copy } from '../../config/copy';
import { selectUser } from '../auth/authSlice';
import { createStripeCardSession } from './cardSession';
import { payRequested, selectPayment } from './paymentSlice';

const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      fontSize: '16px',
      color: '#424770',
      '::placeholder': { color: '#aab7c4' },
    },
    invalid: { color: '#9e2146' },
  },
};

interface Props {
  bookingId: string;
  resale_price: number;
  /** The PaymentIntent's secret; null until the server has answered. */
  clientSecret: string | null;
}

/** The card form: hands itself to the pay flow and asks it to pay; the listener does the rest. */
export function CheckoutForm({ bookingId, resale_price, clientSecret }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const { payments } = useServices();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const payment = useAppSelector(selectPayment);
  const [cardError, setCardError] = useState<string | null>(null);

  useEffect(() => {
    if (!stripe || !elements) return;
    payments.attach(createStripeCardSession(stripe, elements));
    return () => payments.attach(null);
  }, [stripe, elements, payments]);

  const processing = payment.status === 'processing';
  const canPay = Boolean(stripe && elements && clientSecret) && !processing;
  const message = cardError ?? (payment.status === 'failed' ? payment.error : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPay || !clientSecret) return;
    const email = user?.email ?? '';
    dispatch(payRequested({ bookingId, clientSecret, resale_price, name: user?.displayName ?? email, email }));
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
      <Box
        role="group"
        aria-label={copy.payment.card}
        sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        <CardElement options={CARD_OPTIONS} onChange={(event) => setCardError(event.error?.message ?? null)} />
      </Box>
      <Button type="submit" variant="contained" disabled={!canPay} sx={{ mt: 2 }}>
        {copy.payment.pay}
      </Button>
      {processing && (
        <Typography role="status" sx={{ mt: 1 }}>
          {copy.payment.processing}
        </Typography>
      )}
      {message && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {message}
        </Typography>
      )}
    </Box>
  );
}
