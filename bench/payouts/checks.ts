/**
 * What a payout run must leave behind, counted in the database and at the payment sandbox: one
 * payout per seller of what they had, in transit; one transfer per payout and nothing else; one
 * payout per connected account; a ledger that sums to zero; and the platform's balance at the
 * provider equal to the ledger's.
 */
import type Stripe from 'stripe';
import type { Db } from '../../server/src/db/db';
import { ledgerRepository } from '../../server/src/repositories/ledger';
import { eachAtMost, EARNED_CENTS } from './fixtures';

export interface PayoutChecks {
  payouts: number;
  sellersPaid: number;
  inTransit: number;
  /** Payouts of exactly what the seller had available. */
  rightAmount: number;
  /** Transfers at the sandbox. */
  transfers: number;
  /** The sandbox's transfers are exactly those the payouts recorded. */
  transfersMatch: boolean;
  /** Connected accounts with exactly one payout at the sandbox, of the right amount. */
  accountsPaidOnce: number;
  accounts: number;
  ledgerTotal: number;
  unbalancedTransactions: number;
  ledgerProvider: number;
  platformBalance: number;
}

/** Whether every check holds for `sellers` sellers. */
export const allHold = (checks: PayoutChecks, sellers: number) =>
  checks.payouts === sellers &&
  checks.sellersPaid === sellers &&
  checks.inTransit === sellers &&
  checks.rightAmount === sellers &&
  checks.transfers === sellers &&
  checks.transfersMatch &&
  checks.accountsPaidOnce === sellers &&
  checks.ledgerTotal === 0 &&
  checks.unbalancedTransactions === 0 &&
  checks.ledgerProvider === checks.platformBalance;

export async function checkPayouts(db: Db, stripe: Stripe): Promise<PayoutChecks> {
  const [counted] = await db.query<{ payouts: number; sellers: number; in_transit: number; right: number }>(
    `select count(*)::int as payouts, count(distinct seller_id)::int as sellers,
       count(*) filter (where state = 'in_transit')::int as in_transit, count(*) filter (where amount_cents = $1)::int as right
     from payouts`,
    [EARNED_CENTS],
  );
  const recorded = (await db.query<{ transfer_id: string | null }>('select transfer_id from payouts')).map((row) => row.transfer_id ?? '');
  const transfers: string[] = [];
  for await (const transfer of stripe.transfers.list({ limit: 100 })) transfers.push(transfer.id);
  const sortedRecorded = [...recorded].sort();
  const transfersMatch = transfers.length === recorded.length && [...transfers].sort().every((id, n) => id === sortedRecorded[n]);

  const accounts = (await db.query<{ account: string }>('select provider_account_id as account from payout_accounts')).map((row) => row.account);
  const paidOnce = await eachAtMost(accounts, 16, async (account) => {
    const made = await stripe.payouts.list({ limit: 10 }, { stripeAccount: account });
    return made.data.length === 1 && made.data[0].amount === EARNED_CENTS;
  });

  const { total, unbalanced } = await ledgerRepository(db).check();
  const [{ provider }] = await db.query<{ provider: string }>(
    "select coalesce(sum(amount_cents), 0)::text as provider from ledger_entries where account = 'provider'",
  );
  const balance = await stripe.balance.retrieve();
  const platformBalance = [...balance.available, ...balance.pending].reduce((sum, fund) => sum + fund.amount, 0);
  return {
    payouts: counted.payouts,
    sellersPaid: counted.sellers,
    inTransit: counted.in_transit,
    rightAmount: counted.right,
    transfers: transfers.length,
    transfersMatch,
    accountsPaidOnce: paidOnce.filter(Boolean).length,
    accounts: accounts.length,
    ledgerTotal: total,
    unbalancedTransactions: unbalanced,
    ledgerProvider: Number(provider),
    platformBalance,
  };
}
