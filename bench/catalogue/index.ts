/**
 * The catalogue at size: a generated shop (server/src/shopGenerator) of 50,000 and of 1,000,000
 * books, each in a database of its own (PostgreSQL with DATABASE_URL, else PGlite in a temporary
 * folder), its API in one process and the buyers' mix (mix.ts) sent at a steady rate from
 * another, open loop, for BENCH_CATALOGUE_SECONDS. Each kind's p50 and p95 side by side across
 * the sizes, beside its target.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { migrate } from '../../server/src/db/migrate';
import { seedCatalogue } from '../../server/src/seed';
import { generateShop } from '../../server/src/shopGenerator/generate';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { freshDatabase } from '../lib/postgres';
import { onStop, ROOT, runPart, start, startAndReadLine } from '../lib/processes';
import { percentile } from '../lib/stats';
import type { Kind } from './mix';

const SIZES = (process.env.BENCH_CATALOGUE_SIZES ?? '50000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_CATALOGUE_SECONDS ?? 60);
const POSTGRES = process.env.DATABASE_URL;
/** Buyers' requests a second: the API, its database and the load share this machine's two cores. */
const RATE = Number(process.env.BENCH_CATALOGUE_RATE ?? (POSTGRES ? 20 : 10));

/** Issue 39's targets, p95 in ms. */
const TARGETS: Record<Kind, number> = { words: 50, typo: 50, filters: 100, browse: 20, 'deep page': 20, 'book page': 20 };
const KINDS = Object.keys(TARGETS) as Kind[];

interface LoadAnswer {
  seconds: number;
  failures: number;
  samples: Partial<Record<Kind, number[]>>;
  /** Each kind's slowest requests, as [ms, path]. */
  slowest?: Partial<Record<Kind, [number, string][]>>;
}

