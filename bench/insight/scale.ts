/**
 * Stats at scale (PostgreSQL): a generated shop of BENCH_INSIGHT_SCALE_BOOKS books and
 * BENCH_INSIGHT_SELLERS sellers, BENCH_INSIGHT_VIEWS raw views over the last 90 days, a year of
 * `book_daily` (each book on BENCH_INSIGHT_BOOK_DAYS of the days), `seller_daily` and
 * `market_daily`, and a year of orders with their ledger (scaleFixtures.ts). Through the real API
 * in its own process, signed in with access tokens: the p95 of a seller's Stats (30 and 365
 * days) and their books' first page for random sellers and for the biggest dealer, and of the
 * admin's Insight (30 and 365 days); then how long one rollup takes with the raw views present,
 * when the last one reached a minute ago (today recounted) and just before midnight (yesterday
 * and today recounted).
 */
import { performance } from 'node:perf_hooks';
import { createPostgresDb } from '../../server/src/db/postgres';
import { accessTokens } from '../../server/src/lib/accessTokens';
import { DEFAULT_ORDER_DEADLINES } from '../../server/src/ordersConfig';
import { insightRollupsRepository } from '../../server/src/repositories/insightRollups';
import { sellerId } from '../../server/src/shopGenerator/generate';
import { seededRandom } from '../../server/src/shopGenerator/random';
import { onStop } from '../lib/processes';
import { percentile } from '../lib/stats';
import { ADMIN, insertInsightYear, type ScaleCounts, type ScaleSize } from './scaleFixtures';
import { BENCH_SECRET, shopDatabase, startApi } from './shop';

const DAY_MS = 86_400_000;

export interface Latencies {
  route: string;
  who: string;
  target: number;
  samples: number[];
}

export interface ScaleFigures {
  size: ScaleSize & { sellers: number };
  counts: ScaleCounts;
  generatedS: number;
  reads: Latencies[];
  /** Each rollup's time in ms, by where the last one had reached. */
  rollups: { from: string; ms: number[] }[];
}

const SELLER_TARGET_MS = 100;
const ADMIN_TARGET_MS = 300;

