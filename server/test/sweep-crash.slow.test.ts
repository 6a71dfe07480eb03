import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import { startApiProcess, stopAll } from './apiProcess';
import { startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { pgliteTarget, postgresTarget, type Target } from './processTargets';
import { dueOrders, expectEachEndedOnce, SANDBOX_KEY, sweepEnv } from './sweepSupport';

/**
 * The API killed with SIGKILL in the middle of a sweep that refunds and expires orders, then
 * started again on the same data: every due order ends once (one timeline entry, each side told
 * once), none is skipped, and every charge is refunded once at the payment provider.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const PAID = 160;
const BOOKED = 300;

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

const apiEnv = (sweepMs: string) => sweepEnv(target, emulator.host, paymentSandbox.port, sweepMs);

it('ends every due order once after a kill -9 mid-sweep and a restart: nothing twice, nothing skipped', async () => {
  // The schema (and the catalogue) first, by a process that sweeps nothing.
  const setup = await startApiProcess(apiEnv('0'));
  expect((await setup.stop()).code).toBe(0);
  let db = await target.open();
  const { paid } = await dueOrders(db, stripe, PAID, BOOKED);
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
    await expectEachEndedOnce(db, stripe, paid, BOOKED);
  } finally {
    await db.close();
  }
  console.info(`sweep crash (${postgresUrl ? 'PostgreSQL' : 'PGlite'}): killed after ${refundsBeforeKill} of the first 40 charges were refunded, ${left.paid} orders still paid, ${left.claimed} refunds claimed`);
});