/** A database holding the generated shop; answers the API's environment for it. */
async function shopDatabase(books: number): Promise<{ env: NodeJS.ProcessEnv; generatedIn: number }> {
  const vocabulary = loadVocabulary();
  if (POSTGRES) {
    const url = await freshDatabase(POSTGRES);
    const db = await createPostgresDb({ connectionString: url, maxConnections: 2 });
    try {
      await migrate(db);
      await seedCatalogue(db);
      const shop = await generateShop(db, vocabulary, { books });
      // The generator's gigabyte of writes is flushed now rather than by the checkpointer during
      // the timed run (it spreads a checkpoint over minutes). Needs superuser or pg_checkpoint.
      await db.exec('checkpoint').catch((error: unknown) => console.log(`No checkpoint before the run: ${String(error)}`));
      return { env: { DATABASE_URL: url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret' }, generatedIn: shop.ms };
    } finally {
      await db.close();
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-catalogue-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const db = await createPgliteDb(path.join(dataDir, 'db'));
  try {
    await migrate(db);
    await seedCatalogue(db);
    const shop = await generateShop(db, vocabulary, { books });
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, generatedIn: shop.ms };
  } finally {
    await db.close();
  }
}

/**
 * `BENCH_CATALOGUE_AGAINST="NAME=value …"`: each size's mix runs in rounds on the same shop,
 * alternating the API as configured (A) with the API given these settings too (B), for
 * BENCH_CATALOGUE_ROUNDS pairs (2 by default); each pair sends the same requests.
 */
const AGAINST = Object.fromEntries(
  (process.env.BENCH_CATALOGUE_AGAINST ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`BENCH_CATALOGUE_AGAINST takes NAME=value pairs, not "${pair}"`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
) as Record<string, string>;
const COMPARING = Object.keys(AGAINST).length > 0;
const ROUNDS = COMPARING ? Number(process.env.BENCH_CATALOGUE_ROUNDS ?? 2) : 1;

/** The mix sent once to an API started on the shop in `env`, with `overrides` on top. */
async function round(books: number, env: NodeJS.ProcessEnv, overrides: Record<string, string>, seed: number): Promise<LoadAnswer> {
  const api = await startAndReadLine(`API on ${books} books`, process.execPath, ['--import', 'tsx', path.join(__dirname, 'apiServer.ts')], 'READY ', 5 * 60_000, {
    env: { ...process.env, ...env, ...overrides },
    stopByClosingStdin: true,
  });
  try {
    const lines: string[] = [];
    const load = start('load', process.execPath, ['--import', 'tsx', path.join(__dirname, 'load.ts'), api.value, String(RATE), String(SECONDS), String(seed)], {
      cwd: ROOT,
      onLine: (line) => lines.push(line),
    });
    const code = await new Promise<number | null>((resolve) => load.child.once('close', resolve));
    const json = lines.find((line) => line.startsWith('{'));
    if (code !== 0 || !json) throw new Error(`the load on ${books} books failed (${code}):\n${load.lastLines()}`);
    return JSON.parse(json) as LoadAnswer;
  } finally {
    await api.started.stop();
  }
}

/** Every round's samples of one configuration, merged. */
function merged(answers: LoadAnswer[]): LoadAnswer {
  const samples: LoadAnswer['samples'] = {};
  const slowest: NonNullable<LoadAnswer['slowest']> = {};
  for (const answer of answers) {
    for (const kind of KINDS) {
      samples[kind] = [...(samples[kind] ?? []), ...(answer.samples[kind] ?? [])];
      slowest[kind] = [...(slowest[kind] ?? []), ...(answer.slowest?.[kind] ?? [])].sort((a, b) => b[0] - a[0]).slice(0, 5);
    }
  }
  return { seconds: answers.reduce((sum, a) => sum + a.seconds, 0), failures: answers.reduce((sum, a) => sum + a.failures, 0), samples, slowest };
}

async function measure(books: number): Promise<{ answers: Map<string, LoadAnswer>; generatedIn: number }> {
  const { env, generatedIn } = await shopDatabase(books);
  const a: LoadAnswer[] = [];
  const b: LoadAnswer[] = [];
  for (let pair = 1; pair <= ROUNDS; pair += 1) {
    a.push(await round(books, env, {}, pair));
    if (COMPARING) b.push(await round(books, env, AGAINST, pair));
  }
  const answers = new Map<string, LoadAnswer>([[COMPARING ? 'A' : '', merged(a)]]);
  if (COMPARING) answers.set('B', merged(b));
  return { answers, generatedIn };
}

async function main() {
  const where = POSTGRES ? 'PostgreSQL' : 'PGlite';
  console.log(`The catalogue at ${SIZES.map((size) => size.toLocaleString('en-US')).join(' and ')} books on ${where}: ${RATE} requests a second for ${SECONDS} s, open loop`);
  if (COMPARING) console.log(`A: as configured; B: with ${process.env.BENCH_CATALOGUE_AGAINST}; ${ROUNDS} rounds of each, alternating`);
  const results = new Map<string, LoadAnswer>();
  for (const books of SIZES) {
    const { answers, generatedIn } = await measure(books);
    const size = books >= 1_000_000 ? `${books / 1_000_000}M` : `${books / 1000}k`;
    for (const [config, answer] of answers) {
      console.log(`${books.toLocaleString('en-US')} books${config ? ` (${config})` : ''}: generated in ${(generatedIn / 1000).toFixed(0)} s; ${answer.failures} failures`);
      results.set(`${size}${config ? ` ${config}` : ''}`, answer);
    }
  }
  const rows = KINDS.map((kind) => {
    const row: Record<string, string | number> = { kind, 'target p95': TARGETS[kind] };
    for (const [label, answer] of results) {
      const sorted = [...(answer.samples[kind] ?? [])].sort((a, b) => a - b);
      row[`${label} n`] = sorted.length;
      row[`${label} p50`] = sorted.length ? +percentile(sorted, 50).toFixed(1) : '–';
      row[`${label} p95`] = sorted.length ? +percentile(sorted, 95).toFixed(1) : '–';
    }
    return row;
  });
  console.table(rows);
  // What the tail is made of: the three slowest requests of each kind whose p95 missed its target
  // (of every kind with BENCH_CATALOGUE_SLOWEST=1).
  for (const [label, answer] of results) {
    for (const kind of KINDS) {
      const sorted = [...(answer.samples[kind] ?? [])].sort((a, b) => a - b);
      if (!sorted.length || (percentile(sorted, 95) <= TARGETS[kind] && !process.env.BENCH_CATALOGUE_SLOWEST)) continue;
      const paths = (answer.slowest?.[kind] ?? []).slice(0, 3).map(([ms, where]) => `${ms.toFixed(0)} ms ${where}`);
      console.log(`${label} ${kind}, p95 ${percentile(sorted, 95).toFixed(1)} ms (target ${TARGETS[kind]}); slowest: ${paths.join(' · ')}`);
    }
  }
}

runPart('Catalogue bench', 45, main);
