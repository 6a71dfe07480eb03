/**
 * `npm run bench -- wants`: a new listing finding its wants (docs/PERFORMANCE.md, "Wants").
 * - Matching one listing against 100,000 saved wants in the database, PGlite and PostgreSQL
 *   (bench/wants/matching.ts).
 * - From a seller's listing over HTTP to the wanting buyer's open event stream, with 10,000 saved
 *   wants: one API process on PGlite; on PostgreSQL, listed on one process, heard on another
 *   (bench/wants/listing.ts).
 * PGlite always; PostgreSQL with DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../benchServices';
import { freePort, onStop, runPart } from '../lib/processes';
import { median, percentile } from '../lib/stats';
import { measureListing, type ListingFigures } from './listing';
import { accessCounts, BOOK_KINDS, measureMatching, type MatchingFigures, type MatchSample } from './matching';
import { findingMs, planTree } from './plan';

const MATCH_TARGET_MS = 20;
const EVENT_P50_TARGET_MS = 200;
const EVENT_P99_TARGET_MS = 1_000;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => value.toLocaleString('en-US');

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(sorted[sorted.length - 1])}`;
}

function row(what: string, samples: readonly MatchSample[]) {
  const told = samples.map((sample) => sample.told).sort((a, b) => a - b);
  return {
    books: `${what} (${samples.length})`,
    'told: min / median / max': `${told[0]} / ${median(told)} / ${told[told.length - 1]}`,
    'call p50 / p95 / max': spread(samples.map((sample) => sample.callMs)),
    'execution p50 / p95 / max': spread(samples.map((sample) => sample.explained.executionMs)),
    'finding the wants p50 / p95 / max': spread(samples.map((sample) => findingMs(sample.explained.root))),
    'planning p50': ms(median(samples.map((sample) => sample.explained.planningMs))),
  };
}

function printMatching(figures: MatchingFigures): void {
  const made = figures.made;
  console.log(
    `\nMatching, ${figures.database}${figures.shopBooks > 0 ? ` in a shop of ${count(figures.shopBooks)} generated books` : ''}: ${count(made.wants)} wants of ${count(made.buyers)} buyers ` +
      `(${count(made.isbnWants)} by ISBN over ${count(made.distinctIsbns)} ISBNs, ${count(made.wordsWants)} by words; ` +
      `${count(made.withFilters)} with filters, ${count(made.withMaxPrice)} with a highest price), put in in ${(figures.seedMs / 1000).toFixed(1)} s; ` +
      `${figures.pendingPages} pages in the words index's pending list`,
  );
  for (const state of figures.states) {
    const samples = state.samples;
    console.log(`\n  ${state.what}:`);
    console.table([...BOOK_KINDS.map((kind) => row(kind, samples.filter((sample) => sample.kind === kind))), row('all', samples)]);
    const executions = samples.map((sample) => sample.explained.executionMs);
    const within = executions.filter((value) => value <= MATCH_TARGET_MS).length;
    const slowestFinding = Math.max(...samples.map((sample) => findingMs(sample.explained.root)));
    console.log(
      `  target ≤ ${MATCH_TARGET_MS} ms in the database: ${within} of ${samples.length} books within it ` +
        `(${within === samples.length ? 'yes' : 'NO'}); finding the wants at most ${ms(slowestFinding)} ` +
        `(${slowestFinding <= MATCH_TARGET_MS ? 'yes' : 'NO'}); in the triggers at most ${ms(Math.max(...samples.map((sample) => sample.explained.triggerMs)))}`,
    );
    const over = samples.filter((sample) => sample.explained.executionMs > MATCH_TARGET_MS).map((sample) => sample.told);
    const inside = samples.filter((sample) => sample.explained.executionMs <= MATCH_TARGET_MS).map((sample) => sample.told);
    if (over.length > 0) {
      console.log(
        `  the ${over.length} books over it told ${Math.min(...over)} to ${Math.max(...over)} buyers (median ${median(over)}); ` +
          `those within it at most ${Math.max(...inside, 0)}`,
      );
    }
    const access = accessCounts(samples);
    console.log(
      `  plans: wants_isbn read in ${access.byIsbn} of ${samples.length}, wants_lexemes in ${access.byWords}, ` +
        `the whole wants table in ${access.scansWants}`,
    );
    const slowest = samples.reduce((a, b) => (b.explained.executionMs > a.explained.executionMs ? b : a));
    for (const [what, sample] of [['the most wanted book', samples[0]], ['the slowest', slowest]] as const) {
      console.log(`  the plan of ${what}, "${sample.title}" (${sample.told} told, ${ms(sample.explained.executionMs)}):`);
      console.log(planTree(sample.explained.root));
    }
  }
}

function printListing(figures: ListingFigures): void {
  const sorted = [...figures.latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(
    `\nListed → heard, ${figures.database}, ${figures.processes}: ${count(figures.wants)} saved wants; ` +
      `${figures.latencies.length} listings, one at a time, after ${figures.warmUp} unmeasured`,
  );
  const answered = [...figures.answered].sort((a, b) => a - b);
  console.table([
    { figure: 'POST /products sent → want_listed on the stream, p50', value: ms(p50), target: `≤ ${EVENT_P50_TARGET_MS} ms`, holds: p50 <= EVENT_P50_TARGET_MS ? 'yes' : 'NO' },
    { figure: '… p99', value: ms(p99), target: `≤ ${EVENT_P99_TARGET_MS} ms`, holds: p99 <= EVENT_P99_TARGET_MS && figures.missed === 0 ? 'yes' : 'NO' },
    { figure: '… slowest', value: ms(sorted[sorted.length - 1]), target: '', holds: '' },
    { figure: 'POST /products answered, p50 / p99', value: `${ms(percentile(answered, 50))} / ${ms(percentile(answered, 99))}`, target: '', holds: '' },
    { figure: 'events that never came (5 s each)', value: String(figures.missed), target: '0', holds: figures.missed === 0 ? 'yes' : 'NO' },
  ]);
  const told = [...figures.toldPerListing].sort((a, b) => a - b);
  console.log(
    `  buyers told per listing: min ${told[0]}, median ${median(told)}, max ${told[told.length - 1]}; ` +
      `the buyer's want_listed notifications: ${figures.buyerTold} of ${figures.latencies.length + figures.warmUp + figures.missed}; ` +
      `warnings in the API's log: ${figures.warnings.length}`,
  );
  for (const line of figures.warnings.slice(0, 3)) console.log(`    ${line.slice(0, 400)}`);
}

runPart('Wants', 25, async () => {
  const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
  printMatching(await measureMatching());
  if (serverUrl) printMatching(await measureMatching(serverUrl));
  else console.log('\nDATABASE_URL is not set: matching on PostgreSQL and two API processes, skipped.');

  const workDir = await mkdtemp(path.join(tmpdir(), 'book-resale-wants-auth-'));
  onStop(() => rm(workDir, { recursive: true, force: true }));
  const auth = await startAuthEmulator(workDir, await freePort());
  printListing(await measureListing(auth.url));
  if (serverUrl) printListing(await measureListing(auth.url, serverUrl));
  await auth.stop();
});
