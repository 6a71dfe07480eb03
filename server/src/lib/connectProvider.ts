import type Stripe from 'stripe';

/**
 * The Stripe Connect slice the payouts use (server/src/payouts/README.md): connected accounts and
 * their onboarding links, transfers from the platform's balance, and payouts on a connected
 * account. The same calls reach Stripe's test or live mode, or the local sandbox; nothing here
 * knows which.
 */

/** The part of a connected account the API relies on. */
export interface ConnectedAccountView {
  id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements?: { currently_due?: string[] | null; disabled_reason?: string | null } | null;
}

export interface TransferView {
  id: string;
  amount: number;
  amount_reversed: number;
  destination: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
}

export interface PayoutView {
  id: string;
  amount: number;
  status: string;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string> | null;
}

export interface ConnectProvider {
  /** With an idempotency key, two requests for one seller make one account. */
  createAccount(params: { email: string; sellerId: string }, options: { idempotencyKey: string }): Promise<ConnectedAccountView>;
  retrieveAccount(id: string): Promise<ConnectedAccountView>;
  /** A one-time link to the provider's hosted onboarding. */
  createAccountLink(params: { account: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expires_at: number }>;
  createTransfer(
    params: { amount: number; destination: string; transferGroup: string; payoutId: string; sellerId: string },
    options: { idempotencyKey: string },
  ): Promise<TransferView>;
  /** Takes the rest of a transfer back to the platform's balance. */
  reverseTransfer(id: string, options: { idempotencyKey: string }): Promise<{ id: string; amount: number }>;
  /** A page of the platform's transfers, newest first. */
  listTransfers(params: { limit: number; startingAfter?: string }): Promise<{ data: TransferView[]; has_more: boolean }>;
  createPayout(account: string, params: { amount: number; payoutId: string }, options: { idempotencyKey: string }): Promise<PayoutView>;
  retrievePayout(account: string, id: string): Promise<PayoutView>;
  /** The platform's balance in US cents, available and pending together. */
  platformBalance(): Promise<number>;
}

const usdOf = (funds: Stripe.Balance.Available[] | Stripe.Balance.Pending[]) =>
  funds.filter((fund) => fund.currency === 'usd').reduce((sum, fund) => sum + fund.amount, 0);

const transferView = (transfer: Stripe.Transfer): TransferView => ({
  id: transfer.id,
  amount: transfer.amount,
  amount_reversed: transfer.amount_reversed,
  destination: typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? null),
  transfer_group: transfer.transfer_group,
  metadata: transfer.metadata,
});

/** The Connect calls of a Stripe client (the SDK's own, pointed at Stripe or at the sandbox). */
export function stripeConnect(stripe: Stripe): ConnectProvider {
  return {
    createAccount: ({ email, sellerId }, { idempotencyKey }) =>
      stripe.accounts.create(
        { type: 'express', country: 'US', email, capabilities: { transfers: { requested: true } }, metadata: { sellerId } },
        { idempotencyKey },
      ),
    retrieveAccount: (id) => stripe.accounts.retrieve(id),
    createAccountLink: async ({ account, refreshUrl, returnUrl }) => {
      const link = await stripe.accountLinks.create({ account, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' });
      return { url: link.url, expires_at: link.expires_at };
    },
    createTransfer: async ({ amount, destination, transferGroup, payoutId, sellerId }, { idempotencyKey }) =>
      transferView(
        await stripe.transfers.create(
          { amount, currency: 'usd', destination, transfer_group: transferGroup, metadata: { payoutId, sellerId } },
          { idempotencyKey },
        ),
      ),
    reverseTransfer: async (id, { idempotencyKey }) => {
      const reversal = await stripe.transfers.createReversal(id, {}, { idempotencyKey });
      return { id: reversal.id, amount: reversal.amount };
    },
    listTransfers: async ({ limit, startingAfter }) => {
      const page = await stripe.transfers.list({ limit, ...(startingAfter && { starting_after: startingAfter }) });
      return { data: page.data.map(transferView), has_more: page.has_more };
    },
    createPayout: (account, { amount, payoutId }, { idempotencyKey }) =>
      stripe.payouts.create({ amount, currency: 'usd', metadata: { payoutId } }, { idempotencyKey, stripeAccount: account }),
    retrievePayout: (account, id) => stripe.payouts.retrieve(id, {}, { stripeAccount: account }),
    platformBalance: async () => {
      const balance = await stripe.balance.retrieve();
      return usdOf(balance.available) + usdOf(balance.pending);
    },
  };
}
