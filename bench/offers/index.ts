/**
 * `npm run bench -- offers`: bundles and offers (docs/PERFORMANCE.md, "Bundles and offers").
 * - 1,000 offers expiring in one sweep, each buyer told once: PGlite in one process; PostgreSQL by
 *   two sweepers at once (bench/offers/sweep.ts).
 * - With DATABASE_URL, through a real API process: checkout of a 10-book bundle, and 50 buyers
 *   offering on the same book while its seller accepts one (bench/offers/api.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../benchServices';
import { freePort, onStop, runPart } from '../lib/processes';
import { envNumber, percentile } from '../lib/stats';
import { measureApi } from './api';
import { sweepOnPglite, sweepOnPostgresTwice, type SweepFigures } from './sweep';

const OFFERS = 1_000;
const SWEEP_TARGET_MS = 5_000;
const CHECKOUT_P95_TARGET_MS = 100;

function printSweep(figures: SweepFigures): void {
  console.log(`\nExpiry, ${figures.database}: ${figures.offers} offers due`);
  console.table([
    { figure: 'the sweep', value: `${figures.ms.toFixed(0)} ms`, target: `≤ ${SWEEP_TARGET_MS} ms`, met: figures.ms <= SWEEP_TARGET_MS ? 'yes' : 'NO' },
    { figure: 'offers expired', value: `${figures.expired} of ${figures.offers}`, target: 'all', met: figures.expired === figures.offers ? 'yes' : 'NO' },
    { figure: 'buyers told once', value: `${figures.toldOnce} of ${figures.offers}`, target: 'all', met: figures.toldOnce === figures.offers ? 'yes' : 'NO' },
    { figure: 'one expired step each', value: `${figures.steppedOnce} of ${figures.offers}`, target: 'all', met: figures.steppedOnce === figures.offers ? 'yes' : 'NO' },
  ]);
}

runPart('Bundles and offers', 20, async () => {
  printSweep(await sweepOnPglite(OFFERS));
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('\nDATABASE_URL is not set: the PostgreSQL sweep, the checkouts and the race need PostgreSQL, skipped.');
    return;
  }
  printSweep(await sweepOnPostgresTwice(serverUrl, OFFERS));

  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-offers-auth-'));
  onStop(() => rm(workDir, { recursive: true, force: true }));
  const auth = await startAuthEmulator(workDir, await freePort());
  const figures = await measureApi(auth.url, serverUrl, { rounds: envNumber('BENCH_OFFERS_CHECKOUTS', 100), warmUp: 10, raceBuyers: 50 });
  await auth.stop();
  const sorted = [...figures.checkouts].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`\nCheckout of a 10-book bundle, PostgreSQL, one API process (${sorted.length} checkouts after ${figures.warmUp} to warm up)`);
  console.table([
    { figure: 'p50', value: `${percentile(sorted, 50).toFixed(1)} ms` },
    { figure: 'p95', value: `${p95.toFixed(1)} ms`, target: `≤ ${CHECKOUT_P95_TARGET_MS} ms`, met: p95 <= CHECKOUT_P95_TARGET_MS ? 'yes' : 'NO' },
    { figure: 'max', value: `${sorted[sorted.length - 1].toFixed(1)} ms` },
  ]);
  const { race } = figures;
  const othersEnded = race.declined + race.refused === race.buyers - 1 && race.pendingLeft === 0;
  console.log(`\n${race.buyers} buyers offering on one book while its seller accepts the first one's offer`);
  console.table([
    { figure: 'accepted', value: race.accepted, target: 'exactly 1', met: race.accepted === 1 ? 'yes' : 'NO' },
    { figure: 'recorded, then declined (each told)', value: `${race.declined} (${race.declinedTold} told)`, target: 'every other', met: othersEnded && race.declinedTold === race.declined ? 'yes' : 'NO' },
    { figure: 'refused (409: the book was held by then)', value: race.refused, target: '', met: '' },
    { figure: 'still pending', value: race.pendingLeft, target: '0', met: race.pendingLeft === 0 ? 'yes' : 'NO' },
    { figure: '5xx answers', value: race.serverErrors, target: '0', met: race.serverErrors === 0 ? 'yes' : 'NO' },
    { figure: 'answers by status', value: JSON.stringify(race.statuses), target: '', met: '' },
  ]);
});
