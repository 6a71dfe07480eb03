/** What the `/v1` router dispatches on: routes, what they answer, and who a call is made for. */
import type Stripe from 'stripe';
import type { FormObject } from './form';
import type { StoredAccount } from './store';

/** What a call answers: one object, or a list. */
export type SandboxResult =
  | Stripe.PaymentIntent
  | Stripe.PaymentMethod
  | Stripe.Refund
  | Stripe.ApiList<Stripe.Refund>
  | Stripe.Account
  | Stripe.AccountLink
  | Stripe.Balance
  | Stripe.Transfer
  | Stripe.ApiList<Stripe.Transfer>
  | Stripe.TransferReversal
  | Stripe.ApiList<Stripe.TransferReversal>
  | Stripe.Payout
  | Stripe.ApiList<Stripe.Payout>;

export interface CallContext {
  /** The connected account named by the Stripe-Account header; null: the platform itself. */
  account: StoredAccount | null;
}

export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** Publishable keys may call this route (with a client_secret where an intent is involved). */
  publishable: 'no' | 'yes' | 'with-client-secret';
  /** The route may be called on a connected account (Stripe-Account header). */
  onAccount?: boolean;
  run: (id: string, params: FormObject, context: CallContext) => SandboxResult;
}
