/**
 * Search latency at 1,000, 10,000 and 50,000 books on the embedded database. The API runs in
 * its own process (bench/shopServer.ts); this process sends the queries one at a time, so each
 * figure is one search's time through HTTP, the route and PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { startShop } from './benchServices';
import { runPart } from './lib/processes';
import { percentile } from './lib/stats';

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '1000,10000,50000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);

/** The searches a buyer makes: typos, authors, an ISBN, filters with sorts, a second page. */
const QUERIES: Record<string, string> = {
  'typo in a title': '?q=silant%20harbr',
  'author': '?q=Nakamura',
  'ISBN-13': '?q=9780000012500',
  'words + category + price': '?q=garden&category=fiction&minPrice=5&maxPrice=30',
  'category by price': '?category=history&sort=price_asc',
  'condition + location, newest': '?condition=Fair&location=bost&sort=newest',
};

async function timed(url: string): Promise<{ ms: number; body: { items: unknown[]; total: number; nextCursor: string | null } }> {
  const t0 = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as { items: unknown[]; total: number; nextCursor: string | null };
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
}

async function measure(base: string) {
  const rows: Record<string, string | number>[] = [];
  const all: number[] = [];
  const entries = Object.entries(QUERIES);
  for (const [, query] of entries) await timed(`${base}/books/search${query}`); // warm-up
  const samples = new Map<string, number[]>(entries.map(([name]) => [name, []]));
  samples.set('next page (cursor)', []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, query] of entries) {
      const { ms, body } = await timed(`${base}/books/search${query}`);
      samples.get(name)!.push(ms);
      if (name === 'category by price' && body.nextCursor) {
        samples.get('next page (cursor)')!.push((await timed(`${base}/books/search${query}&cursor=${body.nextCursor}`)).ms);
      }
    }
  }
  for (const [name, values] of samples) {
    const sorted = [...values].sort((a, b) => a - b);
    all.push(...values);
    rows.push({ search: name, p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1) });
  }
  const sorted = all.sort((a, b) => a - b);
  rows.push({ search: 'all of the above', p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1) });
  return rows;
}

async function main() {
  for (const books of SIZES) {
    const shop = await startShop(books);
    try {
      console.log(`\nSearch at ${books.toLocaleString('en-US')} generated books (+ the seed catalogue), ms, ${ROUNDS} rounds:`);
      console.table(await measure(shop.url));
    } finally {
      await shop.stop();
    }
  }
}

runPart('Search bench', 20, main);
