-- Payouts: a seller's connected payout account at the payment provider, the payouts made to it,
-- and their entries in the ledger (server/src/payouts/README.md). The ledger stays append-only
-- and balanced; a payout's transaction names the payout instead of an order.

-- One connected account per seller. Its state is the provider's, as its `account.updated`
-- events report it (never the seller's return from the onboarding page).
create table payout_accounts (
  seller_id text primary key references users (id) on delete cascade,
  provider_account_id text not null unique,
  charges_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  details_submitted boolean not null default false,
  currently_due text[] not null default '{}',
  disabled_reason text,
  -- When the provider made the state applied last: an older event arriving late changes nothing.
  state_at timestamptz,
  created_at timestamptz not null
);

create table payouts (
  id text primary key,
  seller_id text not null,
  provider_account_id text not null,
  amount_cents bigint not null check (amount_cents > 0),
  -- created: the money is set aside in the ledger, the provider not (yet) told;
  -- in_transit: transferred to the connected account and paid out from it; paid; failed (the
  -- money is back in the seller's available balance).
  state text not null check (state in ('created', 'in_transit', 'paid', 'failed')),
  -- schedule (the weekly run), withdraw (the seller), retry (an admin, after a failure).
  origin text not null check (origin in ('schedule', 'withdraw', 'retry')),
  retry_of text references payouts (id),
  transfer_id text unique,
  provider_payout_id text unique,
  failure_code text,
  failure_message text,
  created_at timestamptz not null,
  -- The last time the provider was asked: a payout left `created` longer than
  -- PAYOUT_RESUME_AFTER by a process that died is asked again, with the same keys.
  attempted_at timestamptz not null,
  paid_at timestamptz,
  failed_at timestamptz
);
create index payouts_seller on payouts (seller_id, created_at desc, id desc);
-- The admin list: failed first, then newest.
create index payouts_admin_order on payouts ((state = 'failed') desc, created_at desc, id desc);
create index payouts_open on payouts (attempted_at) where state = 'created';
-- A seller has at most one payout being set up at a time: two runs at once pay once.
create unique index payouts_one_open_per_seller on payouts (seller_id) where state = 'created';

-- Each scheduled run once, whichever process gets there first.
create table payout_runs (
  due_for timestamptz primary key,
  started_at timestamptz not null,
  finished_at timestamptz,
  paid integer,
  failed integer
);

-- What each reconciliation found: it reports, it never corrects.
create table reconciliations (
  id bigserial primary key,
  at timestamptz not null,
  checked jsonb not null,
  differences jsonb not null
);

-- The ledger learns payouts.
alter table ledger_transactions alter column booking_id drop not null;
alter table ledger_transactions add column payout_id text references payouts (id);
alter table ledger_transactions drop constraint ledger_transactions_kind_check;
-- 'payout' (set aside from available: on its way), 'payout_paid' (reached the bank),
-- 'payout_failed' (back to available, from on its way or from paid out).
alter table ledger_transactions add constraint ledger_transactions_kind_check
  check (kind in ('charge', 'release', 'refund', 'payout', 'payout_paid', 'payout_failed'));
alter table ledger_transactions add constraint ledger_transactions_names_one
  check ((booking_id is null) <> (payout_id is null));
create index ledger_transactions_payout on ledger_transactions (payout_id) where payout_id is not null;

alter table ledger_entries alter column booking_id drop not null;
alter table ledger_entries add column payout_id text;
alter table ledger_entries drop constraint ledger_entries_account_check;
-- New: 'seller_in_transit', 'seller_paid_out' (what a seller was paid, on its way and arrived),
-- and 'payouts' (the money that left the platform's balance for sellers' accounts).
alter table ledger_entries add constraint ledger_entries_account_check check (account in (
  'provider', 'commission', 'platform_sales', 'payouts',
  'seller_pending', 'seller_available', 'seller_in_transit', 'seller_paid_out'));
alter table ledger_entries drop constraint ledger_entries_check;
alter table ledger_entries add constraint ledger_entries_seller_check check (
  (account in ('seller_pending', 'seller_available', 'seller_in_transit', 'seller_paid_out')) = (seller_id is not null));
alter table ledger_entries add constraint ledger_entries_names_one check ((booking_id is null) <> (payout_id is null));
-- The platform's commission by month.
create index ledger_entries_commission on ledger_entries (at) where account = 'commission';

-- A payout's news reaches its seller like an order's: in the app and by email.
alter table notifications add column payout_id text references payouts (id) on delete cascade;
alter table notifications add column amount_cents bigint;
create unique index notifications_payout_once on notifications (user_id, payout_id, kind) where payout_id is not null;
