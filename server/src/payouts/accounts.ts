import type { ConnectedAccountView } from '../lib/connectProvider';
import { payoutsRepository, type PayoutAccountRow } from '../repositories/payouts';
import type { PayoutDeps } from './pay';

/** A payout account as the seller's earnings page shows it. */
export type AccountState = 'none' | 'pending' | 'active' | 'restricted';

/**
 * The account's state from what the provider last said: `active` once it pays out; `restricted`
 * when its details were given but the provider still holds payouts (something is due or it
 * disabled them); `pending` while onboarding is unfinished.
 */
export function accountStateOf(row: PayoutAccountRow | undefined): { state: AccountState; due: string[] } {
  if (!row) return { state: 'none', due: [] };
  const due = row.currently_due;
  if (row.payouts_enabled) return { state: due.length > 0 ? 'restricted' : 'active', due };
  return { state: row.details_submitted ? 'restricted' : 'pending', due };
}

/**
 * A fresh link to the provider's hosted onboarding for the seller, making their connected account
 * first if they have none. The account is made with a key per seller, so two clicks at once make
 * one; the link is new each time (the provider's expire within minutes, and are used once).
 */
export async function onboardingLink(
  deps: PayoutDeps, seller: { id: string; email: string }, clientUrl: string,
): Promise<string> {
  const payouts = payoutsRepository(deps.db);
  let account = await payouts.accountOf(seller.id);
  if (!account) {
    const made = await deps.provider.connect.createAccount(
      { email: seller.email, sellerId: seller.id }, { idempotencyKey: `payout-account-${seller.id}` },
    );
    account = await payouts.addAccount(seller.id, made.id, deps.clock.now());
    // What the new account needs, until its first event says more (any event is later than this).
    if (account.provider_account_id === made.id) await applyAccountUpdate(deps, made, 0);
  }
  const back = `${clientUrl}/dashboard/earnings`;
  const link = await deps.provider.connect.createAccountLink({
    account: account.provider_account_id,
    refreshUrl: `${back}?payouts=refresh`,
    returnUrl: `${back}?payouts=return`,
  });
  return link.url;
}

/**
 * `account.updated`: the provider's word on what the account may do, applied unless a later
 * event was applied already (events can arrive out of order). Answers whether it was applied.
 */
export async function applyAccountUpdate(deps: PayoutDeps, account: ConnectedAccountView, eventCreatedSeconds: number): Promise<boolean> {
  const seller = await payoutsRepository(deps.db).applyAccountState(account.id, {
    charges: account.charges_enabled,
    payouts: account.payouts_enabled,
    submitted: account.details_submitted,
    due: account.requirements?.currently_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
    at: new Date(eventCreatedSeconds * 1000),
  });
  return seller !== undefined;
}
