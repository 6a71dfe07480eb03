import type { Queryable } from '../db/db';

/**
 * What a payout does to the ledger (README.md beside this file). Each step is one balanced
 * transaction keyed by the step and the payout, so a step that runs twice (a webhook replayed,
 * two processes) books once. They run in the transaction that changes the payout's state.
 */

interface PayoutMoney {
  id: string;
  seller_id: string;
  amount_cents: number;
}

type Line = [account: string, seller: boolean, cents: number];

async function post(tx: Queryable, kind: string, payout: PayoutMoney, at: Date, lines: Line[]): Promise<boolean> {
  const [booked] = await tx.query<{ id: string }>(
    `insert into ledger_transactions (kind, payout_id, seller_id, event_key, at) values ($1, $2, $3, $4, $5)
     on conflict (event_key) do nothing returning id`,
    [kind, payout.id, payout.seller_id, `${kind}:${payout.id}`, at],
  );
  if (!booked) return false;
  await tx.query(
    `insert into ledger_entries (transaction_id, account, seller_id, amount_cents, payout_id, at)
     select $1, line.account, case when line.seller then $2 end, line.cents, $3, $4
     from jsonb_to_recordset($5::jsonb) as line(account text, seller boolean, cents bigint)`,
    [booked.id, payout.seller_id, payout.id, at, JSON.stringify(lines.map(([account, seller, cents]) => ({ account, seller, cents })))],
  );
  return true;
}

/**
 * A payout set up: its amount leaves what the seller has available and is on its way to them;
 * it leaves the platform's balance at the provider for the payouts made to sellers.
 */
export const postPayout = (tx: Queryable, payout: PayoutMoney, at: Date) =>
  post(tx, 'payout', payout, at, [
    ['seller_available', true, payout.amount_cents],
    ['seller_in_transit', true, -payout.amount_cents],
    ['provider', false, -payout.amount_cents],
    ['payouts', false, payout.amount_cents],
  ]);

/** The bank has it: on its way becomes paid out. */
export const postPayoutPaid = (tx: Queryable, payout: PayoutMoney, at: Date) =>
  post(tx, 'payout_paid', payout, at, [
    ['seller_in_transit', true, payout.amount_cents],
    ['seller_paid_out', true, -payout.amount_cents],
  ]);

/**
 * The payout failed (before or after it was paid): the money is back on the platform's balance
 * (its transfer reversed, or never made) and available to the seller again.
 */
export const postPayoutFailed = (tx: Queryable, payout: PayoutMoney, from: 'in_transit' | 'paid', at: Date) =>
  post(tx, 'payout_failed', payout, at, [
    ['seller_available', true, -payout.amount_cents],
    [from === 'paid' ? 'seller_paid_out' : 'seller_in_transit', true, payout.amount_cents],
    ['provider', false, payout.amount_cents],
    ['payouts', false, -payout.amount_cents],
  ]);
