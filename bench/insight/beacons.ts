/**
 * Beacons against buyers: one API process on a generated shop takes `POST /views` beacons at
 * BENCH_INSIGHT_RATE a second from one process (beaconLoad.ts) while another sends the buyers'
 * mix as fast as its clients are answered (bench/inventory/throughput.ts, closed loop). Rounds of
 * BENCH_INSIGHT_SECONDS go without beacons (A), with them (B), and with the same beacons sent to a
 * bare receiver in a process of its own instead (C, bareReceiver.ts: the floor, what the beacons'
 * traffic alone takes from the buyers on this machine), each B and C between two A rounds
 * (A B A C … A), so all three see the same machine.
 * After each B round, and a wait of twice the API's flush interval, the rows of `book_views` are
 * counted: every beacon is a new session, so each one answered 204 should be one row.
 */
import path from 'node:path';
import type { Db } from '../../server/src/db/db';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { onStop, ROOT, start, startAndReadLine } from '../lib/processes';
import { percentile } from '../lib/stats';
import { cpuSpan, type CpuSpan } from './cpu';
import { shopDatabase, startApi } from './shop';

export interface BeaconRound {
  /** A: no beacons; B: beacons into the API; C: the same beacons into the bare receiver. */
  kind: 'A' | 'B' | 'C';
  /** The buyers' requests answered a second. */
  buyersPerSecond: number;
  buyerFailures: number;
  beacons?: BeaconAnswer;
  /** Rows of `book_views` this round added, counted after the flush interval twice over. */
  rowsAdded?: number;
  /** In a C round, `api` is the bare receiver's share. */
  cpu: CpuSpan;
}

export interface BeaconAnswer {
  sent: number;
  answered: number;
  failures: number;
  statuses: Record<string, number>;
  seconds: number;
  latencies: number[];
  /** The generator's own CPU seconds (user and system). */
  cpuSeconds?: number;
}

export interface BeaconFigures {
  database: string;
  books: number;
  rate: number;
  seconds: number;
  rounds: BeaconRound[];
  /** Every beacon answered 204 (the warm-up's too), and the rows in `book_views` at the end, before and after the API closed. */
  answered: number;
  rowsBeforeClose: number;
  writtenBeforeClose: number;
  rowsAfterClose: number;
}

const FLUSH_MS = 1_000;
const CLIENTS = 4;

async function buyers(base: string, seconds: number, seed: number): Promise<{ perSecond: number; failures: number }> {
  const lines: string[] = [];
  const load = start('buyers', process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'inventory', 'throughput.ts'), base, String(CLIENTS), String(seconds), String(seed)], {
    onLine: (line) => lines.push(line),
  });
  const code = await new Promise<number | null>((resolve) => load.child.once('close', resolve));
  const json = lines.find((line) => line.startsWith('{'));
  if (code !== 0 || !json) throw new Error(`the buyers' load failed (${code}):\n${load.lastLines()}`);
  const answer = JSON.parse(json) as { answered: number; failures: number; seconds: number };
  return { perSecond: answer.answered / answer.seconds, failures: answer.failures };
}

/** Beacons at `rate` from their own process while `during` runs; answers what they got. */
async function withBeacons<T>(base: string, rate: number, books: number, seed: number, during: () => Promise<T>): Promise<{ result: T; beacons: BeaconAnswer }> {
  const lines: string[] = [];
  let sending: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => (sending = resolve));
  const load = start('beacons', process.execPath, ['--import', 'tsx', path.join(__dirname, 'beaconLoad.ts'), base, String(rate), '3600', String(books), String(seed)], {
    stopByClosingStdin: true,
    onLine: (line) => {
      if (line === 'SENDING') sending();
      else lines.push(line);
    },
  });
  const closed = new Promise<number | null>((resolve) => load.child.once('close', resolve));
  const started = await Promise.race([begun.then(() => true), closed.then(() => false)]);
  if (!started) throw new Error(`the beacons did not start:\n${load.lastLines()}`);
  const result = await during();
  load.child.stdin?.end();
  const code = await closed;
  const json = lines.find((line) => line.startsWith('{'));
  if (code !== 0 || !json) throw new Error(`the beacons failed (${code}):\n${load.lastLines()}`);
  return { result, beacons: JSON.parse(json) as BeaconAnswer };
}

/** The bare receiver (bareReceiver.ts) in its own process. */
async function startBareReceiver(): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const receiver = await startAndReadLine('bare receiver', process.execPath, ['--import', 'tsx', path.join(__dirname, 'bareReceiver.ts')], 'READY ', 60_000, {
    stopByClosingStdin: true,
  });
  onStop(() => receiver.started.stop());
  return { url: receiver.value, pid: receiver.started.child.pid, stop: () => receiver.started.stop() };
}

