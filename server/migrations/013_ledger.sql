-- The ledger: every movement of money, in whole US cents, as double-entry transactions that sum
-- to zero. Balances are derived from the entries, never stored apart from them. Nothing here is
-- ever updated or deleted: a correction is a new transaction (server/src/ledger/README.md).

-- What the seller keeps of a sale is fixed when it is paid: the commission of that moment.
alter table bookings add column commission_cents integer check (commission_cents is null or commission_cents >= 0);

create table ledger_transactions (
  id bigserial primary key,
  -- 'charge' (a paid order), 'release' (a completed order's earning becomes available),
  -- 'refund' (a paid order refunded in full before completion).
  kind text not null check (kind in ('charge', 'release', 'refund')),
  booking_id text not null references bookings (id),
  seller_id text,
  -- What caused it, once: the same event never books twice ('charge:<booking>', or a provider's id).
  event_key text not null unique,
  at timestamptz not null
);
create index ledger_transactions_booking on ledger_transactions (booking_id);

create table ledger_entries (
  id bigserial primary key,
  transaction_id bigint not null references ledger_transactions (id),
  -- 'provider' (money held at the payment provider), 'commission' (the platform's cut),
  -- 'platform_sales' (the shop's own books), 'seller_pending', 'seller_available' (what the
  -- platform owes a seller: these two carry seller_id).
  account text not null check (account in ('provider', 'commission', 'platform_sales', 'seller_pending', 'seller_available')),
  seller_id text,
  -- Signed: debits positive, credits negative. A seller's balance is minus the sum of theirs.
  amount_cents bigint not null check (amount_cents <> 0),
  booking_id text not null,
  at timestamptz not null,
  check ((account in ('seller_pending', 'seller_available')) = (seller_id is not null))
);
create index ledger_entries_seller on ledger_entries (seller_id, id desc) where seller_id is not null;
create index ledger_entries_transaction on ledger_entries (transaction_id);

-- Each transaction sums to zero, checked at commit (so a transaction's entries may be written in
-- any order within it). The whole ledger then sums to zero too.
create function ledger_transaction_balances() returns trigger language plpgsql as $$
declare
  total bigint;
begin
  select coalesce(sum(amount_cents), 0) into total from ledger_entries where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'ledger transaction % does not balance: its entries sum to % cents', new.transaction_id, total
      using errcode = 'check_violation';
  end if;
  return null;
end
$$;
create constraint trigger ledger_entries_balance after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_transaction_balances();

-- Entries and transactions are never changed or removed.
create function ledger_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only: % on % refused', tg_op, tg_table_name using errcode = 'insufficient_privilege';
end
$$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_is_append_only();
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_is_append_only();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_is_append_only();
create trigger ledger_transactions_no_truncate before truncate on ledger_transactions
  for each statement execute function ledger_is_append_only();
