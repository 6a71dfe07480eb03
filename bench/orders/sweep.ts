/**
 * The deadline sweep over many due orders, in real API processes (`server/src/main.ts`): the
 * orders are put into the database, then the API starts and its first sweep (at start) takes them
 * all; the figure is the sweep's own time, from its log line. On PostgreSQL, two API processes
 * sweep the same orders at the same moment, and every order must move once and every charge be
 * refunded once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { startStripeSandbox } from '../../sandbox/stripe/server';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { seedCatalogue } from '../../server/src/seed';
import { freshDatabase } from '../lib/postgres';
import { freePort, onStop, ROOT, start, waitForUrl, type Started } from '../lib/processes';
import { insertOrders, type Made, type OrderMix } from './fixtures';

const SANDBOX_KEY = 'sk_test_sandbox';

export interface SweepLine {
  ms: number;
  moved: Record<string, number>;
}

export interface SweepFigures {
  database: string;
  orders: number;
  /** One line per sweep that moved anything. */
  sweeps: SweepLine[];
  /** From the orders' commit to none left due, polled every 100 ms (two processes only). */
  wallMs?: number;
  /** Orders with exactly one final step, of all. */
  movedOnce: number;
  /** Charges refunded exactly once, of all. */
  refundedOnce: number;
  charges: number;
}

async function sandboxStripe() {
  const sandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SANDBOX_KEY });
  onStop(() => sandbox.close());
  const stripe = new Stripe(SANDBOX_KEY, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', telemetry: false, maxNetworkRetries: 2 });
  return { sandbox, stripe };
}

function apiEnv(extra: Record<string, string>, stripePort: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    API_HOST: '127.0.0.1',
    CLIENT_ORIGIN: 'http://127.0.0.1:1',
    STRIPE_SECRET_KEY: SANDBOX_KEY,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripePort),
    STRIPE_API_PROTOCOL: 'http',
    IMAGE_SWEEP_INTERVAL_MINUTES: '0',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** An API process whose log lines of sweeps are collected. */
async function sweepingApi(name: string, env: NodeJS.ProcessEnv): Promise<{ started: Started; sweeps: SweepLine[] }> {
  const sweeps: SweepLine[] = [];
  const port = await freePort();
  const started = start(name, process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
    env: { ...env, API_PORT: String(port) },
    onLine: (line) => {
      if (!line.includes('"order sweep"')) return;
      const parsed = JSON.parse(line) as { ms: number; sweep: { moved: Record<string, number> } };
      sweeps.push({ ms: parsed.ms, moved: parsed.sweep.moved });
    },
  });
  await waitForUrl(`http://127.0.0.1:${port}/health`, started, name);
  return { started, sweeps };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many of the orders ended with exactly one final step, and how many charges were refunded exactly once. */
async function countOnce(db: Db, stripe: Stripe, made: Made): Promise<{ movedOnce: number; refundedOnce: number }> {
  const [{ once }] = await db.query<{ once: number }>(
    `select count(*)::int as once from (
       select booking_id from booking_events
       where booking_id = any($1::text[]) and state in ('expired', 'refunded', 'received', 'completed')
         and at > now() - interval '1 hour'
       group by booking_id having count(*) = 1
     ) moved`,
    [made.ids],
  );
  let refundedOnce = 0;
  for (const charge of made.charges) {
    const refunds = await stripe.refunds.list({ payment_intent: charge.intentId, limit: 10 });
    if (refunds.data.length === 1) refundedOnce += 1;
  }
  return { movedOnce: once, refundedOnce };
}

/** The sweep of `mix` due orders in one API process on PGlite. */
export async function sweepOnPglite(mix: OrderMix): Promise<SweepFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-sweep-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const { sandbox, stripe } = await sandboxStripe();
  const dbDir = path.join(dataDir, 'db');
  let db = await createPgliteDb(dbDir);
  await migrate(db);
  await seedCatalogue(db);
  const made = await insertOrders(db, stripe, mix);
  await db.close();

  const api = await sweepingApi('API (PGlite)', apiEnv({ DATA_DIR: dataDir, ORDER_SWEEP_INTERVAL_MS: '600000' }, sandbox.port));
  await waitFor(() => api.sweeps.length > 0, 'the sweep');
  await api.started.stop();
  db = await createPgliteDb(dbDir);
  try {
    const counted = await countOnce(db, stripe, made);
    return { database: 'PGlite', orders: made.ids.length, sweeps: api.sweeps, ...counted, charges: made.charges.length };
  } finally {
    await db.close();
  }
}

/** Two API processes on one PostgreSQL database sweeping the same `mix` due orders at the same moment. */
export async function sweepOnPostgresTwice(serverUrl: string, mix: OrderMix): Promise<SweepFigures> {
  const databaseUrl = await freshDatabase(serverUrl);
  const { sandbox, stripe } = await sandboxStripe();
  const db = await createPostgresDb({ connectionString: databaseUrl, maxConnections: 4 });
  onStop(() => db.close());
  await migrate(db);
  await seedCatalogue(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-sweep-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const env = (name: string) =>
    apiEnv(
      { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, name), JWT_SECRET: 'sweep-bench-secret-that-is-long-enough-for-hs256', ORDER_SWEEP_INTERVAL_MS: '500' },
      sandbox.port,
    );
  const [first, second] = await Promise.all([sweepingApi('API 1 (PostgreSQL)', env('a')), sweepingApi('API 2 (PostgreSQL)', env('b'))]);
  // Both sweep every half second: the orders appear at once (one transaction), and the next sweep of each takes them.
  const made = await db.transaction((tx) => insertOrders(tx, stripe, mix));
  const inserted = performance.now();
  const left = async () =>
    (await db.query<{ left: number }>('select count(*)::int as left from bookings where due_at <= now() or refund_started_at is not null'))[0].left;
  await waitFor(async () => (await left()) === 0, 'the sweeps');
  const wallMs = Math.round(performance.now() - inserted);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await Promise.all([first.started.stop(), second.started.stop()]);
  const counted = await countOnce(db, stripe, made);
  return {
    database: 'PostgreSQL, two processes',
    orders: made.ids.length,
    sweeps: [...first.sweeps, ...second.sweeps],
    wallMs,
    ...counted,
    charges: made.charges.length,
  };
}
