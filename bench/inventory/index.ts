/**
 * Two dealer's files of 100,000 rows each (BENCH_IMPORT_ROWS) on a generated shop of 50,000 books
 * (PostgreSQL with DATABASE_URL, else PGlite in a temporary folder), its API in one process: how
 * long the check and the apply take alone (the first file) and while buyers search (the second),
 * how much the API's memory grows, and the catalogue's requests per second (the buyers' mix,
 * closed loop, from another process) while the second file applies, against the same load just
 * before it and just after it, in one run.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { accessTokens } from '../../server/src/lib/accessTokens';
import { seedCatalogue } from '../../server/src/seed';
import { generateShop, sellerId } from '../../server/src/shopGenerator/generate';
import { seededRandom } from '../../server/src/shopGenerator/random';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { freshDatabase } from '../lib/postgres';
import { onStop, ROOT, runPart, start, startAndReadLine } from '../lib/processes';
import type { Kind, TimesByKind as ByKind } from '../catalogue/mix';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BOOKS = Number(process.env.BENCH_IMPORT_SHOP_BOOKS ?? 50_000);
const CLIENTS = Number(process.env.BENCH_IMPORT_CLIENTS ?? 4);
const WINDOW_SECONDS = 5;
const POSTGRES = process.env.DATABASE_URL;
const SECRET = 'bench-secret-bench-secret-bench-secret';
const TARGETS = { checkS: 30, applyS: 60, memoryMb: 256, throughputShare: 0.7 };

/** The shop's database, with the generated books; answers the API's environment. */
async function shopDatabase(): Promise<NodeJS.ProcessEnv> {
  const build = async (db: Db) => {
    await migrate(db);
    await seedCatalogue(db);
    await generateShop(db, loadVocabulary(), { books: BOOKS });
  };
  if (POSTGRES) {
    const url = await freshDatabase(POSTGRES);
    const db = await createPostgresDb({ connectionString: url, maxConnections: 2 });
    await build(db).finally(() => db.close());
    return { DATABASE_URL: url };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-inventory-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const db = await createPgliteDb(path.join(dataDir, 'db'));
  await build(db).finally(() => db.close());
  return { DATA_DIR: dataDir, DATABASE_URL: '' };
}

/** A dealer's file: a SKU, a title, an author, a category, a condition and a price per copy. */
function inventoryFile(categories: string[], prefix: string): string {
  const vocabulary = loadVocabulary();
  const random = seededRandom(39);
  const conditions = ['Very good', 'Good', 'Acceptable', 'Like new'];
  const lines = ['sku,title,author,category,condition,price,original_price'];
  for (let row = 0; row < ROWS; row += 1) {
    const book = vocabulary.books[Math.floor(random() * vocabulary.books.length)];
    const price = (2 + random() * 40).toFixed(2);
    const title = `"${book.title.replaceAll('"', '""')}"`;
    const author = `"${book.author.replaceAll('"', '""')}"`;
    lines.push(`${prefix}-${row.toString().padStart(6, '0')},${title},${author},${categories[row % categories.length]},${conditions[row % 4]},${price},${(Number(price) * 2).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The API process's resident memory in MB. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Throughput {
  rate: number;
  kinds: ByKind;
}

async function throughput(base: string, seconds: number, seed: number): Promise<Throughput> {
  const lines: string[] = [];
  const load = start('catalogue load', process.execPath, ['--import', 'tsx', path.join(__dirname, 'throughput.ts'), base, String(CLIENTS), String(seconds), String(seed)], {
    cwd: ROOT,
    onLine: (line) => lines.push(line),
  });
  const code = await new Promise<number | null>((resolve) => load.child.once('close', resolve));
  const json = lines.find((line) => line.startsWith('{'));
  if (code !== 0 || !json) throw new Error(`the catalogue load failed (${code}):\n${load.lastLines()}`);
  const answer = JSON.parse(json) as { answered: number; seconds: number; kinds: ByKind };
  return { rate: answer.answered / answer.seconds, kinds: answer.kinds };
}

/** Windows' figures by kind, added up. */
function added(windows: ByKind[]): ByKind {
  const sum: ByKind = {};
  for (const window of windows) {
    for (const [kind, figures] of Object.entries(window) as [Kind, { answered: number; ms: number }][]) {
      const into = (sum[kind] ??= { answered: 0, ms: 0 });
      into.answered += figures.answered;
      into.ms += figures.ms;
    }
  }
  return sum;
}

/** A kind's mean answer time in ms, as a table's cell. */
function meanMs(kinds: ByKind, kind: Kind): number | string {
  const figures = kinds[kind];
  return figures && figures.answered > 0 ? +(figures.ms / figures.answered).toFixed(1) : '—';
}

interface ImportState {
  state: string;
  counts: Record<string, number>;
  progress: { done: number; total: number };
  failure?: string;
}

async function main() {
  const where = POSTGRES ? 'PostgreSQL' : 'PGlite';
  console.log(`A ${ROWS.toLocaleString('en-US')}-row inventory file on a shop of ${BOOKS.toLocaleString('en-US')} books on ${where}`);
  const env = await shopDatabase();
  const api = await startAndReadLine('API', process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'catalogue', 'apiServer.ts')], 'READY ', 5 * 60_000, {
    env: { ...process.env, ...env, JWT_SECRET: SECRET, INVENTORY_IMPORT_INTERVAL_MS: '1000' },
    stopByClosingStdin: true,
  });
  onStop(() => api.started.stop());
  const base = api.value;
  const pid = api.started.child.pid ?? 0;
  // The last generated seller holds few books (sellers' shares follow Zipf, the first hold most).
  const sellers = Math.ceil(BOOKS / 250);
  const seller = { userId: sellerId(sellers - 1), email: `dealer${sellers - 1}@generated.example` };
  const token = await accessTokens(SECRET).sign(seller);
  const headers = { authorization: `Bearer ${token}` };
  const call = async <Body>(method: string, url: string, body?: unknown): Promise<Body> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Body;
  };
  await call('PUT', '/inventory/defaults', { phone: '+1 555 0100', location: 'Tucson', delivery: 'meetup', category: null });
  const categories = (await call<{ category: string }[]>('GET', '/bookCatagories')).map((row) => row.category);
  const memoryAtStart = residentMb(pid);
  let memoryPeak = memoryAtStart;
  const sampler = setInterval(() => {
    memoryPeak = Math.max(memoryPeak, residentMb(pid));
  }, 200);

  /** Uploads a file of ROWS new copies, checks and applies it; with `load`, the catalogue's req/s in windows while it applies. */
  const importFile = async (prefix: string, load: boolean) => {
    const file = inventoryFile(categories, prefix);
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'inventory.csv');
    const checkStarted = Date.now();
    const uploaded = await fetch(`${base}/inventory/imports`, { method: 'POST', headers, body: form });
    if (uploaded.status !== 202) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: string };
    const until = async (states: string[]) => {
      for (;;) {
        const now = await call<ImportState>('GET', `/inventory/imports/${id}`);
        if (now.state === 'failed') throw new Error(`the import failed: ${now.failure}`);
        if (states.includes(now.state)) return now;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const checked = await until(['checked']);
    const checkS = (Date.now() - checkStarted) / 1000;
    const applyStarted = Date.now();
    await call('POST', `/inventory/imports/${id}/apply`);
    // A window the apply outlived counts; the one it ended in does not.
    const during: Throughput[] = [];
    let applied = false;
    const applying = until(['applied']).then(() => {
      applied = true;
    });
    for (let window = 0; load && !applied; window += 1) {
      const rate = await throughput(base, WINDOW_SECONDS, 10 + window);
      if (!applied) during.push(rate);
    }
    await applying;
    const applyS = (Date.now() - applyStarted) / 1000;
    console.log(`${(file.length / 2 ** 20).toFixed(1)} MB ${load ? 'with' : 'without'} the catalogue's load: checked in ${checkS.toFixed(1)} s (${JSON.stringify(checked.counts)}), applied in ${applyS.toFixed(1)} s`);
    return { checkS, applyS, during };
  };

  // First alone, then with the buyers' mix running while it applies (the shop has grown by the first file by then).
  const quiet = await importFile('Q', false);
  const firstFileGrowth = memoryPeak - memoryAtStart;
  await throughput(base, 5, 1);
  const before = await throughput(base, 15, 2);
  const loaded = await importFile('L', true);
  clearInterval(sampler);
  const after = await throughput(base, 15, 3);
  const duringRate = loaded.during.length ? loaded.during.reduce((sum, window) => sum + window.rate, 0) / loaded.during.length : Number.NaN;
  const duringKinds = added(loaded.during.map((window) => window.kinds));
  const growth = memoryPeak - memoryAtStart;

  console.table([
    { figure: 'check (s)', alone: +quiet.checkS.toFixed(1), 'under load': +loaded.checkS.toFixed(1), target: `≤ ${TARGETS.checkS}` },
    { figure: 'apply (s)', alone: +quiet.applyS.toFixed(1), 'under load': +loaded.applyS.toFixed(1), target: `≤ ${TARGETS.applyS}` },
    { figure: "API's memory growth (MB): the first file, both", alone: +firstFileGrowth.toFixed(0), 'under load': +growth.toFixed(0), target: `≤ ${TARGETS.memoryMb}` },
  ]);
  console.table([
    { 'catalogue req/s': 'before the second file', measured: +before.rate.toFixed(1) },
    { 'catalogue req/s': `while it applies (${loaded.during.length} windows of ${WINDOW_SECONDS} s)`, measured: +duringRate.toFixed(1) },
    { 'catalogue req/s': 'after it', measured: +after.rate.toFixed(1) },
  ]);
  const kinds = [...new Set([...Object.keys(before.kinds), ...Object.keys(duringKinds), ...Object.keys(after.kinds)])] as Kind[];
  console.table(
    kinds.map((kind) => ({
      'mean ms': kind,
      before: meanMs(before.kinds, kind),
      'while it applies': meanMs(duringKinds, kind),
      after: meanMs(after.kinds, kind),
    })),
  );
  console.log(
    `While applying, the catalogue answered ${((duringRate / before.rate) * 100).toFixed(0)} % of the requests a second it answered before ` +
      `(target ≥ ${(TARGETS.throughputShare * 100).toFixed(0)} %; ${((duringRate / after.rate) * 100).toFixed(0)} % of after, when the shop holds the file too).`,
  );
}

runPart('Inventory import', 30, main);
