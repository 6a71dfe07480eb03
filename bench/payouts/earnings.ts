/**
 * A seller's earnings page with 10,000 entries in their history, over HTTP against a real API
 * process (`server/src/main.ts`): `GET /earnings` (the balance) and `GET /earnings/entries?limit=25`
 * (the first page of the list, the page size the SPA asks: src/api/paging.ts), one after the
 * other, and both at once as the page sends them. The seller's access token comes from the Auth
 * emulator's sign-in and `GET /jwt`; the account check is cached for the whole measurement, so
 * the emulator stays out of it. Then each statement of the two routes is run again under
 * EXPLAIN ANALYZE, with the API stopped, for where the time goes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db, Queryable } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { ledgerRepository } from '../../server/src/repositories/ledger';
import { payoutsRepository } from '../../server/src/repositories/payouts';
import { seedCatalogue } from '../../server/src/seed';
import { accessToken, PROJECT } from '../benchServices';
import { freshDatabase } from '../lib/postgres';
import { onStop } from '../lib/processes';
import { percentile } from '../lib/stats';
import { hexId } from '../orders/fixtures';
import { insertSellerHistory, type History } from './fixtures';
import { apiEnv, startApi } from './stack';

const SELLER_ID = hexId(2);
const PASSWORD = 'bench1234';
/**
 * 100 weeks of 32 sales and a payout: 100 × (32 × 3 + 4) = 10,000 entries of the seller's. Then
 * 1,000 other sellers' 20,000 sales, 100,000 entries, all newer than the seller's newest.
 */
const HISTORY = { weeks: 100, ordersPerWeek: 32, others: 1_000, othersEach: 20 };
const WARM_UP = 20;
const MEASURED = 300;
const PAGE_SIZE = 25;

export interface Timing {
  what: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface EarningsFigures {
  database: string;
  history: History;
  timings: Timing[];
  /** Each statement the two routes run, under EXPLAIN ANALYZE: its execution time (ms). */
  plans: { what: string; ms: number; plan: string }[];
}

interface Database {
  label: string;
  dataDir: string;
  databaseUrl?: string;
  open(): Promise<Db>;
}

async function database(serverUrl: string | undefined): Promise<Database> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-earnings-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  if (!serverUrl) return { label: 'PGlite', dataDir, open: () => createPgliteDb(path.join(dataDir, 'db')) };
  const databaseUrl = await freshDatabase(serverUrl);
  return { label: 'PostgreSQL', dataDir, databaseUrl, open: () => createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 }) };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const response = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** The seller's account at the emulator, its address confirmed; their record is the database's already. */
async function signUp(authUrl: string, email: string): Promise<void> {
  const { localId } = await post(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    email, password: PASSWORD, returnSecureToken: true,
  });
  await post(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, { localId, emailVerified: true }, {
    authorization: 'Bearer owner',
  });
}

async function get(url: string, token: string, check: (body: unknown, response: Response) => void): Promise<void> {
  const response = await fetch(url, { headers: { authorization: `bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  check(body, response);
}

function summary(what: string, samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { what, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

/** Runs `read` with each of its statements explained instead: their plans, in order. */
async function explained(db: Queryable, read: (explaining: Queryable) => Promise<unknown>): Promise<{ ms: number; plan: string }[]> {
  const plans: { ms: number; plan: string }[] = [];
  const explaining: Queryable = {
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
      const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, timing off) ${sql}`, params);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push({ ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN), plan });
      return [];
    },
    exec: (sql) => db.exec(sql),
  };
  await read(explaining);
  return plans;
}

export async function measureEarnings(authUrl: string, serverUrl?: string): Promise<EarningsFigures> {
  const target = await database(serverUrl);
  // One emulator serves both databases: an address of each's own.
  const email = `seller.${target.label.toLowerCase()}@earnings.bench`;
  let db = await target.open();
  let history: History;
  try {
    await migrate(db);
    await seedCatalogue(db);
    await db.query(`insert into users (id, name, email, role) values ($1, 'Bench Seller', $2, 'seller')`, [SELLER_ID, email]);
    history = await insertSellerHistory(db, SELLER_ID, HISTORY);
    // A server's autovacuum would have analysed the tables long since; PGlite has none, and nothing else runs ANALYZE.
    if (serverUrl) await db.exec('analyze');
  } finally {
    await db.close();
  }

  const api = await startApi(`API (${target.label})`, apiEnv(target, {
    FIREBASE_AUTH_EMULATOR_HOST: new URL(authUrl).host, PAYOUT_TICK_MS: '0', ACCOUNT_CHECK_TTL_MS: '300000',
  }));
  await signUp(authUrl, email);
  const token = await accessToken(authUrl, api.url, { email, password: PASSWORD });
  const balance = () =>
    get(`${api.url}/earnings`, token, (body) => {
      if (typeof (body as { balance?: { paidOut?: number } }).balance?.paidOut !== 'number') throw new Error('GET /earnings: no balance');
    });
  const firstPage = () =>
    get(`${api.url}/earnings/entries?limit=${PAGE_SIZE}`, token, (body, response) => {
      if (!Array.isArray(body) || body.length !== PAGE_SIZE || !response.headers.get('link')) throw new Error('GET /earnings/entries: not a full first page');
    });
  const sends: [string, () => Promise<unknown>][] = [
    ['GET /earnings', balance],
    [`GET /earnings/entries?limit=${PAGE_SIZE}`, firstPage],
    ['both at once, as the page asks', () => Promise.all([balance(), firstPage()])],
  ];
  const samples = sends.map(() => [] as number[]);
  // One of each in turn, so that the machine's moods fall on all three alike.
  for (let round = 0; round < WARM_UP + MEASURED; round += 1) {
    for (const [index, [, send]] of sends.entries()) {
      const began = performance.now();
      await send();
      if (round >= WARM_UP) samples[index].push(performance.now() - began);
    }
  }
  await api.started.stop();

  db = await target.open();
  try {
    // Each read twice, the second kept: the API's were warm.
    const warm = async (read: (q: Queryable) => Promise<unknown>) => (await explained(db, async (q) => [await read(q), await read(q)]))[1];
    const ledger = await warm((q) => ledgerRepository(q).balanceOf(SELLER_ID));
    const account = await warm((q) => payoutsRepository(q).accountOf(SELLER_ID));
    const entries = await warm((q) => ledgerRepository(q).entriesOf(SELLER_ID, PAGE_SIZE));
    return {
      database: target.label,
      history,
      timings: sends.map(([what], index) => summary(what, samples[index])),
      plans: [
        { what: 'GET /earnings: the balance', ...ledger },
        { what: 'GET /earnings: the payout account', ...account },
        { what: `GET /earnings/entries: ${PAGE_SIZE} + 1 entries`, ...entries },
      ],
    };
  } finally {
    await db.close();
  }
}
