/**
 * `npm run bench -- insight`: book views and the Stats and Insight pages
 * (server/src/insight/README.md; docs/PERFORMANCE.md, "Insight").
 * - Beacons (beacons.ts): the buyers' requests a second with 5,000 beacons a second and without,
 *   in alternate rounds on one API process, the beacons' p95, and every beacon answered 204
 *   written once (PostgreSQL with DATABASE_URL, else PGlite); beside them, the same beacons into
 *   a bare receiver that does nothing: the most any API could keep for the buyers on this machine,
 *   with the beacons' generator on the same cores.
 * - Stats at scale (scale.ts, PostgreSQL only): the Stats and Insight routes' p95 over 10,000
 *   sellers, 10,000,000 raw views and a year of rollups, and one rollup's time.
 * BENCH_INSIGHT_ONLY=beacons or =scale runs one of them.
 */
import { runPart } from '../lib/processes';
import { envNumber, medianWithRange, percentile } from '../lib/stats';
import { measureBeacons, type BeaconFigures } from './beacons';
import { measureScale, type ScaleFigures } from './scale';

const POSTGRES = process.env.DATABASE_URL?.trim() || undefined;
const ONLY = process.env.BENCH_INSIGHT_ONLY?.trim();
const RATIO_TARGET = 0.9;

