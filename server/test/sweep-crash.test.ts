import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import type { Db } from '../src/db/db';
import { startApiProcess, stopAll } from './apiProcess';
import { EMULATOR_PROJECT, startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { pgliteTarget, postgresTarget, type Target } from './processTargets';

/**
 * The API killed with SIGKILL in the middle of a sweep that refunds and expires orders, then
 * started again on the same data: every due order ends once (one timeline entry, each side told
 * once), none is skipped, and every charge is refunded once at the payment provider.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const PAID = 160;
const BOOKED = 300;
const SANDBOX_KEY = 'sk_test_sandbox';

jest.setTimeout(240_000);

let emulator: AuthEmulatorStandIn;
let paymentSandbox: StripeSandbox;
let stripe: Stripe;
let target: Target;

beforeAll(async () => {
  emulator = await startAuthEmulatorStandIn();
  paymentSandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SANDBOX_KEY });
  stripe = new Stripe(SANDBOX_KEY, { host: '127.0.0.1', port: paymentSandbox.port, protocol: 'http', telemetry: false });
  target = postgresUrl ? await postgresTarget(postgresUrl, 'sweepcrash') : await pgliteTarget('sweepcrash');
});
afterAll(async () => {
  await stopAll();
  await emulator?.close();
  await paymentSandbox?.close();
  await target?.drop();
});

const apiEnv = (sweepMs: string) => ({
  ...target.env,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  JWT_SECRET: 'sweep-crash-secret-that-is-long-enough-for-hs256',
  STRIPE_SECRET_KEY: SANDBOX_KEY,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(paymentSandbox.port),
  STRIPE_API_PROTOCOL: 'http',
  IMAGE_SWEEP_INTERVAL_MINUTES: '0',
  ORDER_SWEEP_INTERVAL_MS: sweepMs,
  ORDER_REFUND_RETRY_AFTER: 'PT1S',
});

const hex = (n: number) => n.toString(16).padStart(24, '0');

/** Orders due now: `PAID` paid ones past their ship deadline (real sandbox charges), `BOOKED` unpaid ones past theirs. */
async function dueOrders(db: Db): Promise<{ paid: { id: string; intent: string }[] }> {
  await db.query(
    `insert into users (id, name, email, role) values ($1, 'Buyer', 'buyer@crash.test', 'Buyer'), ($2, 'Seller', 'seller@crash.test', 'seller')`,
    [hex(1), hex(2)],
  );
  const paid: { id: string; intent: string }[] = [];
  for (let n = 0; n < PAID; n += 1) {
    const id = hex(0x10000 + n);
    const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd', metadata: { bookingId: id } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    paid.push({ id, intent: intent.id });
  }
  const booked = Array.from({ length: BOOKED }, (_, n) => hex(0x20000 + n));
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

it('ends every due order once after a kill -9 mid-sweep and a restart: nothing twice, nothing skipped', async () => {
  // The schema (and the catalogue) first, by a process that sweeps nothing.
  const setup = await startApiProcess(apiEnv('0'));
  expect((await setup.stop()).code).toBe(0);
  let db = await target.open();
  const { paid } = await dueOrders(db);
  await db.close();

  const first = await startApiProcess(apiEnv('200'));
  // Kill it while its first sweep is refunding.
  let refundsBeforeKill = 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const refunded = await Promise.all(paid.slice(0, 40).map((order) => stripe.refunds.list({ payment_intent: order.intent, limit: 1 })));
    refundsBeforeKill = refunded.filter((list) => list.data.length > 0).length;
    if (refundsBeforeKill > 0) break;
    if (Date.now() > deadline) throw new Error('the sweep refunded nothing within a minute');
    await sleep(2);
  }
  expect((await first.kill9()).signal).toBe('SIGKILL');

  // Part of the work was left mid-way: refunds asked for, orders not all moved.
  db = await target.open();
  const [left] = await db.query<{ paid: number; claimed: number }>(
    "select count(*) filter (where state = 'paid')::int as paid, count(*) filter (where refund_started_at is not null)::int as claimed from bookings",
  );
  await db.close();
  expect(left.paid).toBeGreaterThan(0);

  const second = await startApiProcess(apiEnv('200'));
  // Sweeps run every 200 ms; the refunds the dead process left are taken up after a second.
  const settleBy = Date.now() + 90_000;
  for (;;) {
    const refunded = await Promise.all(paid.map((order) => stripe.refunds.list({ payment_intent: order.intent, limit: 10 })));
    if (refunded.every((list) => list.data.length >= 1)) {
      expect(refunded.every((list) => list.data.length === 1)).toBe(true);
      break;
    }
    if (Date.now() > settleBy) throw new Error(`${refunded.filter((list) => list.data.length === 0).length} charges were never refunded`);
    await sleep(250);
  }
  await sleep(1_000); // the sweep that refunded the last ones moves them
  expect((await second.stop()).code).toBe(0);

  db = await target.open();
  try {
    const states = await db.query<{ state: string; count: number }>('select state, count(*)::int as count from bookings group by state order by state');
    expect(states).toEqual([
      { state: 'expired', count: BOOKED },
      { state: 'refunded', count: PAID },
    ]);
    const [{ steps, stepOrders }] = await db.query<{ steps: number; stepOrders: number }>(
      `select count(*)::int as steps, count(distinct booking_id)::int as "stepOrders" from booking_events
       where state in ('refunded', 'expired')`,
    );
    expect({ steps, stepOrders }).toEqual({ steps: PAID + BOOKED, stepOrders: PAID + BOOKED });
    const told = await db.query<{ kind: string; count: number }>(
      "select kind, count(*)::int as count from notifications where kind in ('refunded', 'expired') group by kind order by kind",
    );
    // Each side of each order told once (the seller's side of an order counts too).
    expect(told).toEqual([
      { kind: 'expired', count: 2 * BOOKED },
      { kind: 'refunded', count: 2 * PAID },
    ]);
    const [{ unsold }] = await db.query<{ unsold: number }>(
      "select count(*)::int as unsold from books where name like 'Crash %' and not sold",
    );
    // The refunded books are for sale again; the expired ones never left the shelf.
    expect(unsold).toBe(PAID + BOOKED);
  } finally {
    await db.close();
  }
  console.info(`sweep crash (${postgresUrl ? 'PostgreSQL' : 'PGlite'}): killed after ${refundsBeforeKill} of the first 40 charges were refunded, ${left.paid} orders still paid, ${left.claimed} refunds claimed`);
});
