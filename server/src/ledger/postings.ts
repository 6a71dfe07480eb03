import type { Queryable } from '../db/db';
import { basisPoints, type Commission } from '../ledgerConfig';

/**
 * What a step of an order does to the ledger (README.md beside this file). Each function posts,
 * for every order of `ids`, one balanced transaction keyed by the step and the order, so whatever
 * runs twice books once; an order the step has nothing to post for is left out. They run in the
 * transaction of the move itself, so the money and the order's state change together.
 */

/**
 * `paid`: the buyer's charge is held at the provider; the seller is owed the price and the
 * shipping less the commission, pending; the platform earns the commission. The shop's own books
 * (and a sale whose seller's account is gone) earn the platform the whole charge, no commission.
 * The commission is fixed on the order now.
 */
export async function postCharges(tx: Queryable, ids: readonly string[], at: Date, commission: Commission): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `with src as (
       select k.id, k.seller_id, k.resale_price_cents + k.shipping_cents as total,
         (coalesce(u.system_account, false) or k.seller_id is null) as shop,
         case when coalesce(u.system_account, false) or k.seller_id is null then 0
              else least(k.resale_price_cents, greatest((k.resale_price_cents * $3::bigint + 5000) / 10000, $4::bigint))
         end as commission
       from bookings k left join users u on u.id = k.seller_id
       where k.id = any($1::text[]) and k.paid
     ), fixed as (
       update bookings k set commission_cents = src.commission from src where k.id = src.id and k.commission_cents is null
       returning k.id
     ), booked as (
       insert into ledger_transactions (kind, booking_id, seller_id, event_key, at)
       select 'charge', id, seller_id, 'charge:' || id, $2 from src
       on conflict (event_key) do nothing
       returning id, booking_id
     )
     insert into ledger_entries (transaction_id, account, seller_id, amount_cents, booking_id, at)
     select booked.id, e.account, e.seller_id, e.amount, src.id, $2
     from booked join src on src.id = booked.booking_id
     cross join lateral (values
       ('provider', null::text, src.total::bigint),
       (case when src.shop then 'platform_sales' else 'seller_pending' end, case when src.shop then null else src.seller_id end,
         -(src.total - src.commission)::bigint),
       ('commission', null::text, -src.commission::bigint)
     ) as e(account, seller_id, amount)
     where e.amount <> 0`,
    [ids, at, basisPoints(commission), commission.minCents],
  );
}

/** `completed`: what the seller is owed for the order moves from pending to available. */
export async function postReleases(tx: Queryable, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `with src as (
       select booking_id, seller_id, -sum(amount_cents) as owed from ledger_entries
       where booking_id = any($1::text[]) and account = 'seller_pending'
       group by booking_id, seller_id having sum(amount_cents) <> 0
     ), booked as (
       insert into ledger_transactions (kind, booking_id, seller_id, event_key, at)
       select 'release', booking_id, seller_id, 'release:' || booking_id, $2 from src
       on conflict (event_key) do nothing
       returning id, booking_id
     )
     insert into ledger_entries (transaction_id, account, seller_id, amount_cents, booking_id, at)
     select booked.id, e.account, src.seller_id, e.amount, src.booking_id, $2
     from booked join src on src.booking_id = booked.booking_id
     cross join lateral (values ('seller_pending', src.owed), ('seller_available', -src.owed)) as e(account, amount)`,
    [ids, at],
  );
}

/**
 * `refunded`: the whole charge goes back to the buyer, so everything the order booked is undone:
 * the provider's money, the seller's pending earning and the platform's commission (or sale).
 */
export async function postRefunds(tx: Queryable, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `with src as (
       select booking_id, account, seller_id, -sum(amount_cents) as amount from ledger_entries
       where booking_id = any($1::text[])
       group by booking_id, account, seller_id having sum(amount_cents) <> 0
     ), booked as (
       insert into ledger_transactions (kind, booking_id, seller_id, event_key, at)
       select distinct on (booking_id) 'refund', booking_id, (select k.seller_id from bookings k where k.id = src.booking_id),
         'refund:' || booking_id, $2::timestamptz
       from src
       on conflict (event_key) do nothing
       returning id, booking_id
     )
     insert into ledger_entries (transaction_id, account, seller_id, amount_cents, booking_id, at)
     select booked.id, src.account, src.seller_id, src.amount, src.booking_id, $2
     from booked join src on src.booking_id = booked.booking_id`,
    [ids, at],
  );
}

/** The postings of orders entering `state`. */
export async function postStep(tx: Queryable, state: string, ids: readonly string[], at: Date, commission: Commission): Promise<void> {
  if (state === 'paid') await postCharges(tx, ids, at, commission);
  else if (state === 'completed') await postReleases(tx, ids, at);
  else if (state === 'refunded') await postRefunds(tx, ids, at);
}