function printBeacons(figures: BeaconFigures): void {
  const a = figures.rounds.filter((round) => round.kind === 'A');
  const b = figures.rounds.filter((round) => round.kind === 'B');
  const c = figures.rounds.filter((round) => round.kind === 'C');
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const without = mean(a.map((round) => round.buyersPerSecond));
  const withBeacons = mean(b.map((round) => round.buyersPerSecond));
  const ratio = withBeacons / without;
  const floorRatio = c.length ? mean(c.map((round) => round.buyersPerSecond)) / without : NaN;
  // Each B or C round against the A rounds on either side of it.
  const ratiosOf = (kind: 'B' | 'C') =>
    figures.rounds.flatMap((round, index) => {
      if (round.kind !== kind) return [];
      const before = figures.rounds.slice(0, index).filter((side) => side.kind === 'A').pop();
      const after = figures.rounds.slice(index + 1).find((side) => side.kind === 'A');
      return [round.buyersPerSecond / mean([before, after].flatMap((side) => (side ? [side.buyersPerSecond] : [])))];
    });
  const sum = (rounds: typeof a, key: 'sent' | 'answered' | 'failures' | 'seconds') => rounds.reduce((total, round) => total + (round.beacons?.[key] ?? 0), 0);
  const latencies = b.flatMap((round) => round.beacons?.latencies ?? []).sort((x, y) => x - y);
  const sent = b.reduce((sum, round) => sum + (round.beacons?.sent ?? 0), 0);
  const answered = b.reduce((sum, round) => sum + (round.beacons?.answered ?? 0), 0);
  const failures = b.reduce((sum, round) => sum + (round.beacons?.failures ?? 0), 0);
  const seconds = b.reduce((sum, round) => sum + (round.beacons?.seconds ?? 0), 0);
  const rowsAdded = b.reduce((sum, round) => sum + (round.rowsAdded ?? 0), 0);
  const statuses: Record<string, number> = {};
  for (const round of b) for (const [status, count] of Object.entries(round.beacons?.statuses ?? {})) statuses[status] = (statuses[status] ?? 0) + count;
  const lost = figures.answered - figures.rowsAfterClose;
  console.log(
    `\nBeacons, ${figures.database}: ${figures.rate.toLocaleString('en-US')} a second, ${figures.books.toLocaleString('en-US')} books, rounds of ${figures.seconds} s in turn: ` +
      `${a.length} without (A), ${b.length} with them into the API (B), ${c.length} with them into a bare receiver (C)`,
  );
  console.table([
    { figure: "buyers' req/s without beacons (A)", value: medianWithRange(a.map((round) => round.buyersPerSecond)), target: '', met: '' },
    { figure: "buyers' req/s with beacons (B)", value: medianWithRange(b.map((round) => round.buyersPerSecond)), target: '', met: '' },
    {
      figure: 'with ÷ without (mean B ÷ mean A; each B ÷ the A rounds beside it)',
      value: `${ratio.toFixed(2)} (${ratiosOf('B').map((value) => value.toFixed(2)).join(', ')})`,
      target: `≥ ${RATIO_TARGET.toFixed(2)}`,
      met: ratio >= RATIO_TARGET ? 'yes' : 'NO',
    },
    { figure: "buyers' req/s with the beacons into a bare receiver (C)", value: c.length ? medianWithRange(c.map((round) => round.buyersPerSecond)) : 'none', target: '', met: '' },
    {
      figure: 'the floor: bare receiver ÷ without (mean C ÷ mean A; each C); the most an API could keep beside this generator',
      value: c.length ? `${floorRatio.toFixed(2)} (${ratiosOf('C').map((value) => value.toFixed(2)).join(', ')})` : 'none',
      target: '',
      met: '',
    },
    { figure: 'the API against the floor (mean B ÷ mean C)', value: c.length ? (ratio / floorRatio).toFixed(2) : 'none', target: '', met: '' },
    {
      figure: 'beacons into the bare receiver sent / answered 204 / failed (C)',
      value: c.length ? `${sum(c, 'sent')} / ${sum(c, 'answered')} / ${sum(c, 'failures')} (${(sum(c, 'sent') / sum(c, 'seconds')).toFixed(0)} a second)` : 'none',
      target: 'none failed',
      met: c.length ? (sum(c, 'failures') === 0 ? 'yes' : 'NO') : '',
    },
    { figure: 'beacons sent / answered 204 / failed', value: `${sent} / ${answered} / ${failures} (${(sent / seconds).toFixed(0)} a second; answers ${JSON.stringify(statuses)})`, target: 'none failed', met: failures === 0 ? 'yes' : 'NO' },
    {
      figure: 'beacon answer p50 / p95 / p99 / max (ms, from when due)',
      value: latencies.length ? [50, 95, 99].map((p) => percentile(latencies, p).toFixed(1)).concat(latencies[latencies.length - 1].toFixed(1)).join(' / ') : 'none',
      target: '',
      met: '',
    },
    { figure: "rows the B rounds added (counted 2.5 s after each)", value: `${rowsAdded} for ${answered} answered 204`, target: 'equal', met: rowsAdded === answered ? 'yes' : 'NO' },
    {
      figure: 'all beacons answered 204 (warm-up too) / rows before the API closed (its batcher wrote) / after',
      value: `${figures.answered} / ${figures.rowsBeforeClose} (${figures.writtenBeforeClose}) / ${figures.rowsAfterClose}`,
      target: 'none lost',
      met: lost === 0 && figures.rowsBeforeClose === figures.answered ? 'yes' : `NO (${lost} lost)`,
    },
  ]);
  // Where the machine's cores went. A process's CPU per beacon: its B rounds' CPU less what the
  // buyers it answered then cost at the A rounds' price per buyer, over the beacons a second.
  const cores = (rounds: typeof a, key: 'api' | 'postgres' | 'machine') => mean(rounds.map((round) => round.cpu[key]));
  const perBeacon = (key: 'api' | 'postgres') => ((cores(b, key) - cores(a, key) * (withBeacons / without)) * 1e6) / (sent / seconds);
  const generatorOf = (rounds: typeof a) =>
    rounds.reduce((sum, round) => sum + (round.beacons?.cpuSeconds ?? 0), 0) / rounds.reduce((sum, round) => sum + round.cpu.seconds, 0);
  const generator = generatorOf(b);
  const orNone = (rounds: typeof a, value: () => number) => (rounds.length ? +value().toFixed(2) : 'none');
  console.table([
    { 'CPU cores busy (mean)': 'the API process', A: +cores(a, 'api').toFixed(2), B: +cores(b, 'api').toFixed(2), C: '', 'per beacon (B)': `${perBeacon('api').toFixed(0)} µs` },
    { 'CPU cores busy (mean)': 'the bare receiver', A: '', B: '', C: orNone(c, () => cores(c, 'api')), 'per beacon (B)': '' },
    { 'CPU cores busy (mean)': 'PostgreSQL (the cluster)', A: +cores(a, 'postgres').toFixed(2), B: +cores(b, 'postgres').toFixed(2), C: orNone(c, () => cores(c, 'postgres')), 'per beacon (B)': `${perBeacon('postgres').toFixed(0)} µs` },
    { 'CPU cores busy (mean)': "the beacons' generator", A: 0, B: +generator.toFixed(2), C: orNone(c, () => generatorOf(c)), 'per beacon (B)': `${((generator * 1e6) / (sent / seconds)).toFixed(0)} µs` },
    { 'CPU cores busy (mean)': 'the machine (everyone)', A: +cores(a, 'machine').toFixed(2), B: +cores(b, 'machine').toFixed(2), C: orNone(c, () => cores(c, 'machine')), 'per beacon (B)': '' },
  ]);
}

