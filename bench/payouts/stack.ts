/**
 * The processes the payout benches run, each in its own process group (bench/lib/processes.ts):
 * the payment sandbox (`sandbox/stripe/server.ts`, as `npm start` runs it) and API processes
 * (`server/src/main.ts`), all on 127.0.0.1. An API's `payout run` log lines are collected.
 */
import path from 'node:path';
import Stripe from 'stripe';
import { PROJECT } from '../benchServices';
import { freePort, ROOT, start, startAndReadLine, waitForUrl, type Started } from '../lib/processes';

export const SANDBOX_KEY = 'sk_test_sandbox';
const JWT_SECRET = 'payouts-bench-secret-that-is-long-enough-for-hs256';

export interface Sandbox {
  port: number;
  stripe: Stripe;
  stop(): Promise<void>;
}

/**
 * The payment sandbox in a process of its own, so that the bench's own work (polling, checks)
 * never delays its answers. Payouts stay pending at it, and it sends no events: the API learns
 * nothing but the answers to its own calls, as in server/test/payout-crash.slow.test.ts.
 */
export async function startSandbox(): Promise<Sandbox> {
  const { value, started } = await startAndReadLine(
    'Payment sandbox',
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'sandbox', 'stripe', 'server.ts')],
    'Stripe sandbox listening on ',
    120_000,
    {
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, STRIPE_SANDBOX_PORT: '0', STRIPE_SANDBOX_PAYOUT_SETTLE_MS: '3600000',
      },
    },
  );
  const port = Number(new URL(value.split(' ')[0]).port);
  const stripe = new Stripe(SANDBOX_KEY, { host: '127.0.0.1', port, protocol: 'http', telemetry: false, maxNetworkRetries: 2 });
  return { port, stripe, stop: started.stop };
}

/** What one API process said of a payout run it made (its `payout run` log line). */
export interface RunLine {
  paid: number;
  failed: number;
  skipped: number;
  resumed: number;
  dueFor: string;
}

export interface Api {
  name: string;
  url: string;
  started: Started;
  runs: RunLine[];
  /** Log lines at warning level or above. */
  warnings: string[];
}

/** Settings of every API process here: the database's, the sandbox's, and no background work but payouts. */
export function apiEnv(database: { dataDir: string; databaseUrl?: string }, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    API_HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    JWT_SECRET,
    CLIENT_ORIGIN: 'http://127.0.0.1:1',
    FIREBASE_PROJECT_ID: PROJECT,
    RATE_LIMIT_PER_MINUTE: '0',
    IMAGE_SWEEP_INTERVAL_MINUTES: '0',
    ORDER_SWEEP_INTERVAL_MS: '0',
    RECONCILE_EVERY: 'off',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export function sandboxEnv(sandbox: Sandbox): Record<string, string> {
  return { STRIPE_SECRET_KEY: SANDBOX_KEY, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(sandbox.port), STRIPE_API_PROTOCOL: 'http' };
}

/** An API process, answered once `/ready` does. */
export async function startApi(name: string, env: NodeJS.ProcessEnv): Promise<Api> {
  const port = await freePort();
  const runs: RunLine[] = [];
  const warnings: string[] = [];
  const started = start(name, process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
    env: { ...env, API_PORT: String(port) },
    onLine: (line) => {
      let parsed: { level?: number; msg?: string; payoutRun?: Omit<RunLine, 'dueFor'>; dueFor?: string };
      try {
        parsed = JSON.parse(line) as typeof parsed;
      } catch {
        warnings.push(line);
        return;
      }
      if ((parsed.level ?? 0) >= 40) warnings.push(line);
      if (parsed.msg === 'payout run' && parsed.payoutRun) runs.push({ ...parsed.payoutRun, dueFor: parsed.dueFor ?? '' });
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}/ready`, started, name);
  return { name, url, started, runs, warnings };
}

/**
 * A `PAYOUT_SCHEDULE` that fell due `minutesAgo` minutes ago (UTC), so an API started now runs
 * that week's payouts at once; two processes given different ones each claim a run of their own.
 */
export function dueMinutesAgo(minutesAgo: number): string {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][at.getUTCDay()];
  return `${day} ${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
