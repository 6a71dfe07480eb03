/** The earnings feature's own wire types: a ledger line as `GET /earnings/entries` answers it, and what `POST /payout-account/link` answers (the balance, `Earnings`, is shared). */

import type { EarningsBalance } from '../../types/entities';

export type EarningKind = 'charge' | 'release' | 'refund' | 'payout' | 'payout_paid' | 'payout_failed';
export type EarningAccount = keyof EarningsBalance;

/**
 * One line of a seller's ledger: `amount` (dollars, signed) is what it did to one part of their
 * balance, `account`. An order's entries name the order and its book; a payout's name the payout.
 */
export interface EarningEntry {
  _id: string;
  kind: EarningKind;
  account: EarningAccount;
  amount: number;
  bookingId: string | null;
  payoutId: string | null;
  bookName: string | null;
  at: string;
}

/** `POST /payout-account/link`: the payment provider's page where the seller sets up payouts. */
export interface PayoutAccountLink {
  url: string;
}
