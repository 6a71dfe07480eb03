/**
 * The weekly payout run over 1,000 sellers, each with an onboarded account at the payment sandbox
 * and one completed sale's earning available, in real API processes (`server/src/main.ts`) with
 * the payouts due a minute ago. Timed from the run's start until every payout is `in_transit`,
 * then counted at the sandbox and in the ledger (bench/payouts/checks.ts).
 *
 * - PGlite: one process (only one can hold the data directory); the run's own start and end, as
 *   it records them in `payout_runs`.
 * - PostgreSQL: one process, then two. The bench holds `payout_runs` locked while the processes
 *   start, so each run waits at its claim, and lets go once all are waiting: the runs start
 *   together, and the clock starts there. Each process gets a schedule due at another minute, so
 *   each claims a run of its own; with the same one, the claim would leave the second idle.
 *   Polled in the database every 50 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { seedCatalogue } from '../../server/src/seed';
import { freshDatabase } from '../lib/postgres';
import { onStop } from '../lib/processes';
import { checkPayouts, type PayoutChecks } from './checks';
import { insertPayableSellers, onboardedAccounts } from './fixtures';
import { apiEnv, dueMinutesAgo, sandboxEnv, startApi, startSandbox, waitFor, type Api, type RunLine } from './stack';

const RUN_LIMIT_MS = 300_000;

export interface RunFigures {
  database: string;
  processes: number;
  sellers: number;
  onboardingMs: number;
  /** From the start to every payout `in_transit`. */
  wallMs: number;
  /** How each run went, by its log line and its row in `payout_runs` (its end; its start, on PGlite). */
  runs: (RunLine & { process: string; ms: number })[];
  /** The processes' log lines at warning level or above. */
  warnings: string[];
  checks: PayoutChecks;
}

interface RunRow {
  due_for: Date;
  started_at: Date;
  finished_at: Date | null;
}

async function runRows(db: Db): Promise<RunRow[]> {
  return db.query<RunRow>('select due_for, started_at, finished_at from payout_runs order by started_at');
}

/** Each run's figures; its time counted from `from` (the release), or else from its own start. */
function describeRuns(apis: Api[], rows: RunRow[], from?: number): RunFigures['runs'] {
  return apis.flatMap((api) =>
    api.runs.map((line) => {
      const row = rows.find((each) => new Date(each.due_for).toISOString() === line.dueFor);
      const started = from ?? (row ? new Date(row.started_at).getTime() : NaN);
      const finished = row?.finished_at ? new Date(row.finished_at).getTime() : NaN;
      return { process: api.name, ...line, ms: finished - started };
    }),
  );
}

/** Sandbox, database and sellers made ready for a run; the database closed for PGlite. */
async function prepare(sellers: number, serverUrl: string | undefined) {
  const sandbox = await startSandbox();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-payouts-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = serverUrl ? await freshDatabase(serverUrl) : undefined;
  const open = () => (databaseUrl ? createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 }) : createPgliteDb(path.join(dataDir, 'db')));
  const db = await open();
  let onboardingMs = 0;
  try {
    await migrate(db);
    await seedCatalogue(db);
    const began = performance.now();
    const accounts = await onboardedAccounts(sandbox.stripe, sellers);
    onboardingMs = performance.now() - began;
    await insertPayableSellers(db, sandbox.stripe, accounts);
    if (databaseUrl) await db.exec('analyze');
  } finally {
    await db.close();
  }
  return { sandbox, dataDir, databaseUrl, open, onboardingMs };
}

export async function payoutRunOnPglite(sellers: number): Promise<RunFigures> {
  const { sandbox, dataDir, open, onboardingMs } = await prepare(sellers, undefined);
  const api = await startApi('API (PGlite)', apiEnv({ dataDir }, { ...sandboxEnv(sandbox), PAYOUT_SCHEDULE: dueMinutesAgo(1) }));
  await waitFor(() => api.runs.length > 0, 'the payout run', RUN_LIMIT_MS, 50);
  await api.started.stop();
  const db = await open();
  try {
    const runs = describeRuns([api], await runRows(db));
    return {
      database: 'PGlite', processes: 1, sellers, onboardingMs, wallMs: runs[0].ms, runs, warnings: api.warnings, checks: await checkPayouts(db, sandbox.stripe),
    };
  } finally {
    await db.close();
    await sandbox.stop();
  }
}

export async function payoutRunOnPostgres(serverUrl: string, sellers: number, processes: 1 | 2): Promise<RunFigures> {
  const { sandbox, dataDir, databaseUrl, open, onboardingMs } = await prepare(sellers, serverUrl);
  const gate = new Client({ connectionString: databaseUrl });
  await gate.connect();
  const db = await open();
  try {
    await gate.query('begin');
    await gate.query('lock table payout_runs in exclusive mode');
    const apis = await Promise.all(
      Array.from({ length: processes }, (_, n) =>
        startApi(`API ${'AB'[n]} (PostgreSQL)`, apiEnv({ dataDir: path.join(dataDir, String(n)), databaseUrl }, {
          ...sandboxEnv(sandbox), PAYOUT_SCHEDULE: dueMinutesAgo(n + 1),
        })),
      ),
    );
    const waiting = async () =>
      (await gate.query<{ n: number }>("select count(*)::int as n from pg_locks where not granted and relation = 'payout_runs'::regclass")).rows[0].n;
    await waitFor(async () => (await waiting()) === processes, 'every run waiting at its claim', 60_000);
    await gate.query('commit');
    const began = performance.now();
    const released = Date.now();
    const sent = async () => (await db.query<{ n: number }>("select count(*)::int as n from payouts where state = 'in_transit'"))[0].n;
    await waitFor(async () => (await sent()) >= sellers, `${sellers} payouts in transit`, RUN_LIMIT_MS, 50);
    const wallMs = performance.now() - began;
    await waitFor(() => apis.every((api) => api.runs.length > 0), 'the end of every run', RUN_LIMIT_MS, 50);
    await Promise.all(apis.map((api) => api.started.stop()));
    const runs = describeRuns(apis, await runRows(db), released);
    return {
      database: 'PostgreSQL', processes, sellers, onboardingMs, wallMs, runs, warnings: apis.flatMap((api) => api.warnings), checks: await checkPayouts(db, sandbox.stripe),
    };
  } finally {
    await db.close();
    await gate.end();
    await sandbox.stop();
  }
}
