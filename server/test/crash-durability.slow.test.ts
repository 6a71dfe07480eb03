import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import type { Db } from '../src/db/db';
import { runApiToRefusal, startApiProcess, stopAll } from './apiProcess';
import { EMULATOR_PROJECT, startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { pgliteTarget, postgresTarget, type Target } from './processTargets';
import { acknowledgedCount, noAcknowledgements, runWriteLoad, type Acknowledged } from './writeLoad';

/**
 * The API killed with SIGKILL in the middle of a write load, three times, started again on the
 * same data each time: every write it answered 2xx is there afterwards, and the database opens
 * cleanly. On PGlite (the default) the database dies with the process; with TEST_DATABASE_URL the
 * API runs on that PostgreSQL server, which keeps running.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const KILLS = 3;
const WORKERS = 6;
/** Kill once this many more writes were answered in the run: the load is then well under way. */
const ACKS_BEFORE_KILL = [31, 45, 38];
const ACK_WAIT_MS = 60_000;

jest.setTimeout(240_000);

const SANDBOX_KEY = 'sk_test_sandbox';
let emulator: AuthEmulatorStandIn;
let paymentSandbox: StripeSandbox;
let sandbox: Stripe;
let target: Target;
beforeAll(async () => {
  emulator = await startAuthEmulatorStandIn();
  paymentSandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SANDBOX_KEY });
  sandbox = new Stripe(SANDBOX_KEY, { host: '127.0.0.1', port: paymentSandbox.port, protocol: 'http', telemetry: false });
  target = postgresUrl ? await postgresTarget(postgresUrl, 'crash') : await pgliteTarget('crash');
});
afterAll(async () => {
  await stopAll();
  await emulator?.close();
  await paymentSandbox?.close();
  await target?.drop();
});

const apiEnv = () => ({
  ...target.env,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  JWT_SECRET: 'crash-test-secret-that-is-long-enough-for-hs256',
  STRIPE_SECRET_KEY: SANDBOX_KEY,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(paymentSandbox.port),
  STRIPE_API_PROTOCOL: 'http',
  RATE_LIMIT_PER_MINUTE: '0',
  IMAGE_SWEEP_INTERVAL_MINUTES: '0',
});

async function waitForAcks(acks: Acknowledged, count: number, load: Promise<void>) {
  let loadEnded = false;
  void load.finally(() => (loadEnded = true));
  const deadline = Date.now() + ACK_WAIT_MS;
  while (acknowledgedCount(acks) < count) {
    if (loadEnded) throw new Error(`The load ended after ${acknowledgedCount(acks)} writes`);
    if (Date.now() > deadline) throw new Error(`Only ${acknowledgedCount(acks)} writes answered in ${ACK_WAIT_MS} ms`);
    await sleep(5);
  }
}

const idsIn = async (db: Db, table: string, ids: string[]) =>
  (await db.query<{ id: string }>(`select id from ${table} where id = any($1::text[])`, [ids])).map((row) => row.id).sort();

it(`keeps every answered write through ${KILLS} kill -9s mid-load, and starts cleanly after each`, async () => {
  const acks: Acknowledged = noAcknowledgements();
  const startedAt = Date.now();
  for (let run = 0; run < KILLS; run += 1) {
    const api = await startApiProcess(apiEnv());
    // While the folder is in use, a second API on it is refused, naming the process that has it.
    const rival = run === 0 && !postgresUrl ? runApiToRefusal(apiEnv()) : undefined;
    const before = acknowledgedCount(acks);
    const load = runWriteLoad({ url: api.url, sandbox }, `run${run}`, WORKERS, acks);
    await waitForAcks(acks, before + ACKS_BEFORE_KILL[run], load);
    if (rival) {
      const refused = await rival;
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is in use by process ${api.pid}`);
    }
    const exit = await api.kill9();
    expect(exit.signal).toBe('SIGKILL');
    await load; // every worker stops at its first request with no answer
    expect(acknowledgedCount(acks)).toBeGreaterThanOrEqual(before + ACKS_BEFORE_KILL[run]);
  }

  // Once more on the same data: it starts (the dead process's lock is taken over), answers, writes.
  const last = await startApiProcess(apiEnv());
  const after = acknowledgedCount(acks);
  await runWriteLoad({ url: last.url, sandbox, iterations: 2 }, 'after', 2, acks);
  expect(acknowledgedCount(acks)).toBe(after + 2 * 2 * 5);
  if (target.lockFile) expect(existsSync(target.lockFile)).toBe(true);
  expect((await last.stop()).code).toBe(0);
  // Stopped as a launcher stops it (SIGTERM), it leaves no lock behind.
  if (target.lockFile) expect(existsSync(target.lockFile)).toBe(false);
  console.info(
    `crash durability (${postgresUrl ? 'PostgreSQL' : 'PGlite'}): ${acknowledgedCount(acks)} answered writes over ` +
      `${KILLS} kills in ${Date.now() - startedAt} ms`,
  );

  // Each kind of write was answered at least once, so every check below has something to check.
  expect(Object.values(acks).every((written: unknown[]) => written.length > 0)).toBe(true);
  const db = await target.open();
  try {
    expect(await idsIn(db, 'users', acks.users)).toEqual([...acks.users].sort());
    expect(await idsIn(db, 'books', acks.products)).toEqual([...acks.products].sort());
    expect(await idsIn(db, 'bookings', acks.bookings)).toEqual([...acks.bookings].sort());
    // Whole rows, not just ids: every answered booking points at its answered product.
    const [{ orphans }] = await db.query<{ orphans: number }>(
      `select count(*)::int as orphans from bookings k left join books b on b.id = k.book_id
       where k.id = any($1::text[]) and b.id is null`,
      [acks.bookings],
    );
    expect(orphans).toBe(0);
    // Every answered payment is recorded, its booking paid and its book sold: all or nothing.
    const paid = await db.query<{ id: string; booking_id: string; paid: boolean; sold: boolean }>(
      `select p.id, p.booking_id, k.paid, b.sold from payments p
       join bookings k on k.id = p.booking_id join books b on b.id = k.book_id
       where p.id = any($1::text[])`,
      [acks.payments.map((payment) => payment.id)],
    );
    expect(paid.map(({ id, booking_id: bookingId }) => ({ id, bookingId })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...acks.payments].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(paid.every((row) => row.paid && row.sold)).toBe(true);
  } finally {
    await db.close();
  }
});
