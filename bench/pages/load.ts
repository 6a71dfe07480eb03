/**
 * One cold load of a page in Chromium under a profile: a new browser context, the cache off,
 * network and CPU throttled over the DevTools protocol as Lighthouse's mobile profile does (or
 * not at all). Reads first and largest contentful paint from the page's own performance
 * entries, and counts the bytes that crossed the (emulated) network.
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { staysOnMachine } from '../lib/chromium';

export interface Profile {
  name: string;
  context: BrowserContextOptions;
  /** Network.emulateNetworkConditions in Lighthouse's units; none means unthrottled. */
  network?: { latencyMs: number; downloadKbps: number; uploadKbps: number };
  cpuSlowdown: number;
}

/** Lighthouse 12's mobile device (a Moto G Power) and its throttling, applied as DevTools throttling. */
export const MOBILE: Profile = {
  name: 'mobile profile (412×823 phone, 562.5 ms latency, 1474.56 kbps down, 607.5 kbps up, CPU 4× slower)',
  context: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  },
  network: { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 607.5 },
  cpuSlowdown: 4,
};

export const DESKTOP: Profile = {
  name: 'unthrottled (1280×800 desktop)',
  context: { viewport: { width: 1280, height: 800 } },
  cpuSlowdown: 1,
};

export interface Sample {
  fcp: number;
  lcp: number;
  /** Bytes received, headers included, compressed as sent. */
  bytes: number;
  scriptBytes: number;
  /** Requests to other machines (they fail: see CHROMIUM_FLAGS). */
  offMachine: number;
}

/**
 * Runs in the page: FCP from its paint entry and LCP from a buffered observer; NaN for a paint
 * that never happened (a page with nothing to paint). Text, not a function, so the bench's own
 * compiler adds no helpers the page lacks.
 */
const READ_PAINTS = `new Promise((resolve) => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  let lcp;
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    lcp = entries[entries.length - 1];
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve([fcp ? fcp.startTime : -1, lcp ? lcp.startTime : -1]), 300);
})`;

/** Counts the page's long tasks from its first moment, so the bench can tell when the CPU is quiet. */
const COUNT_LONG_TASKS = `window.__benchLongTasks = 0;
new PerformanceObserver((list) => { window.__benchLongTasks += list.getEntries().length; }).observe({ type: 'longtask', buffered: true });`;

/** As Lighthouse waits after load: this long with no request in flight and no long task. */
const QUIET_MS = 1000;
const SETTLE_TIMEOUT_MS = 60_000;

const toKnown = (value: number) => (value < 0 ? NaN : value);

export async function loadOnce(browser: Browser, profile: Profile, url: string): Promise<Sample> {
  const context = await browser.newContext(profile.context);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Set<string>();
    const inFlight = new Set<string>();
    let lastNetworkActivity = Date.now();
    const sample: Sample = { fcp: NaN, lcp: NaN, bytes: 0, scriptBytes: 0, offMachine: 0 };
    cdp.on('Network.requestWillBeSent', (event) => {
      inFlight.add(event.requestId);
      lastNetworkActivity = Date.now();
      if (event.type === 'Script') scripts.add(event.requestId);
      if (!staysOnMachine(event.request.url)) sample.offMachine += 1;
    });
    cdp.on('Network.loadingFinished', (event) => {
      inFlight.delete(event.requestId);
      lastNetworkActivity = Date.now();
      sample.bytes += event.encodedDataLength;
      if (scripts.has(event.requestId)) sample.scriptBytes += event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (event) => {
      inFlight.delete(event.requestId);
      lastNetworkActivity = Date.now();
    });
    await context.addInitScript({ content: COUNT_LONG_TASKS });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.network) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.network.latencyMs,
        // DevTools takes bytes per second.
        downloadThroughput: Math.floor((profile.network.downloadKbps * 1024) / 8),
        uploadThroughput: Math.floor((profile.network.uploadKbps * 1024) / 8),
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // After load the app still runs its bundle, fetches data and more chunks, and paints: wait
    // until both the network and the main thread have been quiet for a while.
    const longTasks = () => page.evaluate('window.__benchLongTasks');
    const settleBy = Date.now() + SETTLE_TIMEOUT_MS;
    let tasksBefore = await longTasks();
    for (;;) {
      await page.waitForTimeout(QUIET_MS);
      const tasksNow = await longTasks();
      const networkQuiet = inFlight.size === 0 && Date.now() - lastNetworkActivity >= QUIET_MS;
      if (networkQuiet && tasksNow === tasksBefore) break;
      if (Date.now() > settleBy) {
        console.warn(`${url} was still busy ${SETTLE_TIMEOUT_MS / 1000} s after load; measured anyway`);
        break;
      }
      tasksBefore = tasksNow;
    }
    const paints: unknown = await page.evaluate(READ_PAINTS);
    if (!Array.isArray(paints) || paints.length !== 2) throw new Error(`Unexpected paint timings from ${url}: ${JSON.stringify(paints)}`);
    sample.fcp = toKnown(Number(paints[0]));
    sample.lcp = toKnown(Number(paints[1]));
    return sample;
  } finally {
    await context.close();
  }
}
