/**
 * `npm run bench`: every part, one after the other, each in its own process and bounded in time
 * (bench/lib/processes.ts). `npm run bench -- api pages` (or BENCH_PARTS=api,pages) runs only
 * those. The parts that load the app build it first, unless BENCH_BUILD=0.
 */
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './lib/chromium';
import { ROOT } from './lib/processes';

interface Part {
  file: string;
  what: string;
  needsBuild: boolean;
}

const PARTS: Record<string, Part> = {
  api: { file: 'api/index.ts', what: 'the catalogue API against a bare node:http server', needsBuild: false },
  search: { file: 'search-bench.ts', what: 'search latency at 1,000, 10,000 and 50,000 books', needsBuild: false },
  pages: { file: 'pages/index.ts', what: 'the home page against its floor (and a baseline build), mobile profile and unthrottled', needsBuild: true },
  dashboard: { file: 'pages/dashboard.ts', what: 'signed-in dashboard pages loaded afresh, to the heading shown (and a baseline build)', needsBuild: true },
  lighthouse: { file: 'lighthouse.ts', what: 'Lighthouse on the public routes', needsBuild: true },
  orders: { file: 'orders/index.ts', what: 'the deadline sweep over 10,000 orders, and live notifications across two processes (PostgreSQL)', needsBuild: false },
  growth: { file: 'category-bench.ts', what: "the category page's first cards and 'Book Now' modal at 20 and 50,000 books", needsBuild: true },
  payouts: { file: 'payouts/index.ts', what: "a seller's earnings with 10,000 entries, and the weekly payout run over 1,000 sellers (two runs at once on PostgreSQL)", needsBuild: false },
  wants: { file: 'wants/index.ts', what: "a new listing matched against 100,000 saved wants, and from listing it to the wanting buyer's open stream", needsBuild: false },
  messages: { file: 'messages/index.ts', what: "a message from its commit to the other side's open stream, across two API processes (PostgreSQL)", needsBuild: false },
  catalogue: { file: 'catalogue/index.ts', what: 'the buyers\' mix (words, typos, filters, sorts, pages 50 deep, book pages) at a steady rate on 50,000 and 1,000,000 generated books (PostgreSQL with DATABASE_URL, else PGlite)', needsBuild: false },
  replica: { file: 'catalogue/replica.ts', what: "what a streaming replica takes off the primary: the buyers' mix sent to two API processes, the second reading from the replica or not, in alternate rounds (PostgreSQL's tools)", needsBuild: false },
  inventory: { file: 'inventory/index.ts', what: "a dealer's 100,000-row inventory file: check and apply times, the API's memory, and the catalogue's requests per second while it applies (PostgreSQL with DATABASE_URL, else PGlite)", needsBuild: false },
  offers: { file: 'offers/index.ts', what: '1,000 offers expiring in one sweep (PGlite; two sweepers on PostgreSQL), and with DATABASE_URL a 10-book bundle checkout and 50 buyers offering while the seller accepts one', needsBuild: false },
  reviews: { file: 'reviews/index.ts', what: "the category page (100 books and their sellers' scores) at 50,000 books, with 10,000 reviews and without", needsBuild: false },
  insight: { file: 'insight/index.ts', what: "5,000 book-view beacons a second against the buyers' mix in alternate rounds, none lost, and with DATABASE_URL the Stats and Insight routes over 10,000,000 raw views and a year of rollups", needsBuild: false },
};
/** A part's own time limit comes first (BENCH_TIMEOUT_MINUTES); this only ends a part that ignored it. */
const BACKSTOP_MINUTES = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 60) + 2;

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // The running part gets the same signal from the terminal and stops itself; run no further part.
  process.on(signal, () => {
    interrupted = true;
  });
}

function chosenParts(): string[] {
  const asked = [...process.argv.slice(2), ...(process.env.BENCH_PARTS ?? '').split(',')].map((name) => name.trim()).filter(Boolean);
  const unknown = asked.filter((name) => !(name in PARTS));
  if (unknown.length > 0) {
    const known = Object.entries(PARTS).map(([name, part]) => `  ${name.padEnd(11)} ${part.what}`);
    throw new Error(`Unknown bench part: ${unknown.join(', ')}. The parts:\n${known.join('\n')}`);
  }
  return asked.length > 0 ? asked : Object.keys(PARTS);
}

function run(command: string, args: string[], label: string): Promise<number | null> {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const backstop = setTimeout(() => {
    console.error(`${label} is still running after ${BACKSTOP_MINUTES} minutes: stopping it.`);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
  }, BACKSTOP_MINUTES * 60_000);
  return new Promise((resolve) => {
    child.once('error', () => resolve(127));
    child.once('close', (code) => {
      clearTimeout(backstop);
      resolve(code);
    });
  });
}

function machine(): string {
  const chromium = (() => {
    try {
      return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return 'no Chromium';
    }
  })();
  const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
  const memory = `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`;
  return `${new Date().toISOString()}: ${os.cpus().length} CPUs, ${memory}, Node ${process.version}, ${chromium}, load average ${load}`;
}

async function main() {
  const parts = chosenParts();
  console.log(`Bench: ${parts.join(', ')}. ${machine()}`);
  if (parts.some((name) => PARTS[name].needsBuild) && process.env.BENCH_BUILD !== '0') {
    const built = await run('npm', ['run', 'build'], 'The build');
    if (built !== 0) throw new Error('The build failed.');
  }
  const outcomes: Record<string, string>[] = [];
  for (const name of parts) {
    if (interrupted) break;
    const started = Date.now();
    console.log(`\n=== ${name}: ${PARTS[name].what}`);
    const code = await run(process.execPath, ['--import', 'tsx', path.join(__dirname, PARTS[name].file)], name);
    outcomes.push({ part: name, result: code === 0 ? 'done' : `failed (${code})`, minutes: ((Date.now() - started) / 60_000).toFixed(1) });
  }
  console.log(`\nBench finished${interrupted ? ' early (interrupted)' : ''} at ${new Date().toISOString()}:`);
  console.table(outcomes);
  if (interrupted || outcomes.some((outcome) => outcome.result !== 'done')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
