/**
 * `npm run bench -- messages`: a message from its commit to the other side's open event stream,
 * across two API processes on PostgreSQL (docs/PERFORMANCE.md, "Messages"). Buyers write to their
 * order's thread through API A; their sellers' streams are open on API B; the buyers, sellers and
 * their streams run in a process of their own (bench/messages/clients.ts). Needs DATABASE_URL;
 * with `track_commit_timestamp = on` at that server, the figure is measured from each message's
 * commit, otherwise only its bounds are.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPart, start } from '../lib/processes';
import { envNumber } from '../lib/stats';
import { figuresOf, P50_TARGET_MS, P99_TARGET_MS, type Stamps } from './figures';
import type { ClientResults, Plan } from './plan';
import { startStack, type Stack } from './stack';

const PAIRS = envNumber('BENCH_MESSAGES_PAIRS', 50);
const PER_SECOND = envNumber('BENCH_MESSAGES_RATE', 20);
const SECONDS = envNumber('BENCH_MESSAGES_SECONDS', 30);
const BURST_PER_BUYER = envNumber('BENCH_MESSAGES_BURST', 4);
const WARM_UP_PER_PAIR = 2;
const EVENT_LIMIT_MS = 5_000;

const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');

/** The clients' process, to its end; its results. */
async function runClients(plan: Plan, planFile: string): Promise<ClientResults> {
  await writeFile(planFile, JSON.stringify(plan));
  const clients = start('Message clients', process.execPath, ['--import', 'tsx', path.join(__dirname, 'clients.ts'), planFile], {
    onLine: (line) => console.log(`  clients: ${line}`),
  });
  const code = await new Promise<number | null>((resolve) => clients.child.once('close', resolve));
  if (code !== 0) throw new Error(`the clients' process failed (${code}):\n${clients.lastLines()}`);
  return JSON.parse(await readFile(plan.out, 'utf8')) as ClientResults;
}

/** Each message's commit (when the server keeps commit times) and `created_at`, in ms since the epoch. */
async function stampsOf(stack: Stack): Promise<{ stamps: Stamps; version: string }> {
  const [{ server_version: version }] = await stack.db.query<{ server_version: string }>('show server_version');
  const [{ track_commit_timestamp: track }] = await stack.db.query<{ track_commit_timestamp: string }>('show track_commit_timestamp');
  const commit = track === 'on' ? '(extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000)::float8' : 'null::float8';
  const rows = await stack.db.query<{ id: string; created_ms: number; commit_ms: number | null }>(
    `select id::text as id, (extract(epoch from created_at) * 1000)::float8 as created_ms, ${commit} as commit_ms from messages`,
  );
  const stamps: Stamps = { commit: new Map(), created: new Map() };
  for (const row of rows) {
    stamps.created.set(row.id, Number(row.created_ms));
    if (row.commit_ms !== null) stamps.commit.set(row.id, Number(row.commit_ms));
  }
  return { stamps, version };
}

runPart('Messages', 15, async () => {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('DATABASE_URL is not set: a message from one API process to a stream on another needs PostgreSQL, skipped.');
    return;
  }
  const loadAtStart = load();
  const stack = await startStack(serverUrl, PAIRS);
  const planFile = path.join(stack.workDir, 'plan.json');
  const plan: Plan = {
    apiA: stack.a.url, apiB: stack.b.url, pairs: stack.pairs, warmUpPerPair: WARM_UP_PER_PAIR,
    steady: { perSecond: PER_SECOND, seconds: SECONDS }, burstPerBuyer: BURST_PER_BUYER, eventLimitMs: EVENT_LIMIT_MS,
    out: path.join(stack.workDir, 'results.json'),
  };
  const results = await runClients(plan, planFile);
  const { stamps, version } = await stampsOf(stack);
  const figures = figuresOf(results.samples, stamps);

  console.log(
    `\nMessages, PostgreSQL ${version}, sent to API A, heard on API B: ${PAIRS} pairs of a buyer and a seller, an order each; ` +
      `${WARM_UP_PER_PAIR} unmeasured messages a pair, then ${Math.round(PER_SECOND * SECONDS)} at ${PER_SECOND} a second (steady), ` +
      `then ${PAIRS * BURST_PER_BUYER} at once (burst: ${BURST_PER_BUYER} from each buyer). Load average ${loadAtStart} at the start, ${load()} at the end.`,
  );
  console.log('\nms, p50 / p95 / p99 / slowest:');
  console.table(figures.table);
  console.log(`By the message's text (steady and burst together; 'over': past the announcement's 7,000 bytes, read from the table on B):`);
  console.table(figures.byKind);
  console.table(figures.counts);
  const v = figures.verdict;
  console.log(
    `  ${v.what}: p50 ${v.p50.toFixed(1)} ms (target ≤ ${P50_TARGET_MS}), p99 ${v.p99.toFixed(1)} ms (target ≤ ${P99_TARGET_MS}), ` +
      `every message heard: ${v.holds ? 'holds' : 'does NOT hold'}; the fastest ${v.min.toFixed(2)} ms`,
  );
  if (!figures.commitKnown) {
    console.log('  The server keeps no commit times (track_commit_timestamp = off): the rows from the commit are empty; start it with -c track_commit_timestamp=on for them.');
  }
  const offset = results.clockOffsetMs;
  console.log(
    `  the clients' clock against the wall clock: ${offset.start.toFixed(2)} ms at the start, ${offset.end.toFixed(2)} ms at the end ` +
      `(the commit figures are as exact as this drift is small)`,
  );
  console.log(`  streams that ended or failed meanwhile: ${results.streamFailures.length}`);
  for (const line of results.streamFailures.slice(0, 3)) console.log(`    ${line}`);
  const warnings = [...stack.a.warnings, ...stack.b.warnings];
  console.log(`  warnings in the APIs' logs: ${warnings.length}`);
  for (const line of warnings.slice(0, 3)) console.log(`    ${line.slice(0, 400)}`);
});
