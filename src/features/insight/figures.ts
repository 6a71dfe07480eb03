import { formatUsd } from '../../lib/money';
import { insightCopy } from './copy';

/** How a figure reads: a count, dollars, or a share (a fraction 0..1 shown as a percentage). */
export type FigureKind = 'count' | 'money' | 'share';

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "12.5 %" from 0.125; whole percentages without a decimal. */
export const formatShare = (fraction: number): string => `${decimals.format(fraction * 100)} %`;

export function formatFigure(value: number, kind: FigureKind): string {
  if (kind === 'money') return formatUsd(value);
  if (kind === 'share') return formatShare(value);
  return counts.format(value);
}

/** A figure's change against the previous period: what the card shows, and what a screen reader says. */
export interface Change {
  text: string;
  words: string;
  direction: 'up' | 'down' | 'same' | 'new';
}

/**
 * The change from `previous` to `now`: relative for counts and money ("+12 %", "−3 %", "new" when
 * the previous was 0), in percentage points for shares, where a relative change would mislead
 * (a refund share going from 1 % to 2 % is not "+100 %").
 */
export function changeOf(now: number, previous: number, kind: FigureKind, days: number): Change {
  const words = insightCopy.change;
  if (kind === 'share') {
    const points = Math.round((now - previous) * 1000) / 10;
    if (points === 0) return { text: words.sameText, words: words.same(days), direction: 'same' };
    const amount = `${decimals.format(Math.abs(points))} pt`;
    const spoken = `${decimals.format(Math.abs(points))} ${words.points}`;
    return points > 0
      ? { text: `+${amount}`, words: words.up(spoken, days), direction: 'up' }
      : { text: `−${amount}`, words: words.down(spoken, days), direction: 'down' };
  }
  if (previous === 0) {
    return now === 0
      ? { text: words.sameText, words: words.same(days), direction: 'same' }
      : { text: words.newText, words: words.fresh(days), direction: 'new' };
  }
  const percent = Math.round(((now - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return { text: words.sameText, words: words.same(days), direction: 'same' };
  const amount = `${counts.format(Math.abs(percent))} %`;
  return percent > 0
    ? { text: `+${amount}`, words: words.up(amount, days), direction: 'up' }
    : { text: `−${amount}`, words: words.down(amount, days), direction: 'down' };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "3 Dec 2026" from the API's "2026-12-03" (a UTC day). */
export const formatDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "3 Dec": a chart's axis. */
export const formatShortDay = (day: string): string => shortDayFormat.format(new Date(`${day}T00:00:00Z`));
/** "Dec 2026" from "2026-12". */
export const formatMonth = (month: string): string => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