export async function measureBeacons(postgres: string | undefined, options: { books: number; rate: number; seconds: number; rounds: number }): Promise<BeaconFigures> {
  const { books, rate, seconds, rounds: triples } = options;
  const database = postgres ? 'PostgreSQL' : 'PGlite';
  console.log(`Beacons: ${rate.toLocaleString('en-US')} a second against the buyers' mix (${CLIENTS} clients, closed loop), ${books.toLocaleString('en-US')} books on ${database}, rounds of ${seconds} s: A B A C ${triples} times over, and A`);
  const shop = await shopDatabase(postgres, books);
  // No rollup timer: the rollup's cost is measured apart (stats at scale), and it would land in A and B rounds alike.
  const api = await startApi(shop, { INSIGHT_VIEW_FLUSH_MS: String(FLUSH_MS), INSIGHT_ROLLUP_INTERVAL_MS: '0' });
  onStop(() => api.stop());
  const bare = await startBareReceiver();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_MS + 500));

  // Warm both paths: the buyers' first requests pay for plans and caches, the beacons' for the insert's.
  const warm = await withBeacons(api.url, rate, books, 1, () => buyers(api.url, 5, 1));
  let answered = warm.beacons.answered;
  await settle();
  let rows = (await api.count()).rows;

  const rounds: BeaconRound[] = [];
  // Each round with beacons between two without: A B A C, so many times over, and a last A.
  const kinds = [...Array.from({ length: triples }, () => ['A', 'B', 'A', 'C'] as const).flat(), 'A' as const];
  for (let round = 0; round < kinds.length; round += 1) {
    const seed = 10 + round;
    const kind = kinds[round];
    const cpu = cpuSpan(kind === 'C' ? bare.pid : api.pid);
    if (kind === 'A') {
      const load = await buyers(api.url, seconds, seed);
      rounds.push({ kind, buyersPerSecond: load.perSecond, buyerFailures: load.failures, cpu: cpu() });
    } else if (kind === 'C') {
      const { result: load, beacons } = await withBeacons(bare.url, rate, books, seed, () => buyers(api.url, seconds, seed));
      rounds.push({ kind, buyersPerSecond: load.perSecond, buyerFailures: load.failures, beacons, cpu: cpu() });
    } else {
      const { result: load, beacons } = await withBeacons(api.url, rate, books, seed, () => buyers(api.url, seconds, seed));
      const used = cpu();
      answered += beacons.answered;
      await settle();
      const now = (await api.count()).rows;
      rounds.push({ kind, buyersPerSecond: load.perSecond, buyerFailures: load.failures, beacons, rowsAdded: now - rows, cpu: used });
      rows = now;
    }
    const last = rounds[rounds.length - 1];
    const beaconText = last.beacons
      ? `; beacons ${last.beacons.answered} of ${last.beacons.sent} answered 204 (${(last.beacons.sent / last.beacons.seconds).toFixed(0)}/s), p95 ${percentile([...last.beacons.latencies].sort((a, b) => a - b), 95)} ms` +
        (last.kind === 'B' ? `, rows added ${last.rowsAdded}` : ', into the bare receiver')
      : '';
    const { api: apiCores, postgres: postgresCores, machine } = last.cpu;
    const generator = last.beacons?.cpuSeconds === undefined ? '' : `, the beacons' generator ${(last.beacons.cpuSeconds / last.cpu.seconds).toFixed(2)}`;
    console.log(
      `  round ${round + 1} (${last.kind}): buyers ${last.buyersPerSecond.toFixed(1)} req/s, ${last.buyerFailures} failures${beaconText}; ` +
        `CPU cores busy: ${last.kind === 'C' ? 'the bare receiver' : 'the API'} ${apiCores.toFixed(2)}, PostgreSQL ${postgresCores.toFixed(2)}${generator}, the machine ${machine.toFixed(2)}`,
    );
  }
  const before = await api.count();
  await bare.stop();
  await api.stop();
  // The API wrote what waited as it closed: count again from a process of our own (PGlite's files are free now).
  const db: Db = shop.url
    ? await createPostgresDb({ connectionString: shop.url, maxConnections: 1 })
    : await createPgliteDb(path.join(String(shop.env.DATA_DIR), 'db'));
  const rowsAfterClose = await db
    .query<{ rows: number }>('select count(*)::int as rows from book_views')
    .then(([row]) => row.rows)
    .finally(() => db.close());
  return { database, books, rate, seconds, rounds, answered, rowsBeforeClose: before.rows, writtenBeforeClose: before.written, rowsAfterClose };
}
