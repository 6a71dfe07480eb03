import reducer, {
  paymentFailed,
  paymentReset,
  paymentSucceeded,
  payRequested,
  selectPayment,
  type PaymentState,
} from './paymentSlice';

const idle: PaymentState = { bookingId: null, status: 'idle', error: null, transactionId: null, paidAt: null };
const request = { bookingId: 'b1', clientSecret: 'pi_1_secret', resale_price: 12, name: 'Rita', email: 'r@example.com' };

describe('paymentSlice', () => {
  it('starts idle', () => {
    expect(reducer(undefined, { type: 'unknown' })).toEqual(idle);
  });

  it('marks the booking as processing and clears a previous failure when pay is requested', () => {
    const failed: PaymentState = { bookingId: 'b0', status: 'failed', error: 'Your card was declined.', transactionId: null, paidAt: null };
    expect(reducer(failed, payRequested(request))).toEqual({
      bookingId: 'b1',
      status: 'processing',
      error: null,
      transactionId: null,
      paidAt: null,
    });
  });

  it('keeps the transaction id on success', () => {
    const processing = reducer(idle, payRequested(request));
    expect(reducer(processing, paymentSucceeded({ transactionId: 'pi_1', paidAt: '2026-11-23T08:00:00.000Z' }))).toEqual({
      bookingId: 'b1',
      status: 'succeeded',
      error: null,
      transactionId: 'pi_1',
      paidAt: '2026-11-23T08:00:00.000Z',
    });
  });

  it('keeps the message on failure', () => {
    const processing = reducer(idle, payRequested(request));
    expect(reducer(processing, paymentFailed('Your card was declined.'))).toEqual({
      bookingId: 'b1',
      status: 'failed',
      error: 'Your card was declined.',
      transactionId: null,
      paidAt: null,
    });
  });

  it('goes back to idle on reset', () => {
    const succeeded = reducer(reducer(idle, payRequested(request)), paymentSucceeded({ transactionId: 'pi_1', paidAt: '2026-11-23T08:00:00.000Z' }));
    expect(reducer(succeeded, paymentReset())).toEqual(idle);
  });

  it('selects the slice from the root state', () => {
    const state = { payment: { ...idle, status: 'processing' as const } };
    expect(selectPayment(state)).toBe(state.payment);
  });
});
