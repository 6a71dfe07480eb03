import { copy } from '../config/copy';
import type { OrderDeadline, OrderState, OrderViewer } from '../types/entities';

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long' });
const momentFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "Friday 28 November": the day a deadline falls on, in the reader's time zone. */
export const formatDay = (iso: string): string => dayFormat.format(new Date(iso));
/** "28 Nov 2025, 14:05": when a step of an order happened. */
export const formatMoment = (iso: string): string => momentFormat.format(new Date(iso));
/** "14:05". */
export const formatTime = (iso: string): string => timeFormat.format(new Date(iso));

/** The next deadline of an order in words, for who reads it ("Ship by Friday 28 November"). */
export function deadlineWords(deadline: OrderDeadline, viewer: OrderViewer): string {
  return copy.deadlines[viewer][deadline.kind](formatDay(deadline.at));
}

export type StateColor = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error';

/** How each state looks as a chip: ongoing in colour, settled in green or grey, trouble in red. */
const STATE_COLORS: Record<OrderState, StateColor> = {
  booked: 'default',
  paid: 'info',
  ready: 'primary',
  shipped: 'primary',
  received: 'info',
  completed: 'success',
  cancelled: 'default',
  expired: 'default',
  refunded: 'warning',
  disputed: 'error',
};

export const stateColor = (state: OrderState): StateColor => STATE_COLORS[state];
export const stateLabel = (state: OrderState): string => copy.order.states[state];
