/**
 * The category page in Chromium, signed in, at 20 and at 50,000 generated books (plus the seed
 * catalogue): the time from navigation start to the first book cards on screen, and from a
 * 'Book Now' click to its modal on screen. Each shop's API runs in its own process on the
 * embedded database; the Auth emulator signs the buyer in. The shops alternate round by round
 * (which one goes first alternates too), each load in a new browser context with the saved
 * sign-in and a cold cache. Needs a production build (npm run build) and Debian's chromium.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { createStaticServer } from '../scripts/serve-static.mjs';
import { createBuyer, freePort, startAuthEmulator, startShop, type Service } from './benchServices';
import { runPart } from './lib/processes';
import { median } from './lib/stats';

const ROUNDS = Number(process.env.BENCH_CATEGORY_ROUNDS ?? 10);
const SIZES = [20, 50_000];
const CHROMIUM = '/usr/bin/chromium';
const CATEGORY = 'fiction';
const BUYER = { name: 'Bench Buyer', email: 'bench-buyer@bench.test', password: 'bench1234' };

interface Shop {
  books: number;
  api: Service;
  web: Server;
  webUrl: string;
  signedIn?: Awaited<ReturnType<BrowserContext['storageState']>>;
  samples: { firstCards: number[]; modal: number[] };
}

type Timed = Window & { __firstCards?: number; __bookNowClick?: number; __modalShown?: number };

/**
 * Runs in the page before its scripts: stamps the first card and the modal once on screen (after
 * the next frame, so painted, not only in the DOM), and a 'Book Now' click. Text, not a function:
 * the bench's own compiler would wrap a function's inner names in helpers the page lacks.
 */
const STAMP_MOMENTS = `(() => {
  const afterNextFrame = (stamp) => requestAnimationFrame(() => setTimeout(() => stamp(performance.now())));
  new MutationObserver(() => {
    if (window.__firstCards === undefined && document.querySelector('article')) {
      window.__firstCards = -1;
      afterNextFrame((now) => { window.__firstCards = now; });
    }
    if (window.__bookNowClick !== undefined && window.__modalShown === undefined && document.querySelector('[role="dialog"]')) {
      window.__modalShown = -1;
      afterNextFrame((now) => { window.__modalShown = now; });
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('click', (event) => {
    if (event.target?.closest?.('button')?.textContent === 'Book Now') window.__bookNowClick = performance.now();
  }, true);
})();`;

async function signIn(browser: Browser, shop: Shop): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shop.webUrl}/login`);
  const form = page.getByRole('form', { name: 'Log In' });
  await form.getByLabel('Email').fill(BUYER.email);
  await form.getByLabel('Password').fill(BUYER.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 60_000 });
  shop.signedIn = await context.storageState({ indexedDB: true });
  await context.close();
}

async function measure(browser: Browser, shop: Shop): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: shop.signedIn });
  try {
    await context.addInitScript({ content: STAMP_MOMENTS });
    const page = await context.newPage();
    await page.goto(`${shop.webUrl}/bookCatagoriesId/${CATEGORY}`);
    await page.waitForFunction(() => ((window as Timed).__firstCards ?? -1) >= 0, null, { timeout: 60_000 }).catch(async (error: unknown) => {
      const shown = (await page.locator('body').innerText()).slice(0, 300).replace(/\s+/g, ' ');
      const stamp = await page.evaluate(() => String((window as Timed).__firstCards));
      throw new Error(`No book cards at ${page.url()} (stamp ${stamp}; the page shows: ${shown})`, { cause: error });
    });
    shop.samples.firstCards.push(await page.evaluate(() => (window as Timed).__firstCards!));

    await page.getByRole('article').first().getByRole('button', { name: 'Book Now' }).click();
    await page.waitForFunction(() => ((window as Timed).__modalShown ?? -1) >= 0, null, { timeout: 60_000 });
    shop.samples.modal.push(await page.evaluate(() => (window as Timed).__modalShown! - (window as Timed).__bookNowClick!));
  } finally {
    await context.close();
  }
}

async function main() {
  if (!existsSync(path.resolve(__dirname, '..', 'dist', 'index.html'))) throw new Error('No build: run npm run build first.');
  if (!existsSync(CHROMIUM)) throw new Error('Chromium is missing: sudo apt-get install chromium');
  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-category-bench-'));
  const services: Service[] = [];
  const shops: Shop[] = [];
  let browser: Browser | undefined;
  try {
    const authPort = await freePort();
    const auth = await startAuthEmulator(workDir, authPort);
    services.push(auth);
    for (const books of SIZES) {
      const webPort = await freePort();
      const webUrl = `http://127.0.0.1:${webPort}`;
      const api = await startShop(books, { authEmulatorHost: `127.0.0.1:${authPort}`, webOrigin: webUrl });
      services.push(api);
      const web = createStaticServer({
        env: { API_URL: api.url, FIREBASE_PROJECT_ID: 'demo-book-resale', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}` },
      });
      await new Promise<void>((resolve) => web.listen(webPort, '127.0.0.1', resolve));
      shops.push({ books, api, web, webUrl, samples: { firstCards: [], modal: [] } });
    }
    await createBuyer(auth.url, shops.map((shop) => shop.api.url), BUYER);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    for (const shop of shops) {
      await signIn(browser, shop);
      await measure(browser, shop); // warm-up: the API's first queries, Chromium's first start
      shop.samples = { firstCards: [], modal: [] };
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? shops : [...shops].reverse();
      for (const shop of order) await measure(browser, shop);
    }
  } finally {
    await browser?.close();
    for (const shop of shops) shop.web.close();
    for (const service of services.reverse()) await service.stop();
    await rm(workDir, { recursive: true, force: true });
  }

  const [small, large] = shops;
  const row = (pick: (shop: Shop) => number[]) => ({
    ...Object.fromEntries(shops.map((shop) => [`${shop.books.toLocaleString('en-US')} books (ms)`, Math.round(median(pick(shop)))])),
    '50k / 20': +(median(pick(large)) / median(pick(small))).toFixed(2),
  });
  console.log(`Category page (/bookCatagoriesId/${CATEGORY}), signed in, ${ROUNDS} cold loads per shop in headless Chromium (medians):`);
  console.table({
    'navigation start → first cards on screen': row((shop) => shop.samples.firstCards),
    "'Book Now' click → modal on screen": row((shop) => shop.samples.modal),
  });
}

runPart('Category page bench', 30, main);
