/**
 * Signed-in dashboard pages, loaded afresh (a link opened in a new tab, a reload): the time from
 * the navigation's start to the page's heading shown with no progress bar left, for the demo
 * buyer, unthrottled at 1280×800. With BENCH_BASELINE_DIST, the same loads of another build,
 * alternating, and their ratio. The shop is bench/lib/shopStack.ts's, with its demo data.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { assertBuildAndBrowser, CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium';
import { freePort, onStop, runPart } from '../lib/processes';
import { startShopStack } from '../lib/shopStack';
import { envNumber, median, medianWithRange, ratio } from '../lib/stats';
import { listenOn, startWebApp } from '../lib/webApp';
import { baselineServer } from './baseline';

const LOADS = envNumber('BENCH_DASHBOARD_LOADS', 9);
const ROUTES = ['/dashboard', '/dashboard/offers', '/dashboard/favourites', '/dashboard/messages', '/dashboard/notifications'];
const DEMO_BUYER = { email: 'buyer@bookresale.test', password: 'demo1234' };

interface Build {
  name: string;
  origin: string;
  context?: BrowserContext;
  samples: Map<string, number[]>;
}

/** Milliseconds since the navigation started, read in the page once its heading shows and nothing loads. */
const SHOWN = `(() => {
  const shown = (element) => element.checkVisibility({ visibilityProperty: true });
  const heading = [...document.querySelectorAll('h1, [role="heading"][aria-level="1"]')].some(shown);
  const loading = [...document.querySelectorAll('[role="progressbar"]')].some(shown);
  return heading && !loading ? performance.now() : 0;
})()`;

async function logIn(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  const form = page.getByRole('form', { name: 'Log In' });
  const submit = form.getByRole('button', { name: 'Log In', exact: true });
  // The prerendered form keeps its button disabled until the app is live; typing earlier is lost.
  await page.waitForFunction(() => document.querySelector('form[aria-label="Log In"] button[type="submit"]:not([disabled])'));
  await form.getByLabel('Email').fill(DEMO_BUYER.email);
  await form.getByLabel('Password').fill(DEMO_BUYER.password);
  await submit.click();
  await form.waitFor({ state: 'detached' });
}

async function loadOnce(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const said: string[] = [];
  page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => said.push(`error: ${error.message}`));
  try {
    await page.goto(url, { waitUntil: 'commit' });
    try {
      const handle = await page.waitForFunction(SHOWN, undefined, { polling: 'raf', timeout: 30_000 });
      return (await handle.jsonValue()) as number;
    } catch (error) {
      const shown = await page
        .evaluate(`[...document.querySelectorAll('h1, [role="progressbar"]')].map((e) => e.outerHTML.slice(0, 200)).join(' | ')`)
        .catch(() => '');
      const main = await page.evaluate(`document.querySelector('main')?.outerHTML.slice(0, 600)`).catch(() => '');
      throw new Error(`${url} did not settle (${String(error)}); it showed: ${String(shown)} ${String(main)}; said: ${said.join('\n')}`);
    }
  } finally {
    await page.close();
  }
}

async function main() {
  assertBuildAndBrowser();
  const baselineDist = process.env.BENCH_BASELINE_DIST?.trim();
  const ports = { app: await freePort(), baseline: await freePort() };
  const origins = [ports.app, ports.baseline].map((port) => `http://127.0.0.1:${port}`);
  // Each fresh load restores the session with the API: many a minute from one address, the bench's.
  process.env.RATE_LIMIT_PER_MINUTE = '0';
  const stack = await startShopStack(baselineDist ? origins : origins.slice(0, 1));
  const builds: Build[] = [{ name: 'this build', origin: await startWebApp(ports.app, stack.clientEnv), samples: new Map() }];
  if (baselineDist) {
    const { server, servedBy } = await baselineServer(baselineDist, stack.clientEnv);
    builds.push({ name: 'baseline', origin: await listenOn(server, ports.baseline), samples: new Map() });
    console.log(`Baseline: ${baselineDist}, served by ${servedBy}`);
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  onStop(() => browser.close());
  for (const build of builds) {
    // One signed-in browser per build: the session lives in the origin's storage.
    // bypassCSP: the bench's own checks are text evaluated in the page, which the CSP forbids.
    build.context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await build.context.newPage();
    await logIn(page, build.origin);
    await page.close();
    for (const route of ROUTES) {
      build.samples.set(route, []);
      await loadOnce(build.context, `${build.origin}${route}`); // warm-up: the servers' first answers
    }
  }
  for (let round = 0; round < LOADS; round += 1) {
    for (const route of ROUTES) {
      // The builds take turns going first, so drift on the machine falls on both alike.
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) build.samples.get(route)!.push(await loadOnce(build.context!, `${build.origin}${route}`));
    }
  }

  const rows = ROUTES.flatMap((route) =>
    builds.map((build) => {
      const own = build.samples.get(route)!;
      const row: Record<string, string> = { route, build: build.name, 'shown ms (min–max)': medianWithRange(own) };
      if (builds.length > 1) {
        row['÷ baseline'] = build === builds[0] ? ratio(median(own), median(builds[1].samples.get(route)!)) : '';
      }
      return row;
    }),
  );
  console.log(`\nDashboard pages loaded afresh, signed in as the demo buyer, unthrottled, ${LOADS} loads per route and build (medians):`);
  console.table(rows);
}

runPart('Dashboard pages bench', 15, main);
