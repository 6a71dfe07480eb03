import type { Queryable } from '../db/db';

/** What the platform owes one seller, derived from the entries (cents). */
export interface SellerBalance {
  pending: number;
  available: number;
  inTransit: number;
  paidOut: number;
}

/** One ledger entry that concerns a seller, as their earnings list shows it. */
export interface SellerEntryRow {
  id: string;
  kind: 'charge' | 'release' | 'refund' | 'payout' | 'payout_paid' | 'payout_failed';
  account: 'seller_pending' | 'seller_available' | 'seller_in_transit' | 'seller_paid_out';
  amount_cents: number;
  /** The order, or (for a payout's entries) null and the payout named instead. */
  booking_id: string | null;
  payout_id: string | null;
  book_name: string | null;
  at: Date;
}

export function ledgerRepository(db: Queryable) {
  return {
    async balanceOf(sellerId: string): Promise<SellerBalance> {
      const rows = await db.query<Record<'pending' | 'available' | 'in_transit' | 'paid_out', string | number>>(
        `select coalesce(-sum(amount_cents) filter (where account = 'seller_pending'), 0) as pending,
           coalesce(-sum(amount_cents) filter (where account = 'seller_available'), 0) as available,
           coalesce(-sum(amount_cents) filter (where account = 'seller_in_transit'), 0) as in_transit,
           coalesce(-sum(amount_cents) filter (where account = 'seller_paid_out'), 0) as paid_out
         from ledger_entries where seller_id = $1`,
        [sellerId],
      );
      const row = rows[0];
      return {
        pending: Number(row?.pending ?? 0),
        available: Number(row?.available ?? 0),
        inTransit: Number(row?.in_transit ?? 0),
        paidOut: Number(row?.paid_out ?? 0),
      };
    },

    /** A page of a seller's entries, newest first, before the entry id `before`; one more tells whether more follow. */
    async entriesOf(sellerId: string, limit: number, before?: string): Promise<{ rows: SellerEntryRow[]; more: boolean }> {
      const rows = await db.query<SellerEntryRow>(
        `select e.id::text as id, t.kind, e.account, e.amount_cents::int as amount_cents, e.booking_id, e.payout_id, k.book_name, e.at
         from ledger_entries e
         join ledger_transactions t on t.id = e.transaction_id
         left join bookings k on k.id = e.booking_id
         where e.seller_id = $1 and ($2::bigint is null or e.id < $2::bigint)
         order by e.id desc limit $3`,
        [sellerId, before ?? null, limit + 1],
      );
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** The sum of every entry (always 0), and the transactions that do not sum to 0 (always none). */
    async check(): Promise<{ total: number; unbalanced: number }> {
      const [row] = await db.query<{ total: string | number; unbalanced: number }>(
        `select coalesce((select sum(amount_cents) from ledger_entries), 0) as total,
           (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) t) as unbalanced`,
      );
      return { total: Number(row.total), unbalanced: row.unbalanced };
    },
  };
}
