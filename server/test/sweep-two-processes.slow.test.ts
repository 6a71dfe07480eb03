import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import { startApiProcess, stopAll } from './apiProcess';
import { startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { postgresTarget, type Target } from './processTargets';
import { dueOrders, expectEachEndedOnce, SANDBOX_KEY, sweepEnv } from './sweepSupport';

/**
 * Two API processes on one PostgreSQL database, both sweeping every 100 ms, find the same due
 * orders at once (they appear in one commit): each order ends once and each charge is refunded once. PostgreSQL only
 * (`TEST_DATABASE_URL`): PGlite belongs to one process (order-deadlines.test.ts runs two apps on
 * one PGlite database).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = postgresUrl ? describe : describe.skip;
const PAID = 120;
const BOOKED = 600;

jest.setTimeout(240_000);

let emulator: AuthEmulatorStandIn;
let paymentSandbox: StripeSandbox;
let stripe: Stripe;
let target: Target;
let second: Target;

describeOnPostgres('two processes sweeping at once', () => {
  beforeAll(async () => {
    emulator = await startAuthEmulatorStandIn();
    paymentSandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SANDBOX_KEY });
    stripe = new Stripe(SANDBOX_KEY, { host: '127.0.0.1', port: paymentSandbox.port, protocol: 'http', telemetry: false });
    target = await postgresTarget(postgresUrl ?? '', 'sweeptwo');
    // Only for its data folder: both processes use `target`'s schema.
    second = await postgresTarget(postgresUrl ?? '', 'sweeptwofolder');
  });
  afterAll(async () => {
    await stopAll();
    await emulator?.close();
    await paymentSandbox?.close();
    await target?.drop();
    await second?.drop();
  });

  it('ends every due order once, and refunds every charge once, between them', async () => {
    const env = (sweepMs: string) => sweepEnv(target, emulator.host, paymentSandbox.port, sweepMs);
    const setup = await startApiProcess(env('0'));
    expect((await setup.stop()).code).toBe(0);
    const [a, b] = await Promise.all([
      startApiProcess(env('100')),
      startApiProcess({ ...env('100'), DATA_DIR: second.env.DATA_DIR }),
    ]);
    // Both are sweeping; every due order appears at one commit, so both find them in their next sweep.
    let db = await target.open();
    const { paid } = await db.transaction((tx) => dueOrders(tx, stripe, PAID, BOOKED));
    await db.close();
    const settleBy = Date.now() + 90_000;
    for (;;) {
      db = await target.open();
      const [{ open }] = await db.query<{ open: number }>(
        "select count(*)::int as open from bookings where state in ('paid', 'booked') or refund_started_at is not null",
      );
      await db.close();
      if (open === 0) break;
      if (Date.now() > settleBy) throw new Error(`${open} orders were never ended`);
      await sleep(250);
    }
    await sleep(500); // a sweep running now finds nothing more to do
    expect((await a.stop()).code).toBe(0);
    expect((await b.stop()).code).toBe(0);

    db = await target.open();
    try {
      await expectEachEndedOnce(db, stripe, paid, BOOKED);
    } finally {
      await db.close();
    }
    // How the work was shared, from each process's log of its sweeps.
    const movedBy = (output: string[]) =>
      output
        .filter((line) => line.includes('"order sweep"'))
        .reduce((sum, line) => {
          const moved = (JSON.parse(line) as { sweep?: { moved?: Record<string, number> } }).sweep?.moved ?? {};
          return sum + Object.values(moved).reduce((a2, n) => a2 + n, 0);
        }, 0);
    console.info(`two processes sweeping: ${movedBy(a.output)} and ${movedBy(b.output)} orders moved`);
    expect(movedBy(a.output) + movedBy(b.output)).toBe(PAID + BOOKED);
  });
});
