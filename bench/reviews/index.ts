/**
 * `npm run bench -- reviews`: the category page (`GET /bookCatagoriesId/fiction?limit=100`, a page
 * of 100 books with their sellers' scores) at 50,000 books, with 10,000 shown reviews (every seller
 * has a score) against the same shop without any (docs/PERFORMANCE.md, "Reviews"). The two shops
 * are API processes of their own (bench/reviews/shop.ts), driven in turn by autocannon in a third
 * process, A and B alternating which goes first, the ratio taken in each round and its median
 * kept; the server measured and autocannon on cores of their own where the machine has two
 * (bench/api/pinning.ts). Twice: every request read from the database (the kept pages set aside),
 * then as served (pages kept in memory). PGlite, and with DATABASE_URL PostgreSQL too.
 */
import path from 'node:path';
import { runLoad, type LoadResult } from '../api/loadGenerator';
import { apiPinning, type Pinning } from '../api/pinning';
import { freshDatabase } from '../lib/postgres';
import { runPart, startAndReadLine, type Started } from '../lib/processes';
import { envNumber, median, range } from '../lib/stats';
import { CATEGORY, PAGE_SIZE } from './data';

const BOOKS = envNumber('BENCH_REVIEWS_BOOKS', 50_000);
const REVIEWS = envNumber('BENCH_REVIEWS_REVIEWS', 10_000);
const CONNECTIONS = envNumber('BENCH_API_CONNECTIONS', 50);
const ROUNDS = envNumber('BENCH_REVIEWS_ROUNDS', 20);
const SECONDS = envNumber('BENCH_REVIEWS_SECONDS', 2);
const WARM_UP_SECONDS = 2;
/** Time per page with reviews over time per page without: at most this. */
const TARGET = 1.2;
const PAGE = `/bookCatagoriesId/${CATEGORY}?limit=${PAGE_SIZE}`;

interface Shop {
  name: string;
  url: string;
  token: string;
  plan: string;
  started: Started;
  /** Sends a mode line and waits for the shop to say it took it. */
  mode(mode: 'cached' | 'uncached'): Promise<void>;
}

async function startShop(name: string, reviews: number, databaseUrl: string | undefined): Promise<Shop> {
  let plan = '';
  const waiting = new Map<string, () => void>();
  const { value, started } = await startAndReadLine(
    name,
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'shop.ts'), String(BOOKS), String(reviews)],
    'READY ',
    10 * 60_000,
    {
      stopByClosingStdin: true,
      env: { ...process.env, BENCH_SHOP_DATABASE_URL: databaseUrl ?? '' },
      onLine: (line) => {
        if (line.startsWith('PLAN ')) plan = JSON.parse(line.slice(5)) as string;
        if (line.startsWith('MODE ')) waiting.get(line.slice(5))?.();
      },
    },
  );
  const [url, token] = value.split(' ');
  return {
    name, url, token, plan, started,
    mode: (mode) =>
      new Promise<void>((resolve) => {
        waiting.set(mode, resolve);
        started.child.stdin?.write(`${mode}\n`);
      }),
  };
}

/** The plan's access to the books and the scores, in a line. */
function accessPath(plan: string): string {
  const scans = [...plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan)(?: Backward)? (?:using (\w+) )?on (\w+)/g)].map(
    (match) => `${match[3]}: ${match[1]}${match[2] ? ` (${match[2]})` : ''}`,
  );
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  return `${[...new Set(scans)].join('; ')}${time ? `; ${time} ms` : ''}`;
}

async function measure(shops: [Shop, Shop], mode: 'cached' | 'uncached', pinning: Pinning): Promise<Record<string, string | number>> {
  for (const shop of shops) await shop.mode(mode);
  const load = (shop: Shop, seconds: number) =>
    runLoad(`${shop.url}${PAGE}`, { connections: CONNECTIONS, seconds, headers: { authorization: `bearer ${shop.token}` }, pinning });
  for (const shop of shops) await load(shop, WARM_UP_SECONDS);
  const results: [LoadResult[], LoadResult[]] = [[], []];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const result = await load(shops[index], SECONDS);
      if (result.failures > 0) throw new Error(`${shops[index].name}, ${mode}: ${result.failures} requests failed`);
      results[index].push(result);
    }
  }
  const rate = (runs: LoadResult[]) => median(runs.map((run) => run.requestsPerSecond));
  const [withReviews, without] = results;
  // Time per page with reviews over time per page without, in each round (the two ran back to
  // back, so what else the machine did weighs on both alike): the inverse of the rates' ratio.
  const ratios = withReviews.map((run, index) => without[index].requestsPerSecond / run.requestsPerSecond);
  const ratio = median(ratios);
  const { min, max } = range(ratios);
  return {
    pages: mode === 'uncached' ? 'each read from the database' : 'as served (kept in memory)',
    'with reviews req/s': Math.round(rate(withReviews)),
    'without req/s': Math.round(rate(without)),
    'time per page, with ÷ without (median of rounds)': `${ratio.toFixed(2)}× (${min.toFixed(2)}–${max.toFixed(2)})`,
    target: `≤ ${TARGET}×: ${ratio <= TARGET ? 'yes' : 'NO'}`,
    'with p99 ms': median(withReviews.map((run) => run.p99)),
    'without p99 ms': median(without.map((run) => run.p99)),
  };
}

async function compare(database: string, serverUrl: string | undefined, pinning: Pinning): Promise<void> {
  const urls = serverUrl ? [await freshDatabase(serverUrl), await freshDatabase(serverUrl)] : [undefined, undefined];
  const withReviews = await startShop(`shop with ${REVIEWS} reviews (${database})`, REVIEWS, urls[0]);
  const without = await startShop(`shop without reviews (${database})`, 0, urls[1]);
  const shops: [Shop, Shop] = [withReviews, without];
  for (const shop of shops) pinning.pinServer(shop.started.child.pid, shop.name);
  const answers = await Promise.all(
    shops.map(async (shop) => {
      const response = await fetch(`${shop.url}${PAGE}`, { headers: { authorization: `bearer ${shop.token}` } });
      const books = (await response.json()) as { sellerScore?: { count: number } }[];
      return { status: response.status, books: books.length, scored: books.filter((book) => (book.sellerScore?.count ?? 0) > 0).length };
    }),
  );
  console.log(
    `\n${database}: ${BOOKS.toLocaleString('en-US')} generated books; ${PAGE} answers ${answers[0].books} books, ` +
      `${answers[0].scored} of them scored (with ${REVIEWS.toLocaleString('en-US')} reviews), and ${answers[1].books} books, ` +
      `${answers[1].scored} scored (without). autocannon in its own process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ` +
      `${SECONDS} s per shop, alternating; ${pinning.description}; medians over the rounds:`,
  );
  if (answers.some((answer) => answer.status !== 200 || answer.books !== PAGE_SIZE)) throw new Error('The page is not a full page of books');
  const rows = [await measure(shops, 'uncached', pinning), await measure(shops, 'cached', pinning)];
  console.table(rows);
  console.log("  the page's statement (EXPLAIN ANALYZE before the API started, the fastest of five after 20 reads):");
  for (const shop of shops) console.log(`    ${shop.name}: ${accessPath(shop.plan)}`);
  for (const shop of shops) await shop.started.stop();
}

runPart('Reviews bench', 25, async () => {
  const pinning = apiPinning();
  await compare('PGlite', undefined, pinning);
  const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (serverUrl) await compare('PostgreSQL', serverUrl, pinning);
  else console.log('\nDATABASE_URL is not set: the PostgreSQL half is skipped.');
});
