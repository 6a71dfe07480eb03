/**
 * `npm run bench -- orders`: the order clock and live notifications at scale.
 * - The deadline sweep over 10,000 due orders (4,000 unpaid, 2,000 paid to refund through the
 *   payment sandbox, 2,000 shipped, 2,000 received) in one API process on PGlite; with
 *   DATABASE_URL, the same orders swept by two API processes on PostgreSQL at once, each order
 *   moved once and each charge refunded once.
 * - With DATABASE_URL: a transition's event from one API process to a stream on another, with
 *   2,000 streams open on each; what the streams cost in memory and in the catalogue's throughput
 *   (bench/orders/streams.ts).
 */
import { runPart } from '../lib/processes';
import { median } from '../lib/stats';
import { measureStreams } from './streams';
import { sweepOnPglite, sweepOnPostgresTwice, type SweepFigures } from './sweep';

const MIX = { booked: 4_000, paid: 2_000, shipped: 2_000, received: 2_000 };
const SWEEP_TARGET_MS = 10_000;

function printSweep(figures: SweepFigures): void {
  const moved: Record<string, number> = {};
  for (const line of figures.sweeps) for (const [state, count] of Object.entries(line.moved)) moved[state] = (moved[state] ?? 0) + count;
  console.log(`\nSweep, ${figures.database}: ${figures.orders} due orders`);
  console.table(
    figures.sweeps.map((line, index) => ({ sweep: index + 1, ms: line.ms, ...line.moved })),
  );
  const slowest = Math.max(...figures.sweeps.map((line) => line.ms));
  console.log(
    `  moved ${JSON.stringify(moved)}; each order's final step once: ${figures.movedOnce} of ${figures.orders}; ` +
      `charges refunded once: ${figures.refundedOnce} of ${figures.charges}`,
  );
  if (figures.wallMs !== undefined) console.log(`  from the orders' commit to none due: ${figures.wallMs} ms`);
  console.log(`  the longest sweep: ${slowest} ms (target ≤ ${SWEEP_TARGET_MS} ms on PGlite)`);
}

runPart('Orders', 30, async () => {
  printSweep(await sweepOnPglite(MIX));
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    console.log('\nDATABASE_URL is not set: the two-process sweep and the stream figures need PostgreSQL, skipped.');
    return;
  }
  printSweep(await sweepOnPostgresTwice(serverUrl, MIX));
  const streams = await measureStreams(serverUrl);
  console.log('\nLive notifications, PostgreSQL, two API processes, 2,000 streams open on each');
  console.table([
    { figure: 'transition sent on A → event on B, p50', value: `${streams.p50Ms.toFixed(1)} ms`, target: '≤ 100 ms' },
    { figure: 'transition sent on A → event on B, p99', value: `${streams.p99Ms.toFixed(1)} ms`, target: '≤ 500 ms' },
    { figure: 'slowest of the samples', value: `${streams.maxMs.toFixed(1)} ms (${streams.samples} samples)`, target: '' },
    { figure: 'resident memory of A, before → with 2,000 streams', value: `${streams.rssBeforeMb.toFixed(0)} → ${streams.rssAfterMb.toFixed(0)} MB (+${(streams.rssAfterMb - streams.rssBeforeMb).toFixed(0)})`, target: '≤ +100 MB' },
    {
      figure: 'catalogue req/s on A, with ÷ without streams (medians)',
      value: `${Math.round(median(streams.withStreams))} ÷ ${Math.round(median(streams.withoutStreams))} = ${(median(streams.withStreams) / median(streams.withoutStreams)).toFixed(3)} (rounds with ${streams.withStreams.map(Math.round).join(', ')}; without ${streams.withoutStreams.map(Math.round).join(', ')})`,
      target: '≥ 0.90',
    },
  ]);
});
