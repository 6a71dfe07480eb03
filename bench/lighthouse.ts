/**
 * Lighthouse (the `lighthouse` npm package, its own process each run, Debian's Chromium, the
 * default mobile preset with simulated throttling) on every public route of the built app, with
 * the shop behind it as `npm start` runs it. Runs go round the routes, BENCH_LIGHTHOUSE_RUNS
 * times (3 by default); prints the median scores, FCP, LCP, total blocking time and CLS.
 * `/books/:id` and `/sellers/:id` are a seeded book for sale (the first the search for "history"
 * finds) and its seller.
 *
 * With BENCH_BASELINE_DIST (another checkout's built `dist/`, served by that checkout's own web
 * server, bench/pages/baseline.ts), each audit of a route is followed by the same audit of the
 * baseline, against the same API and shop, and the table shows both medians side by side.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertBuildAndBrowser, CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { freePort, onStop, ROOT, runPart, start } from './lib/processes';
import { startShopStack } from './lib/shopStack';
import { envNumber, median } from './lib/stats';
import { baselineServer } from './pages/baseline';
import { listenOn, startWebApp } from './lib/webApp';

const RUNS = envNumber('BENCH_LIGHTHOUSE_RUNS', 3);
const ROUTES = (process.env.BENCH_LIGHTHOUSE_ROUTES ?? '/,/blog,/login,/signup,/books/:id,/sellers/:id,/search?q=history').split(',');
const RUN_TIMEOUT_MS = 180_000;
/** Lighthouse's own flags: headless, no sandbox, no GPU, plus the bench's proxy that keeps it on this machine. */
const LIGHTHOUSE_CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', ...CHROMIUM_FLAGS.filter((flag) => flag.startsWith('--proxy-server'))];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;

interface Result {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<(typeof METRICS)[number], number>;
}

interface LighthouseJson {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

function read(report: LighthouseJson, url: string): Result {
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (name: string) => Math.round(100 * (report.categories[name]?.score ?? NaN));
  const metric = (name: string) => report.audits[name]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((name) => [name, score(name)])) as Result['scores'],
    metrics: Object.fromEntries(METRICS.map((name) => [name, metric(name)])) as Result['metrics'],
  };
}

async function lighthouse(url: string, outputPath: string): Promise<Result> {
  const run = start(
    'lighthouse',
    path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
    [url, '--output=json', `--output-path=${outputPath}`, `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`, '--quiet'],
    { env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => void run.stop(), RUN_TIMEOUT_MS);
    run.child.once('close', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new Error(`Lighthouse on ${url} failed (${code}):\n${run.lastLines()}`);
  return read(JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseJson, url);
}

/**
 * Lighthouse now and then fails to record its own trace (NO_NAVSTART, NO_FCP with a blank
 * headless frame): such a run is run again, twice at most, and said so. Any other failure stops
 * the bench.
 */
const FLAKY_TRACE = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/;
const TRACE_RETRIES = 2;

async function lighthouseWithRetry(url: string, outputPath: string): Promise<Result> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await lighthouse(url, outputPath);
    } catch (error) {
      if (attempt >= TRACE_RETRIES || !FLAKY_TRACE.test(String(error))) throw error;
      console.log(`Lighthouse could not record ${url} (${String(error).match(FLAKY_TRACE)?.[0]}); running it again.`);
    }
  }
}

/** The address of a route: `:id` of a book or a seller is a seeded book's, or its seller's. */
async function routeUrls(apiUrl: string): Promise<Map<string, string>> {
  const found = (await (await fetch(`${apiUrl}/books/search?q=history`)).json()) as { items: Array<{ _id: string }> };
  const bookId = found.items[0]?._id;
  if (!bookId) throw new Error('The API has no book for "history": is the catalogue seeded?');
  const { sellerId } = (await (await fetch(`${apiUrl}/books/${bookId}`)).json()) as { sellerId: string };
  return new Map(ROUTES.map((route) => [route, route.replace(/^\/books\/:id$/, `/books/${bookId}`).replace(/^\/sellers\/:id$/, `/sellers/${sellerId}`)]));
}

interface Build {
  name: string;
  url: string;
  results: Map<string, Result[]>;
}

/** One row of medians for a route's runs on a build. */
function row(route: string, build: string, runs: Result[]) {
  const score = (name: (typeof CATEGORIES)[number]) => median(runs.map((result) => result.scores[name]));
  const metric = (name: (typeof METRICS)[number]) => median(runs.map((result) => result.metrics[name]));
  return {
    route,
    build,
    'performance (runs)': `${score('performance')} (${runs.map((result) => result.scores.performance).join(', ')})`,
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    SEO: score('seo'),
    'FCP s': +(metric('first-contentful-paint') / 1000).toFixed(2),
    'LCP s': +(metric('largest-contentful-paint') / 1000).toFixed(2),
    'TBT ms (runs)': `${Math.round(metric('total-blocking-time'))} (${runs.map((result) => Math.round(result.metrics['total-blocking-time'])).join(', ')})`,
    CLS: +metric('cumulative-layout-shift').toFixed(3),
  };
}

async function main() {
  assertBuildAndBrowser();
  const baselineDist = process.env.BENCH_BASELINE_DIST?.trim();
  const ports = { app: await freePort(), baseline: await freePort() };
  const origins = [ports.app, ports.baseline].map((port) => `http://127.0.0.1:${port}`);
  const stack = await startShopStack(baselineDist ? origins : origins.slice(0, 1));
  const builds: Build[] = [{ name: 'this build', url: await startWebApp(ports.app, stack.clientEnv), results: new Map() }];
  if (baselineDist) {
    const { server, servedBy } = await baselineServer(baselineDist, stack.clientEnv);
    builds.push({ name: 'baseline', url: await listenOn(server, ports.baseline), results: new Map() });
    console.log(`Baseline: ${baselineDist}, served by ${servedBy}`);
  }
  const urls = await routeUrls(stack.clientEnv.API_URL);
  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-lighthouse-'));
  // BENCH_LIGHTHOUSE_KEEP=1 keeps each run's report (Lighthouse's JSON) to read what it found.
  if (process.env.BENCH_LIGHTHOUSE_KEEP === '1') console.log(`Lighthouse's reports are kept in ${workDir}`);
  else onStop(() => rm(workDir, { recursive: true, force: true }));

  for (const build of builds) for (const route of ROUTES) build.results.set(route, []);
  for (let run = 0; run < RUNS; run += 1) {
    for (const route of ROUTES) {
      // The builds take turns going first, so drift on the machine falls on both alike.
      const order = run % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const file = path.join(workDir, `run-${run}-${builds.indexOf(build)}-${route.replace(/\W/g, '_')}.json`);
        build.results.get(route)!.push(await lighthouseWithRetry(`${build.url}${urls.get(route)}`, file));
      }
    }
  }

  const rows = ROUTES.flatMap((route) => builds.map((build) => row(route, build.name, build.results.get(route)!)));
  console.log(
    `\nLighthouse mobile preset (simulated throttling), ${RUNS} runs per route${baselineDist ? ' and build, alternating' : ''}, medians. ` +
      'Targets: performance, accessibility, best practices and SEO ≥ 95, TBT ≤ 150 ms, CLS ≤ 0.05; ' +
      '/: FCP ≤ 1.0 s and LCP ≤ 1.3 s; a book page: LCP ≤ 2.0 s:',
  );
  console.table(rows);
}

runPart('Lighthouse bench', 30, main);
