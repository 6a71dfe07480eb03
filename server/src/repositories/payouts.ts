import type { Queryable } from '../db/db';

/** A seller's connected payout account, as the provider's last event described it. */
export interface PayoutAccountRow {
  seller_id: string;
  provider_account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  currently_due: string[];
  disabled_reason: string | null;
  state_at: Date | null;
}

export type PayoutState = 'created' | 'in_transit' | 'paid' | 'failed';
export type PayoutOrigin = 'schedule' | 'withdraw' | 'retry';

export interface PayoutRow {
  id: string;
  seller_id: string;
  provider_account_id: string;
  amount_cents: number;
  state: PayoutState;
  origin: PayoutOrigin;
  retry_of: string | null;
  transfer_id: string | null;
  provider_payout_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date;
  attempted_at: Date;
  paid_at: Date | null;
  failed_at: Date | null;
}

/** A payout as the admin list shows it: with its seller. */
export interface AdminPayoutRow extends PayoutRow {
  seller_name: string | null;
  seller_email: string | null;
}

const PAYOUT = `id, seller_id, provider_account_id, amount_cents::int as amount_cents, state, origin, retry_of, transfer_id,
  provider_payout_id, failure_code, failure_message, created_at, attempted_at, paid_at, failed_at`;

export function payoutsRepository(db: Queryable) {
  return {
    async accountOf(sellerId: string, { lock = false } = {}): Promise<PayoutAccountRow | undefined> {
      const rows = await db.query<PayoutAccountRow>(
        `select * from payout_accounts where seller_id = $1${lock ? ' for update' : ''}`,
        [sellerId],
      );
      return rows[0];
    },

    /**
     * Keeps the first account made for the seller; answers the one kept. Two requests at once insert
     * the same seller and the same provider account (made with one idempotency key): the conflict is
     * left unnamed so that either unique index, whichever PostgreSQL checks first, keeps the first
     * row rather than failing the second insert.
     */
    async addAccount(sellerId: string, providerAccountId: string, at: Date): Promise<PayoutAccountRow> {
      await db.query(
        `insert into payout_accounts (seller_id, provider_account_id, created_at) values ($1, $2, $3)
         on conflict do nothing`,
        [sellerId, providerAccountId, at],
      );
      const rows = await db.query<PayoutAccountRow>('select * from payout_accounts where seller_id = $1', [sellerId]);
      if (!rows[0]) throw new Error(`payout account ${providerAccountId} belongs to another seller than ${sellerId}`);
      return rows[0];
    },

    /** The provider's state of an account, unless a later one was applied already; answers the seller, if applied. */
    async applyAccountState(
      providerAccountId: string,
      state: { charges: boolean; payouts: boolean; submitted: boolean; due: string[]; disabledReason: string | null; at: Date },
    ): Promise<string | undefined> {
      const rows = await db.query<{ seller_id: string }>(
        `update payout_accounts set charges_enabled = $2, payouts_enabled = $3, details_submitted = $4,
           currently_due = $5::text[], disabled_reason = $6, state_at = $7
         where provider_account_id = $1 and (state_at is null or state_at <= $7)
         returning seller_id`,
        [providerAccountId, state.charges, state.payouts, state.submitted, state.due, state.disabledReason, state.at],
      );
      return rows[0]?.seller_id;
    },

    async byId(id: string, { lock = false } = {}): Promise<PayoutRow | undefined> {
      const rows = await db.query<PayoutRow>(`select ${PAYOUT} from payouts where id = $1${lock ? ' for update' : ''}`, [id]);
      return rows[0];
    },

    async byProviderPayout(providerPayoutId: string): Promise<PayoutRow | undefined> {
      const rows = await db.query<PayoutRow>(`select ${PAYOUT} from payouts where provider_payout_id = $1`, [providerPayoutId]);
      return rows[0];
    },

    async insert(payout: {
      id: string; sellerId: string; account: string; cents: number; origin: PayoutOrigin; retryOf: string | null; at: Date;
    }): Promise<PayoutRow> {
      const rows = await db.query<PayoutRow>(
        `insert into payouts (id, seller_id, provider_account_id, amount_cents, state, origin, retry_of, created_at, attempted_at)
         values ($1, $2, $3, $4, 'created', $5, $6, $7, $7) returning ${PAYOUT}`,
        [payout.id, payout.sellerId, payout.account, payout.cents, payout.origin, payout.retryOf, payout.at],
      );
      return rows[0];
    },

    async recordTransfer(id: string, transferId: string): Promise<void> {
      await db.query('update payouts set transfer_id = $2 where id = $1 and transfer_id is null', [id, transferId]);
    },

    /** `created` → `in_transit`, once the provider holds the payout; answers whether this call moved it. */
    async markSent(id: string, providerPayoutId: string): Promise<boolean> {
      const rows = await db.query(
        `update payouts set state = 'in_transit', provider_payout_id = $2 where id = $1 and state = 'created' returning id`,
        [id, providerPayoutId],
      );
      return rows.length === 1;
    },

    /** → `paid` from `created` or `in_transit`; answers whether this call moved it. */
    async markPaid(id: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `update payouts set state = 'paid', paid_at = $2 where id = $1 and state in ('created', 'in_transit') returning id`,
        [id, at],
      );
      return rows.length === 1;
    },

    /** → `failed` from any state but `failed`; answers the state it left, if this call moved it. */
    async markFailed(id: string, failure: { code: string | null; message: string }, at: Date): Promise<PayoutState | undefined> {
      const rows = await db.query<{ was: PayoutState }>(
        `update payouts p set state = 'failed', failure_code = $2, failure_message = $3, failed_at = $4
         from (select id, state as was from payouts where id = $1 for update) old
         where p.id = old.id and old.was <> 'failed' returning old.was`,
        [id, failure.code, failure.message, at],
      );
      return rows[0]?.was;
    },

    /** Payouts a process left half-sent, claimed for `claimUntil` so that one process resumes each. */
    async claimStale(olderThan: Date, now: Date, limit: number): Promise<PayoutRow[]> {
      return db.query<PayoutRow>(
        `update payouts set attempted_at = $2 where id in (
           select id from payouts where state = 'created' and attempted_at < $1 order by attempted_at limit $3 for update skip locked
         ) returning ${PAYOUT}`,
        [olderThan, now, limit],
      );
    },

    /** Sellers with an active account and at least `minCents` available, with how much. */
    async payable(minCents: number): Promise<{ seller_id: string; available: number }[]> {
      return db.query<{ seller_id: string; available: number }>(
        `select a.seller_id, -sum(e.amount_cents)::bigint::int as available
         from payout_accounts a join ledger_entries e on e.seller_id = a.seller_id and e.account = 'seller_available'
         where a.payouts_enabled
         group by a.seller_id having -sum(e.amount_cents) >= $1
         order by a.seller_id`,
        [minCents],
      );
    },

    /** Claims the scheduled run due at `dueFor`; answers false when another process has it. */
    async claimRun(dueFor: Date, at: Date): Promise<boolean> {
      const rows = await db.query(
        'insert into payout_runs (due_for, started_at) values ($1, $2) on conflict do nothing returning due_for',
        [dueFor, at],
      );
      return rows.length === 1;
    },

    async finishRun(dueFor: Date, at: Date, counts: { paid: number; failed: number }): Promise<void> {
      await db.query('update payout_runs set finished_at = $2, paid = $3, failed = $4 where due_for = $1', [dueFor, at, counts.paid, counts.failed]);
    },

    /** A page of every payout, failed first, then newest; `offset` for the grid's pages. */
    async adminPage(limit: number, offset: number): Promise<{ rows: AdminPayoutRow[]; total: number }> {
      const rows = await db.query<AdminPayoutRow>(
        `select ${PAYOUT.split(', ').map((column) => `p.${column.trim()}`).join(', ')}, u.name as seller_name, u.email as seller_email
         from payouts p left join users u on u.id = p.seller_id
         order by (p.state = 'failed') desc, p.created_at desc, p.id desc limit $1 offset $2`,
        [limit, offset],
      );
      const [count] = await db.query<{ total: number }>('select count(*)::int as total from payouts');
      return { rows, total: count.total };
    },

    /** Sellers who hold available money but cannot be paid: no account, or one not active. */
    async waiting(limit: number): Promise<{ seller_id: string; name: string | null; email: string | null; available: number; account: string | null; payouts_enabled: boolean | null }[]> {
      return db.query(
        `select b.seller_id, u.name, u.email, b.available, a.provider_account_id as account, a.payouts_enabled
         from (select seller_id, -sum(amount_cents)::bigint::int as available from ledger_entries
               where account = 'seller_available' group by seller_id having sum(amount_cents) < 0) b
         left join payout_accounts a on a.seller_id = b.seller_id
         left join users u on u.id = b.seller_id
         where a.seller_id is null or not a.payouts_enabled
         order by b.available desc, b.seller_id limit $1`,
        [limit],
      );
    },

    /** The platform's commission by calendar month (UTC), newest first. */
    async commissionByMonth(months: number): Promise<{ month: string; cents: number }[]> {
      return db.query<{ month: string; cents: number }>(
        `select to_char(date_trunc('month', at at time zone 'UTC'), 'YYYY-MM') as month, -sum(amount_cents)::bigint::int as cents
         from ledger_entries where account = 'commission'
         group by 1 order by 1 desc limit $1`,
        [months],
      );
    },

    /** Payouts to compare with the provider: the last `limit` that reached it. */
    async recentSent(limit: number): Promise<PayoutRow[]> {
      return db.query<PayoutRow>(
        `select ${PAYOUT} from payouts where provider_payout_id is not null order by created_at desc, id desc limit $1`,
        [limit],
      );
    },

    async byTransfer(transferIds: readonly string[]): Promise<PayoutRow[]> {
      return db.query<PayoutRow>(`select ${PAYOUT} from payouts where transfer_id = any($1::text[])`, [transferIds]);
    },
  };
}
