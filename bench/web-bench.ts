/**
 * The home page in Chromium on this machine: first contentful paint, largest
 * contentful paint and bytes transferred, over a fixed number of cold loads
 * (a new browser context each time), served by the production web server with
 * the real API behind it. Needs a production build (npm run build) and
 * Debian's chromium.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { createStaticServer } from '../scripts/serve-static.mjs';

const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const CHROMIUM = '/usr/bin/chromium';

interface Sample {
  fcp: number;
  lcp: number;
  jsBytes: number;
  totalBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!existsSync(path.resolve(__dirname, '..', 'dist', 'index.html'))) throw new Error('No build: run npm run build first.');
  if (!existsSync(CHROMIUM)) throw new Error('Chromium is missing: sudo apt-get install chromium');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-web-bench-'));
  const api = await buildApp({ config: { dataDir, rateLimitPerMinute: 0, clientOrigins: ['*'] }, env: {} });
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 });
  const web = createStaticServer({ env: { API_URL: apiUrl } });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < LOADS; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      let jsBytes = 0;
      let totalBytes = 0;
      page.on('response', (response) => {
        void response.body().then(
          (body) => {
            totalBytes += body.length;
            if (response.url().endsWith('.js')) jsBytes += body.length;
          },
          () => undefined,
        );
      });
      await page.goto(webUrl, { waitUntil: 'networkidle' });
      const paints = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number }>((resolve) => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? NaN });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      samples.push({ ...paints, jsBytes, totalBytes });
      await context.close();
    }
  } finally {
    await browser.close();
    web.close();
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`Home page, ${LOADS} cold loads in headless Chromium (medians):`);
  console.table({
    'first contentful paint (ms)': Math.round(median(samples.map((s) => s.fcp))),
    'largest contentful paint (ms)': Math.round(median(samples.map((s) => s.lcp))),
    'JavaScript transferred (KB, uncompressed)': Math.round(median(samples.map((s) => s.jsBytes)) / 1024),
    'everything transferred (KB, uncompressed)': Math.round(median(samples.map((s) => s.totalBytes)) / 1024),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
