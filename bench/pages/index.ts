/**
 * The home page against its floor, side by side in one run: cold loads of `/` served by the
 * production web server with the shop behind it (bench/lib/shopStack.ts), alternating with the
 * same page without scripts (bench/pages/floor.ts) and, with BENCH_BASELINE_DIST, the same page
 * of another build (bench/pages/baseline.ts). Under Lighthouse's mobile profile as DevTools
 * throttling, then unthrottled. Prints median FCP, LCP and bytes, and the ratios.
 */
import { chromium } from 'playwright-core';
import { assertBuildAndBrowser, CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium';
import { freePort, onStop, runPart } from '../lib/processes';
import { startShopStack } from '../lib/shopStack';
import { envNumber, median, medianWithRange, ratio } from '../lib/stats';
import { listenOn, startWebApp } from '../lib/webApp';
import { baselineServer } from './baseline';
import { startFloor } from './floor';
import { DESKTOP, loadOnce, MOBILE, type Profile, type Sample } from './load';

const LOADS = envNumber('BENCH_PAGE_LOADS', 9);
const PROFILES: Record<string, Profile> = { mobile: MOBILE, desktop: DESKTOP };

interface Site {
  name: string;
  url: string;
}

function table(sites: Site[], samples: Map<string, Sample[]>) {
  const of = (site: string | undefined, pick: (sample: Sample) => number) => (site ? median(samples.get(site)!.map(pick)) : NaN);
  const [app, floor, baseline] = sites.map((site) => site.name);
  return sites.map((site) => {
    const own = samples.get(site.name)!;
    const row: Record<string, string | number> = {
      page: site.name,
      'FCP ms (min–max)': medianWithRange(own.map((sample) => sample.fcp)),
      'LCP ms (min–max)': medianWithRange(own.map((sample) => sample.lcp)),
      'KB transferred': +(of(site.name, (sample) => sample.bytes) / 1024).toFixed(1),
      'of it JS, KB': +(of(site.name, (sample) => sample.scriptBytes) / 1024).toFixed(1),
      'requests off the machine': of(site.name, (sample) => sample.offMachine),
      'FCP / floor': site.name === floor ? '' : ratio(of(site.name, (sample) => sample.fcp), of(floor, (sample) => sample.fcp)),
      'LCP / floor': site.name === floor ? '' : ratio(of(site.name, (sample) => sample.lcp), of(floor, (sample) => sample.lcp)),
    };
    if (baseline) {
      row['FCP / baseline'] = site.name === app ? ratio(of(app, (sample) => sample.fcp), of(baseline, (sample) => sample.fcp)) : '';
      row['LCP / baseline'] = site.name === app ? ratio(of(app, (sample) => sample.lcp), of(baseline, (sample) => sample.lcp)) : '';
    }
    return row;
  });
}

async function main() {
  assertBuildAndBrowser();
  const profiles = (process.env.BENCH_PAGE_PROFILES ?? 'mobile,desktop').split(',').map((name) => {
    const profile = PROFILES[name.trim()];
    if (!profile) throw new Error(`BENCH_PAGE_PROFILES: unknown profile "${name}" (mobile, desktop)`);
    return profile;
  });
  const baselineDist = process.env.BENCH_BASELINE_DIST?.trim();
  const ports = { app: await freePort(), floor: await freePort(), baseline: await freePort() };
  const origins = [ports.app, ports.floor, ports.baseline].map((port) => `http://127.0.0.1:${port}`);
  const stack = await startShopStack(baselineDist ? origins : origins.slice(0, 2));

  const appUrl = await startWebApp(ports.app, stack.clientEnv);
  const sites: Site[] = [
    { name: 'home page /', url: `${appUrl}/` },
    { name: 'floor (/ without scripts)', url: await startFloor(ports.floor, appUrl, stack.clientEnv) },
  ];
  if (baselineDist) {
    const { server, servedBy } = await baselineServer(baselineDist, stack.clientEnv);
    sites.push({ name: 'baseline build /', url: `${await listenOn(server, ports.baseline)}/` });
    console.log(`Baseline: ${baselineDist}, served by ${servedBy}`);
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  onStop(() => browser.close());
  for (const profile of profiles) {
    for (const site of sites) await loadOnce(browser, profile, site.url); // warm-up: the servers' first answers
    const samples = new Map<string, Sample[]>(sites.map((site) => [site.name, []]));
    for (let round = 0; round < LOADS; round += 1) {
      // Each page goes first in turn, so drift on the machine spreads over all of them.
      const order = sites.map((_, index) => sites[(index + round) % sites.length]);
      for (const site of order) samples.get(site.name)!.push(await loadOnce(browser, profile, site.url));
    }
    console.log(`\n${profile.name}: ${LOADS} cold loads per page, alternating, headless Chromium (medians):`);
    console.table(table(sites, samples));
  }
}

runPart('Page load bench', 25, main);