function printScale(figures: ScaleFigures): void {
  console.log(
    `\nStats at scale, PostgreSQL: ${figures.counts.views.toLocaleString('en-US')} raw views, ${figures.counts.bookDaily.toLocaleString('en-US')} book_daily, ` +
      `${figures.counts.sellerDaily.toLocaleString('en-US')} seller_daily, ${figures.counts.marketDaily} market_daily rows, ${figures.counts.orders.toLocaleString('en-US')} orders ` +
      `(${figures.counts.ledgerEntries.toLocaleString('en-US')} ledger entries); generated in ${figures.generatedS.toFixed(0)} s`,
  );
  console.table(
    figures.reads.map((read) => {
      const sorted = [...read.samples].sort((x, y) => x - y);
      const p95 = percentile(sorted, 95);
      return {
        route: read.route,
        who: read.who,
        n: sorted.length,
        'p50 ms': +percentile(sorted, 50).toFixed(1),
        'p95 ms': +p95.toFixed(1),
        'max ms': +sorted[sorted.length - 1].toFixed(1),
        target: `p95 ≤ ${read.target}`,
        met: p95 <= read.target ? 'yes' : 'NO',
      };
    }),
  );
  console.table(figures.rollups.map((rollup) => ({ 'one rollup, the last reached': rollup.from, 'ms (3 runs)': rollup.ms.map((ms) => ms.toFixed(0)).join(', ') })));
}

runPart('Insight', 60, async () => {
  if (ONLY !== 'scale') {
    printBeacons(
      await measureBeacons(POSTGRES, {
        books: envNumber('BENCH_INSIGHT_BOOKS', 50_000),
        rate: envNumber('BENCH_INSIGHT_RATE', 5_000),
        seconds: envNumber('BENCH_INSIGHT_SECONDS', 60),
        rounds: envNumber('BENCH_INSIGHT_ROUNDS', 3),
      }),
    );
  }
  if (ONLY === 'beacons') return;
  if (!POSTGRES) {
    console.log('\nDATABASE_URL is not set: stats at scale (10,000,000 raw views, a year of rollups) need PostgreSQL, skipped.');
    return;
  }
  printScale(
    await measureScale(POSTGRES, {
      books: envNumber('BENCH_INSIGHT_SCALE_BOOKS', 100_000),
      sellers: envNumber('BENCH_INSIGHT_SELLERS', 10_000),
      views: envNumber('BENCH_INSIGHT_VIEWS', 10_000_000),
      bookDayShare: envNumber('BENCH_INSIGHT_BOOK_DAYS', 0.3),
      orders: envNumber('BENCH_INSIGHT_ORDERS', 50_000),
      requests: envNumber('BENCH_INSIGHT_REQUESTS', 200),
    }),
  );
});
