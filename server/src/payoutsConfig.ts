import { parseIsoDuration } from './lib/isoDuration';
import { parseMoney } from './lib/money';

type Env = Record<string, string | undefined>;

/** When the weekly payout run is due: a weekday at a time of day, in UTC. */
export interface PayoutSchedule {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes after midnight, UTC. */
  minute: number;
}

export interface PayoutsConfig {
  /** `PAYOUT_SCHEDULE`: `monday` (the default), `friday 06:30` (UTC), or `off`. */
  payoutSchedule: PayoutSchedule | null;
  /** `PAYOUT_MIN` in cents (default 100, $1.00): nothing smaller is paid out. */
  payoutMinCents: number;
  /**
   * `PAYOUT_RESUME_AFTER` (PT1M): a payout left half-sent this long ago by a process that died is
   * sent again, with the same idempotency keys, so it completes once.
   */
  payoutResumeAfterMs: number;
  /** `RECONCILE_EVERY` (P1D): how often the API compares the ledger with the provider; `off` never. */
  reconcileEveryMs: number;
  /** `PAYOUT_TICK_MS` (60000): how often each API process looks for due payout work; 0 turns it off. */
  payoutTickMs: number;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** `monday`, `mon 06:00`, `off`; undefined when it is none of those. */
export function parsePayoutSchedule(text: string): PayoutSchedule | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'off') return null;
  const match = /^([a-z]+)(?:\s+(\d{1,2}):(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const weekday = WEEKDAYS.findIndex((day) => day === match[1] || day.slice(0, 3) === match[1]);
  const hour = match[2] === undefined ? 0 : Number(match[2]);
  const minute = match[3] === undefined ? 0 : Number(match[3]);
  if (weekday < 0 || hour > 23 || minute > 59) return undefined;
  return { weekday, minute: hour * 60 + minute };
}

/** The most recent time the schedule fell due at or before `now`. */
export function lastDue(schedule: PayoutSchedule, now: Date): Date {
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, schedule.minute));
  due.setUTCDate(due.getUTCDate() - ((now.getUTCDay() - schedule.weekday + 7) % 7));
  if (due > now) due.setUTCDate(due.getUTCDate() - 7);
  return due;
}

export const DEFAULT_PAYOUTS: PayoutsConfig = {
  payoutSchedule: { weekday: 1, minute: 0 },
  payoutMinCents: 100,
  payoutResumeAfterMs: 60_000,
  reconcileEveryMs: 86_400_000,
  payoutTickMs: 60_000,
};

function duration(env: Env, name: string, fallback: number, problems: string[], { off = false } = {}): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (off && raw.toLowerCase() === 'off') return 0;
  const ms = parseIsoDuration(raw);
  if (ms === undefined || ms < 1000 || ms > 366 * 86_400_000) {
    problems.push(`${name} must be an ISO 8601 duration from PT1S to P366D${off ? ', or off' : ''}, got "${raw}"`);
    return fallback;
  }
  return ms;
}

/** The payout settings, read from the environment (server/README.md, "Payouts"). */
export function payoutsConfig(env: Env, problems: string[]): PayoutsConfig {
  const config = { ...DEFAULT_PAYOUTS };
  const scheduleRaw = env.PAYOUT_SCHEDULE?.trim();
  if (scheduleRaw) {
    const schedule = parsePayoutSchedule(scheduleRaw);
    if (schedule === undefined) problems.push(`PAYOUT_SCHEDULE must be a weekday with an optional UTC time (monday, fri 06:30) or off, got "${scheduleRaw}"`);
    else config.payoutSchedule = schedule;
  }
  const minRaw = env.PAYOUT_MIN?.trim();
  if (minRaw) {
    try {
      config.payoutMinCents = parseMoney(minRaw, { field: 'PAYOUT_MIN', minCents: 1, maxCents: 1_000_000 });
    } catch {
      problems.push(`PAYOUT_MIN must be dollars from 0.01 to 10000 with at most two decimals, got "${minRaw}"`);
    }
  }
  config.payoutResumeAfterMs = duration(env, 'PAYOUT_RESUME_AFTER', config.payoutResumeAfterMs, problems);
  config.reconcileEveryMs = duration(env, 'RECONCILE_EVERY', config.reconcileEveryMs, problems, { off: true });
  const tickRaw = env.PAYOUT_TICK_MS?.trim();
  if (tickRaw) {
    const value = Number(tickRaw);
    if (!/^\d+$/.test(tickRaw) || (value !== 0 && (value < 100 || value > 3_600_000))) {
      problems.push(`PAYOUT_TICK_MS must be 0 (off) or a whole number of milliseconds from 100 to 3600000, got "${tickRaw}"`);
    } else {
      config.payoutTickMs = value;
    }
  }
  return config;
}
