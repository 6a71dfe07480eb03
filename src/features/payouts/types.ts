/** The admin payouts feature's wire types: what `GET /admin/payouts`, `GET /admin/payouts/waiting`, `GET /admin/commission` and `GET` / `POST /admin/reconciliation` answer. */

import type { Payout, PayoutAccountState } from '../../types/entities';

/** A payout as admins list it (`GET /admin/payouts`): whose it is. */
export interface AdminPayout extends Payout {
  sellerName: string | null;
  sellerEmail: string | null;
}

/** A seller holding available money without an active payout account (`GET /admin/payouts/waiting`). */
export interface WaitingSeller {
  sellerId: string;
  name: string;
  email: string;
  available: number;
  account: Exclude<PayoutAccountState, 'restricted'>;
}

/** The commission the platform earned in one month, `YYYY-MM` (`GET /admin/commission`). */
export interface MonthlyCommission {
  month: string;
  commission: number;
}

/** Something the ledger and the payment provider do not agree on. */
export interface ReconciliationDifference {
  kind: 'balance' | 'payout' | 'transfer';
  payoutId?: string;
  providerId?: string;
  ours: string;
  theirs: string;
}

/** One comparison of the ledger with the payment provider (`/admin/reconciliation`). */
export interface Reconciliation {
  at: string;
  checked: { payouts: number; transfers: number; balance: boolean };
  differences: ReconciliationDifference[];
}
