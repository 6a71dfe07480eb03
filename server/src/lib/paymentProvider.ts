import type { ConnectProvider } from './connectProvider';
import { HttpError } from './errors';

/** The part of a PaymentIntent the API relies on. */
export interface PaymentIntentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  client_secret: string | null;
  metadata: Record<string, string>;
}

export interface CreatePaymentIntent {
  amount: number;
  currency: 'usd';
  payment_method_types: ['card'];
  /** `bookId` lets a refund name why a booking that is gone went (cancelled, or its book withdrawn). */
  metadata: { bookingId: string; bookId: string };
}

export interface CreateRefund {
  payment_intent: string;
  reason: 'requested_by_customer' | 'duplicate';
  metadata: { bookingId: string };
}

/** The part of a Refund the API relies on. */
export interface RefundView {
  id: string;
  amount: number;
  status: string | null;
}

/** The slice of the Stripe client used here (lib/stripeProvider.ts), so tests can pass a fake. */
export interface PaymentProvider {
  paymentIntents: {
    /** With an idempotency key, a repeat (even a simultaneous one) answers the first intent. */
    create(params: CreatePaymentIntent, options: { idempotencyKey: string }): Promise<PaymentIntentView>;
    retrieve(id: string): Promise<PaymentIntentView>;
  };
  refunds: {
    /** With an idempotency key, a repeat answers the first refund instead of refunding again. */
    create(params: CreateRefund, options: { idempotencyKey: string }): Promise<RefundView>;
  };
  /** Connected accounts, transfers and payouts: how sellers are paid (lib/connectProvider.ts). */
  connect: ConnectProvider;
}

/** The provider's HTTP status (Stripe's `statusCode`), when the error carries one. */
export const providerStatusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;

/** The provider's error code (Stripe's `code`), when the error carries one. */
export const providerCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** A failure of the payment provider itself, not of the caller's input. */
export const providerUnavailable = () => new HttpError(502, 'The payment provider is unavailable, try again');
