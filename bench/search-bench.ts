/**
 * Search latency at 1,000, 10,000 and 50,000 books on the embedded database. The API runs in
 * its own process (bench/shopServer.ts); this process sends the queries one at a time, so each
 * figure is one search's time through HTTP, the route and PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

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

function startServer(books: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'shopServer.ts'), String(books)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start in 5 minutes')), 5 * 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      clearTimeout(timer);
      resolve({ url: line.slice('READY '.length), child });
    });
    child.on('exit', (code) => reject(new Error(`the bench server stopped (${code})`)));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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
    const { url, child } = await startServer(books);
    try {
      console.log(`\nSearch at ${books.toLocaleString('en-US')} generated books (+ the seed catalogue), ms, ${ROUNDS} rounds:`);
      console.table(await measure(url));
    } finally {
      child.stdin?.end();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