export async function measureScale(
  postgres: string,
  options: { books: number; sellers: number; views: number; bookDayShare: number; orders: number; requests: number },
): Promise<ScaleFigures> {
  const { books, sellers, views, bookDayShare, orders, requests } = options;
  const size = { books, sellers, views, bookDayShare, orders };
  const started = Date.now();
  console.log(
    `\nStats at scale, PostgreSQL: ${sellers.toLocaleString('en-US')} sellers, ${books.toLocaleString('en-US')} books, ${views.toLocaleString('en-US')} raw views over 90 days, ` +
      `a year of rollups (each book on ${Math.round(bookDayShare * 100)} % of the days), ${orders.toLocaleString('en-US')} orders`,
  );
  const shop = await shopDatabase(postgres, books, sellers);
  console.log(`  the shop generated (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  const db = await createPostgresDb({ connectionString: shop.url as string, maxConnections: 1 });
  onStop(() => db.close());
  const counts = await insertInsightYear(db, size, new Date(), (line) => console.log(line));
  const generatedS = (Date.now() - started) / 1000;
  console.log(`  generated in ${generatedS.toFixed(0)} s: ${JSON.stringify(counts)}`);

  // The API as it runs, but with no rollup timer: the rollup is timed apart below.
  const api = await startApi(shop, { INSIGHT_ROLLUP_INTERVAL_MS: '0' });
  const tokens = accessTokens(BENCH_SECRET);
  const sellerToken = (index: number) => tokens.sign({ userId: sellerId(index), email: `dealer${index}@generated.example` });
  const adminToken = await tokens.sign(ADMIN);
  const [{ biggest }] = await db.query<{ biggest: string }>(
    "select seller_id as biggest from books where seller_id like 'e0%' and not sold group by seller_id order by count(*) desc limit 1",
  );
  const biggestIndex = parseInt(biggest.slice(-10), 16);
  const [{ booksOfBiggest }] = await db.query<{ booksOfBiggest: number }>('select count(*)::int as "booksOfBiggest" from books where seller_id = $1 and not sold', [biggest]);

  const get = async (path: string, token: string): Promise<number> => {
    const at = performance.now();
    const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    const ms = performance.now() - at;
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    return ms;
  };
  const random = seededRandom(7);
  const timed = async (route: string, who: string, target: number, token: () => Promise<string>): Promise<Latencies> => {
    // A few first, unmeasured: the first of each pays for plans.
    for (let i = 0; i < 5; i += 1) await get(route, await token());
    const samples: number[] = [];
    for (let i = 0; i < requests; i += 1) samples.push(await get(route, await token()));
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(`  ${route} (${who}): p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`);
    return { route, who, target, samples };
  };
  const randomSeller = () => sellerToken(Math.floor(random() * sellers));
  const biggestSeller = () => sellerToken(biggestIndex);
  const admin = async () => adminToken;
  const dealer = `the biggest dealer (${booksOfBiggest.toLocaleString('en-US')} books on sale)`;
  const reads: Latencies[] = [];
  for (const route of ['/insight/seller?days=30', '/insight/seller?days=365', '/insight/seller/books?days=30']) {
    reads.push(await timed(route, 'random sellers', SELLER_TARGET_MS, randomSeller));
    reads.push(await timed(route, dealer, SELLER_TARGET_MS, biggestSeller));
  }
  for (const route of ['/insight/admin?days=30', '/insight/admin?days=365']) reads.push(await timed(route, 'the admin', ADMIN_TARGET_MS, admin));
  await api.stop();

  // BENCH_INSIGHT_EXPLAIN=1: the plan of the biggest dealer's year (the sums of two years of book_daily, and the top books).
  if (process.env.BENCH_INSIGHT_EXPLAIN === '1') {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * DAY_MS).toISOString().slice(0, 10);
    const previous = new Date(Date.now() - 729 * DAY_MS).toISOString().slice(0, 10);
    for (const [what, sql, params] of [
      [
        'sums, two years',
        `select coalesce(sum(views) filter (where day >= $2::date), 0)::bigint as views, coalesce(sum(views) filter (where day < $2::date), 0)::bigint as prev_views
         from book_daily where seller_id = $1 and day >= $3::date and day <= $4::date`,
        [biggest, from, previous, to],
      ],
      [
        'top books, a year',
        `select d.book_id, b.name, sum(d.views)::int as count from book_daily d join books b on b.id = d.book_id
         where d.seller_id = $1 and d.day between $2::date and $3::date group by d.book_id, b.name having sum(d.views) > 0
         order by count desc, d.book_id limit 5`,
        [biggest, from, to],
      ],
    ] as const) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
      console.log(`  EXPLAIN ANALYZE, the biggest dealer's ${what}:\n${plan.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
    }
  }

  // One rollup, as the plugin runs it (one transaction), with the raw views present: from a
  // minute ago (today recounted), and from just before midnight (yesterday and today). The
  // hourly badge pass (who is a reliable seller) is left out of those, and timed on its own.
  const rollUp = async (through: Date, badgesDue: boolean): Promise<number> => {
    await db.query("update insight_rollups set through = $1 where name = 'daily'", [through]);
    await db.query("update insight_rollups set through = $1 where name = 'badges'", [badgesDue ? new Date(0) : new Date()]);
    const at = performance.now();
    const done = await db.transaction((tx) => insightRollupsRepository(tx).rollUp(new Date(), DEFAULT_ORDER_DEADLINES.shipWithinMs));
    if (!done) throw new Error('the rollup found its row locked');
    return performance.now() - at;
  };
  const rollups: ScaleFigures['rollups'] = [];
  const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  for (const [label, through, badgesDue] of [
    ['a minute ago (today recounted)', () => new Date(Date.now() - 60_000), false],
    ['just before midnight (yesterday and today recounted)', () => new Date(midnight - 60_000), false],
    ['a minute ago, with the hourly badge pass', () => new Date(Date.now() - 60_000), true],
  ] as const) {
    const ms: number[] = [];
    for (let run = 0; run < 3; run += 1) ms.push(await rollUp(through(), badgesDue));
    console.log(`  rollup from ${label}: ${ms.map((value) => `${value.toFixed(0)} ms`).join(', ')}`);
    rollups.push({ from: label, ms });
  }
  return { size: { ...size, sellers }, counts, generatedS, reads, rollups };
}
