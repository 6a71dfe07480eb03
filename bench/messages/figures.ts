/**
 * The figures of the messages bench from the client process's samples and the database's own
 * stamps of each message: its commit (`pg_xact_commit_timestamp`, with `track_commit_timestamp`
 * on) and `created_at` (the API's clock, taken before the insert).
 *
 * Whatever the server records, the time from the commit to the event on B lies between
 * "answered → on B" (the answer leaves after the commit) and "sent → on B" (the commit comes after
 * the request was sent).
 */
import { percentile } from '../lib/stats';
import { TEXT_KINDS, type Phase, type Sample } from './plan';

export const P50_TARGET_MS = 100;
export const P99_TARGET_MS = 500;

export interface Stamps {
  /** Message id → its commit (ms since the epoch); empty when the server does not keep commit times. */
  commit: Map<string, number>;
  created: Map<string, number>;
}

export interface Spread {
  count: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: number[]): Spread | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((x, y) => x - y);
  return {
    count: sorted.length, min: sorted[0], p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1],
  };
}

const ms = (value: number) => value.toFixed(1);
const shown = (value: Spread | undefined) => (value ? `${ms(value.p50)} / ${ms(value.p95)} / ${ms(value.p99)} / ${ms(value.max)}` : '–');

type Measure = (sample: Sample) => number | undefined;

function measures(stamps: Stamps): Record<string, Measure> {
  const since = (at: Map<string, number>, side: 'onA' | 'onB') => (sample: Sample) => {
    const from = sample.id === null ? undefined : at.get(sample.id);
    const to = sample[side];
    return from === undefined || to === undefined ? undefined : to - from;
  };
  return {
    'commit → on B (the figure)': since(stamps.commit, 'onB'),
    'POST sent → on B (bounds it above)': (sample) => (sample.onB === undefined ? undefined : sample.onB - sample.sentAt),
    'POST answered → on B (bounds it below)': (sample) => (sample.onB === undefined ? undefined : sample.onB - sample.answeredAt),
    "created_at (API A's clock, before the insert) → on B": since(stamps.created, 'onB'),
    'POST sent → answered': (sample) => (sample.id === null ? undefined : sample.answeredAt - sample.sentAt),
    "commit → on the author's own stream on A": since(stamps.commit, 'onA'),
  };
}

const defined = (values: (number | undefined)[]) => values.filter((value): value is number => value !== undefined);

export interface Verdict {
  what: string;
  /** The fastest: below 0 would mean the clocks disagree. */
  min: number;
  p50: number;
  p99: number;
  holds: boolean;
}

export interface Figures {
  /** Rows of figure × phase, "p50 / p95 / p99 / max" in ms. */
  table: Record<string, Record<string, string>>;
  byKind: Record<string, Record<string, string>>;
  counts: Record<string, Record<string, string | number>>;
  verdict: Verdict;
  commitKnown: boolean;
}

const PHASES: Phase[] = ['steady', 'burst'];

export function figuresOf(samples: Sample[], stamps: Stamps): Figures {
  const measured = samples.filter((sample) => sample.phase !== 'warm-up');
  const groups: [string, Sample[]][] = [...PHASES.map((phase): [string, Sample[]] => [phase, measured.filter((s) => s.phase === phase)]), ['both', measured]];
  const table: Record<string, Record<string, string>> = {};
  for (const [name, measure] of Object.entries(measures(stamps))) {
    table[name] = Object.fromEntries(groups.map(([group, list]) => [group, shown(spread(defined(list.map(measure))))]));
  }
  const commitKnown = stamps.commit.size > 0;
  const figure = commitKnown ? measures(stamps)['commit → on B (the figure)'] : measures(stamps)['POST sent → on B (bounds it above)'];
  const byKind: Record<string, Record<string, string>> = {};
  for (const kind of TEXT_KINDS) {
    const list = measured.filter((sample) => sample.kind === kind);
    byKind[kind] = { messages: String(list.length), [commitKnown ? 'commit → on B' : 'sent → on B']: shown(spread(defined(list.map(figure)))) };
  }
  const counts: Record<string, Record<string, string | number>> = {};
  for (const [group, list] of groups) {
    const sent = list.filter((sample) => sample.id !== null);
    counts[group] = {
      'messages sent': list.length,
      'POSTs refused or failed': list.length - sent.length,
      'never on B / never on A': `${sent.filter((s) => s.onB === undefined).length} / ${sent.filter((s) => s.onA === undefined).length}`,
      'on B before the answer': sent.filter((s) => s.onB !== undefined && s.onB < s.answeredAt).length,
      'commit time known': sent.filter((s) => s.id !== null && stamps.commit.has(s.id)).length,
    };
  }
  const all = spread(defined(measured.map(figure)));
  const missed = measured.some((sample) => sample.id === null || sample.onB === undefined);
  const verdict: Verdict = {
    what: commitKnown ? 'commit → on B' : 'POST sent → on B (an upper bound: the server keeps no commit times)',
    min: all?.min ?? NaN,
    p50: all?.p50 ?? NaN,
    p99: all?.p99 ?? NaN,
    holds: all !== undefined && all.p50 <= P50_TARGET_MS && all.p99 <= P99_TARGET_MS && !missed,
  };
  return { table, byKind, counts, verdict, commitKnown };
}
