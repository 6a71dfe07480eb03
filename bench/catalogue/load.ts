/**
 * The catalogue bench's load, in its own process: the buyers' mix (mix.ts) sent at a steady rate,
 * open loop (a request leaves on time whether or not the ones before were answered, as buyers'
 * do), for a number of seconds. Prints one JSON line: each kind's latencies in ms, its five slowest
 * requests (ms and path) and the failures.
 *
 *   tsx bench/catalogue/load.ts <api url> <requests per second> <seconds> <seed>
 */
import { performance } from 'node:perf_hooks';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { buyersMix, type Kind, type ShopFacts } from './mix';

const DEEP_PAGES = 50;
const SLOWEST_KEPT = 5;

async function json<Body>(url: string): Promise<Body> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Body;
}

/** The shop's categories, some book ids, and the cursors of pages 2 to 50 of a browse by category. */
async function factsOf(base: string): Promise<ShopFacts> {
  const categories = (await json<{ category: string }[]>(`${base}/bookCatagories`)).map((row) => row.category);
  const newest = await json<{ items: { _id: string }[] }>(`${base}/books/search?sort=price_asc&limit=100`);
  const deepPages: string[] = [];
  for (const category of categories.slice(0, 3)) {
    let cursor: string | null = null;
    for (let page = 1; page < DEEP_PAGES; page += 1) {
      const path: string = `/books/search?category=${category}&sort=newest${cursor ? `&cursor=${cursor}` : ''}`;
      const answer: { nextCursor: string | null } = await json(`${base}${path}`);
      cursor = answer.nextCursor;
      if (!cursor) break;
      deepPages.push(`/books/search?category=${category}&sort=newest&cursor=${cursor}`);
    }
  }
  return { categories, bookIds: newest.items.map((item) => item._id), deepPages };
}

async function main() {
  const [base, rateText, secondsText, seedText] = process.argv.slice(2);
  const rate = Number(rateText);
  const seconds = Number(secondsText);
  const next = buyersMix(loadVocabulary(), await factsOf(base), Number(seedText ?? 1));
  // Warm: the first of each kind pays for plans and caches.
  for (let i = 0; i < 50; i += 1) await fetch(`${base}${next().path}`).then((response) => response.arrayBuffer());

  const samples = new Map<Kind, number[]>();
  // The slowest requests of each kind, to read what the tail is made of.
  const slowest = new Map<Kind, [number, string][]>();
  const keepIfSlow = (kind: Kind, ms: number, path: string) => {
    const kept = [...(slowest.get(kind) ?? []), [ms, path] as [number, string]].sort((a, b) => b[0] - a[0]).slice(0, SLOWEST_KEPT);
    slowest.set(kind, kept);
  };
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let sent = 0; sent < total; sent += 1) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const target = next();
    // Measured from when it was due: a request held up behind the generator counts its wait.
    inFlight.push(
      fetch(`${base}${target.path}`, { signal: AbortSignal.timeout(30_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) failures += 1;
          else {
            const ms = performance.now() - due;
            samples.set(target.kind, [...(samples.get(target.kind) ?? []), ms]);
            keepIfSlow(target.kind, ms, target.path);
          }
        })
        .catch(() => {
          failures += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - started) / 1000, failures, samples: Object.fromEntries(samples), slowest: Object.fromEntries(slowest) })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
