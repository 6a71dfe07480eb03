/**
 * Orders put straight into the database for the order benches: users, their books, bookings in
 * the states asked for (due now, or not), and real charges at the payment sandbox for the paid
 * ones, so a refund goes through the provider as it would in the shop.
 */
import type Stripe from 'stripe';
import type { Queryable } from '../../server/src/db/db';

export const hexId = (n: number) => n.toString(16).padStart(24, '0');

export interface OrderMix {
  /** How many orders of each state, all due (their deadline a day past). */
  booked: number;
  paid: number;
  shipped: number;
  received: number;
}

export interface Made {
  ids: string[];
  /** The charge of each paid order. */
  charges: { bookingId: string; intentId: string }[];
}

/** Charges made at the sandbox, `concurrency` at a time. */
async function charges(stripe: Stripe, bookingIds: string[], concurrency = 8): Promise<{ bookingId: string; intentId: string }[]> {
  const made: { bookingId: string; intentId: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < bookingIds.length) {
      const bookingId = bookingIds[next++];
      const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd', metadata: { bookingId } });
      await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      made.push({ bookingId, intentId: intent.id });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return made;
}

/**
 * A buyer and a seller (ids `hexId(1)` and `hexId(2)` unless given), and orders of `mix` between
 * them, due a day ago (or in a week with `due: false`), with ids counted up from `first`.
 */
export async function insertOrders(
  db: Queryable,
  stripe: Stripe | undefined,
  mix: OrderMix,
  { first = 0x100000, due = true, buyerId, sellerId }: { first?: number; due?: boolean; buyerId?: string; sellerId?: string } = {},
): Promise<Made> {
  const buyer = buyerId ?? hexId(1);
  const seller = sellerId ?? hexId(2);
  if (buyerId === undefined) {
    await db.query(
      `insert into users (id, name, email, role) values ($1, 'Bench Buyer', 'buyer@orders.bench', 'Buyer'),
         ($2, 'Bench Seller', 'seller@orders.bench', 'seller') on conflict do nothing`,
      [buyer, seller],
    );
  }
  const states: [string, number][] = [['booked', mix.booked], ['paid', mix.paid], ['shipped', mix.shipped], ['received', mix.received]];
  const ids: string[] = [];
  const stateOf: string[] = [];
  let n = first;
  for (const [state, count] of states) {
    for (let i = 0; i < count; i += 1) {
      ids.push(hexId(n++));
      stateOf.push(state);
    }
  }
  const paidIds = ids.filter((_, i) => stateOf[i] === 'paid');
  const made = stripe ? await charges(stripe, paidIds) : [];
  const category = (await db.query<{ category: string }>('select category from categories order by position limit 1'))[0].category;
  const dueAt = due ? "now() - interval '1 day'" : "now() + interval '7 days'";
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
       seller_name, number, uses, date, sold)
     select 'b' || substr(t.id, 2), $3, 'Bench ' || t.id, 'https://img.example/o.png', 'Here', 500, 500, $2,
       'seller@orders.bench', 'Bench Seller', '1', '1 year', '2026-01-01', t.state <> 'booked'
     from unnest($1::text[], $4::text[]) as t(id, state)`,
    [ids, seller, category, stateOf],
  );
  await db.query(
    `insert into bookings (id, book_id, buyer_id, seller_id, email, cus_tomername, location, phone, book_name,
       resale_price_cents, img, paid, state, state_at, due_at, delivery_method, handover_code)
     select t.id, 'b' || substr(t.id, 2), $2, $3, 'buyer@orders.bench', 'Bench Buyer', 'Here', '1', 'Bench ' || t.id, 500, 'x',
       t.state <> 'booked', t.state, now() - interval '10 days', ${dueAt},
       case when t.state = 'shipped' then 'shipping' else 'meetup' end, '123456'
     from unnest($1::text[], $4::text[]) as t(id, state)`,
    [ids, buyer, seller, stateOf],
  );
  await db.query(
    `insert into booking_events (booking_id, state, at, actor)
     select t.id, t.state, now() - interval '10 days', 'buyer' from unnest($1::text[], $2::text[]) as t(id, state)`,
    [ids, stateOf],
  );
  if (made.length > 0) {
    await db.query(
      `insert into payments (id, booking_id, transaction_id, email, amount_cents)
       select 'c' || substr(t.id, 2), t.id, t.intent, 'buyer@orders.bench', 500 from unnest($1::text[], $2::text[]) as t(id, intent)`,
      [made.map((charge) => charge.bookingId), made.map((charge) => charge.intentId)],
    );
  }
  return { ids, charges: made };
}
