import type { PayoutView } from '../lib/connectProvider';
import { payoutsRepository, type PayoutRow } from '../repositories/payouts';
import { failPayout, markPayoutPaid, type PayoutDeps } from './pay';

export type PayoutEventOutcome = 'recorded' | 'ignored';

/**
 * The payout an event is about: by the provider's payout id, or (when the process that sent it
 * died before writing that id down) by the payout id its metadata carries, on the same account.
 */
async function payoutOf(deps: PayoutDeps, sent: PayoutView, account: string | undefined): Promise<PayoutRow | undefined> {
  const payouts = payoutsRepository(deps.db);
  const known = await payouts.byProviderPayout(sent.id);
  if (known) return known;
  const named = sent.metadata?.payoutId;
  if (typeof named !== 'string' || named === '') return undefined;
  const payout = await payouts.byId(named);
  if (!payout || payout.provider_account_id !== account || payout.provider_payout_id !== null) return undefined;
  await payouts.markSent(payout.id, sent.id);
  return payoutsRepository(deps.db).byId(payout.id);
}

/**
 * `payout.paid` and `payout.failed` from a connected account: the provider's word on a payout is
 * the truth. Paid moves it to paid out; failed (also after paid) gives the money back to the
 * seller's available balance and tells them why. A replayed or late event changes nothing: a
 * failed payout stays failed.
 */
export async function onPayoutEvent(
  deps: PayoutDeps, type: 'payout.paid' | 'payout.failed', sent: PayoutView, account: string | undefined,
): Promise<PayoutEventOutcome> {
  const payout = await payoutOf(deps, sent, account);
  if (!payout) {
    deps.log.info({ providerPayoutId: sent.id }, 'webhook: a payout this shop did not make');
    return 'ignored';
  }
  if (type === 'payout.paid') return (await markPayoutPaid(deps, payout)) ? 'recorded' : 'ignored';
  const failure = { code: sent.failure_code, message: sent.failure_message ?? 'The bank returned the payout' };
  return (await failPayout(deps, payout, failure)) ? 'recorded' : 'ignored';
}
