/** The periods the Stats and Insight pages offer, in days; 30 is the default. */
export const PERIOD_DAYS = [7, 30, 90, 365] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const DEFAULT_PERIOD_DAYS: PeriodDays = 30;

/** A run of whole UTC days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface Periods {
  period: DayRange;
  /** The same number of days just before. */
  previous: DayRange;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last `days` days up to today (UTC) included, and the `days` days before them. */
export function periodsOf(now: Date, days: PeriodDays): Periods {
  const today = msOf(dayOf(now.getTime()));
  const from = today - (days - 1) * DAY_MS;
  return {
    period: { from: dayOf(from), to: dayOf(today) },
    previous: { from: dayOf(from - days * DAY_MS), to: dayOf(from - DAY_MS) },
  };
}

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let ms = msOf(range.from); ms <= msOf(range.to); ms += DAY_MS) days.push(dayOf(ms));
  return days;
}

/** Every month (`YYYY-MM`) a range touches, oldest first. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  const last = range.to.slice(0, 7);
  for (let [year, month] = range.from.slice(0, 7).split('-').map(Number); ; month += 1) {
    if (month > 12) [year, month] = [year + 1, 1];
    const name = `${year}-${String(month).padStart(2, '0')}`;
    months.push(name);
    if (name === last) return months;
  }
}

/** The instant after a range's last day: its end, exclusive. */
export const endOf = (range: DayRange): Date => new Date(msOf(range.to) + DAY_MS);
/** A range's first instant. */
export const startOf = (range: DayRange): Date => new Date(msOf(range.from));

/** `part ÷ whole`, to four places; `empty` when there is no whole. */
export function share<T extends number | null>(part: number, whole: number, empty: T): number | T {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : empty;
}
