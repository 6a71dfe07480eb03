import type Stripe from 'stripe';
import type { Db, Queryable } from '../src/db/db';
import { EMULATOR_PROJECT } from './authEmulatorStandIn';
import type { Target } from './processTargets';

/**
 * Due orders for API processes to sweep (sweep-crash.slow.test.ts, sweep-two-processes.slow.test.ts): paid
 * ones past their ship deadline, each a real charge at the payment sandbox, and unpaid ones past
 * their pay deadline; and what every process sweeping them must end with.
 */
export const SANDBOX_KEY = 'sk_test_sandbox';

/** The environment of an API process on `target` that sweeps every `sweepMs` (`'0'`: never). */
export const sweepEnv = (target: Target, emulatorHost: string, sandboxPort: number, sweepMs: string): Record<string, string> => ({
  ...target.env,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  JWT_SECRET: 'sweep-crash-secret-that-is-long-enough-for-hs256',
  STRIPE_SECRET_KEY: SANDBOX_KEY,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(sandboxPort),
  STRIPE_API_PROTOCOL: 'http',
  IMAGE_SWEEP_INTERVAL_MINUTES: '0',
  ORDER_SWEEP_INTERVAL_MS: sweepMs,
  ORDER_REFUND_RETRY_AFTER: 'PT1S',
});

const hex = (n: number) => n.toString(16).padStart(24, '0');

/** Orders due now: `paidCount` paid ones past their ship deadline (real sandbox charges), `bookedCount` unpaid ones past theirs. */
export async function dueOrders(db: Queryable, stripe: Stripe, paidCount: number, bookedCount: number): Promise<{ paid: { id: string; intent: string }[] }> {
  await db.query(
    `insert into users (id, name, email, role) values ($1, 'Buyer', 'buyer@crash.test', 'Buyer'), ($2, 'Seller', 'seller@crash.test', 'seller')`,
    [hex(1), hex(2)],
  );
  const paid: { id: string; intent: string }[] = [];
  for (let n = 0; n < paidCount; n += 1) {
    const id = hex(0x10000 + n);
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd', metadata: { bookingId: id } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    paid.push({ id, intent: intent.id });
  }
  const booked = Array.from({ length: bookedCount }, (_, n) => hex(0x20000 + n));
  const all = [...paid.map((order) => order.id), ...booked];
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
       seller_name, number, uses, date, sold)
     select 'b' || substr(id, 2), (select category from categories order by position limit 1), 'Crash ' || id, 'https://img.example/c.png',
       'Here', 500, 500, $2, 'seller@crash.test', 'Seller', '1', '1 year', '2026-01-01', id < $3
     from unnest($1::text[]) as id`,
    [all, hex(2), hex(0x20000)],
  );
  await db.query(
    `insert into bookings (id, book_id, buyer_id, seller_id, email, cus_tomername, location, phone, book_name,
       resale_price_cents, img, paid, state, state_at, due_at)
     select id, 'b' || substr(id, 2), $2, $3, 'buyer@crash.test', 'Buyer', 'Here', '1', 'Crash ' || id, 500, 'x',
       id < $4, case when id < $4 then 'paid' else 'booked' end, now() - interval '6 days', now() - interval '1 day'
     from unnest($1::text[]) as id`,
    [all, hex(1), hex(2), hex(0x20000)],
  );
  await db.query(
    `insert into payments (id, booking_id, transaction_id, email, amount_cents)
     select 'c' || substr(t.id, 2), t.id, t.intent, 'buyer@crash.test', 500 from unnest($1::text[], $2::text[]) as t(id, intent)`,
    [paid.map((order) => order.id), paid.map((order) => order.intent)],
  );
  return { paid };
}

/**
 * What the sweeps must have left, however many processes ran them and whatever happened to them:
 * every due order ended once (one timeline step, each side told once), the refunded books are for
 * sale again, and every charge was refunded once at the provider.
 */
export async function expectEachEndedOnce(db: Db, stripe: Stripe, paid: { intent: string }[], bookedCount: number): Promise<void> {
  const refunds = await Promise.all(paid.map((order) => stripe.refunds.list({ payment_intent: order.intent, limit: 10 })));
  expect(refunds.map((list) => list.data.length)).toEqual(paid.map(() => 1));
  const states = await db.query<{ state: string; count: number }>('select state, count(*)::int as count from bookings group by state order by state');
  expect(states).toEqual([
    { state: 'expired', count: bookedCount },
    { state: 'refunded', count: paid.length },
  ]);
  const [{ steps, stepOrders }] = await db.query<{ steps: number; stepOrders: number }>(
    `select count(*)::int as steps, count(distinct booking_id)::int as "stepOrders" from booking_events
     where state in ('refunded', 'expired')`,
  );
  expect({ steps, stepOrders }).toEqual({ steps: paid.length + bookedCount, stepOrders: paid.length + bookedCount });
  const told = await db.query<{ kind: string; count: number }>(
    "select kind, count(*)::int as count from notifications where kind in ('refunded', 'expired') group by kind order by kind",
  );
  // Each side of each order told once (the seller's side of an order counts too).
  expect(told).toEqual([
    { kind: 'expired', count: 2 * bookedCount },
    { kind: 'refunded', count: 2 * paid.length },
  ]);
  const [{ unsold }] = await db.query<{ unsold: number }>("select count(*)::int as unsold from books where name like 'Crash %' and not sold");
  // The refunded books are for sale again; the expired ones never left the shelf.
  expect(unsold).toBe(paid.length + bookedCount);
}
