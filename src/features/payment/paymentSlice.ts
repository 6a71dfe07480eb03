import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type PaymentStatus = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface PaymentState {
  bookingId: string | null;
  status: PaymentStatus;
  error: string | null;
  transactionId: string | null;
  /** When the payment was recorded (ISO 8601), for the receipt. */
  paidAt: string | null;
}

export interface PayRequest {
  bookingId: string;
  clientSecret: string;
  resale_price: number;
  name: string;
  email: string;
}

const initialState: PaymentState = { bookingId: null, status: 'idle', error: null, transactionId: null, paidAt: null };

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    payRequested(state, action: PayloadAction<PayRequest>) {
      state.bookingId = action.payload.bookingId;
      state.status = 'processing';
      state.error = null;
      state.transactionId = null;
      state.paidAt = null;
    },
    paymentSucceeded(state, action: PayloadAction<{ transactionId: string; paidAt: string }>) {
      state.status = 'succeeded';
      state.transactionId = action.payload.transactionId;
      state.paidAt = action.payload.paidAt;
    },
    paymentFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** Leaving or opening a checkout starts from a clean slate. */
    paymentReset() {
      return initialState;
    },
  },
  selectors: {
    selectPayment: (state) => state,
  },
});

export const { payRequested, paymentSucceeded, paymentFailed, paymentReset } = paymentSlice.actions;
export const { selectPayment } = paymentSlice.selectors;
export default paymentSlice.reducer;
