import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type PaymentStatus = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface PaymentState {
  bookingId: string | null;
  status: PaymentStatus;
  error: string | null;
  transactionId: string | null;
}

export interface PayRequest {
  bookingId: string;
  clientSecret: string;
  resale_price: number;
  name: string;
  email: string;
}

const initialState: PaymentState = { bookingId: null, status: 'idle', error: null, transactionId: null };

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    payRequested(state, action: PayloadAction<PayRequest>) {
      state.bookingId = action.payload.bookingId;
      state.status = 'processing';
      state.error = null;
      state.transactionId = null;
    },
    paymentSucceeded(state, action: PayloadAction<{ transactionId: string }>) {
      state.status = 'succeeded';
      state.transactionId = action.payload.transactionId;
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
