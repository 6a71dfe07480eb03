import type { OrderDeadlines } from '../ordersConfig';

/** An order's states (README.md beside this file draws them). */
export const ORDER_STATES = [
  'booked', 'paid', 'ready', 'shipped', 'received', 'completed',
  'cancelled', 'expired', 'refunded', 'disputed',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The moves a caller may ask for (`POST /bookings/:id/transitions`); `paid` and `expired` are never asked for. */
export const ORDER_MOVES = ['cancelled', 'ready', 'shipped', 'received', 'disputed', 'completed', 'refunded'] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

export type DeliveryMethod = 'meetup' | 'shipping';
/** Who moved an order: one of its sides, an admin, or the server on a deadline. */
export type Actor = 'buyer' | 'seller' | 'admin' | 'system';
/** How the reader of an order stands to it. */
export type Viewer = 'buyer' | 'seller' | 'admin';

/** Every step an order may take from each state, whoever takes it. */
export const NEXT: Readonly<Record<OrderState, readonly OrderState[]>> = {
  booked: ['paid', 'cancelled', 'expired'],
  paid: ['ready', 'shipped', 'refunded'],
  ready: ['received', 'refunded'],
  shipped: ['received'],
  received: ['completed', 'disputed'],
  disputed: ['refunded', 'completed'],
  completed: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

export const isFinal = (state: OrderState) => NEXT[state].length === 0;

/** The steps an order of this delivery may take from `state`: a parcel is never `ready`, a meet-up never `shipped`. */
export const nextFor = (state: OrderState, method: DeliveryMethod): readonly OrderState[] =>
  NEXT[state].filter((step) => step !== (method === 'meetup' ? 'shipped' : 'ready'));

/** What the 409 of a move that is not one of the order's next ones says: its state, and what may happen next. */
export function wrongMoveMessage(state: OrderState, method: DeliveryMethod): string {
  const next = nextFor(state, method);
  if (next.length === 0) return `This order is ${state}. Nothing more can happen to it.`;
  return `This order is ${state}. What may happen next: ${next.join(', ')}.`;
}

/** The facts about an order that decide who may move it. */
export interface MoveContext {
  state: OrderState;
  method: DeliveryMethod;
  /** The caller's side of the order, if any. */
  side?: 'buyer' | 'seller';
  /** The caller is an admin. An admin who is one of the sides acts as that side only. */
  admin: boolean;
  /** The problem window is still open (`received`, before its deadline). */
  problemWindowOpen: boolean;
}

/**
 * Whether the caller may make `move` now, or why not: `wrong` (not a next step of this state, or
 * not for this delivery: 409) or `forbidden` (a step the caller may not take: 403).
 */
export function mayMove(move: OrderMove, context: MoveContext): 'ok' | 'wrong' | 'forbidden' | 'window closed' {
  const { state, method, side } = context;
  if (!nextFor(state, method).includes(move)) return 'wrong';
  const seller = side === 'seller';
  const buyer = side === 'buyer';
  // Staff powers are for orders the admin is no side of: an admin who bought a book cannot ship it.
  const admin = context.admin && side === undefined;
  switch (move) {
    case 'cancelled':
      return buyer || admin ? 'ok' : 'forbidden';
    case 'ready':
    case 'shipped':
      return seller || admin ? 'ok' : 'forbidden';
    case 'received':
      // A meet-up is received when the seller enters the buyer's code; a parcel when the buyer says so.
      if (state === 'ready') return seller ? 'ok' : 'forbidden';
      return buyer ? 'ok' : 'forbidden';
    case 'disputed':
      if (!buyer) return 'forbidden';
      return context.problemWindowOpen ? 'ok' : 'window closed';
    case 'completed':
      // The buyer may say all is well early; a dispute is settled by an admin who is not a side of it.
      if (state === 'received') return buyer ? 'ok' : 'forbidden';
      return admin ? 'ok' : 'forbidden';
    case 'refunded':
      if (state === 'disputed') return admin ? 'ok' : 'forbidden';
      return seller || admin ? 'ok' : 'forbidden';
  }
}

/** The moves the reader may make now, as the order's page offers them. */
export function movesFor(context: MoveContext): OrderMove[] {
  return ORDER_MOVES.filter((move) => mayMove(move, context) === 'ok');
}

/** The moves that need a reason from whoever makes them. */
export const NEEDS_REASON: readonly OrderMove[] = ['disputed', 'refunded'];
/** A dispute settled as completed needs a reason too: both sides see it. */
export const needsReason = (move: OrderMove, from: OrderState) => NEEDS_REASON.includes(move) || from === 'disputed';

/** The kind of the next deadline of an order in `state`, if it has one. */
export type DeadlineKind = 'pay' | 'ship' | 'handover' | 'receive' | 'problem';

export const DEADLINE_OF: Partial<Record<OrderState, DeadlineKind>> = {
  booked: 'pay',
  paid: 'ship',
  ready: 'handover',
  shipped: 'receive',
  received: 'problem',
};

/** What the server does when the deadline of a state passes. */
export const ON_DEADLINE: Partial<Record<OrderState, OrderState>> = {
  booked: 'expired',
  paid: 'refunded',
  ready: 'refunded',
  shipped: 'received',
  received: 'completed',
};

/** The reasons the server gives for what it did on a deadline. */
export const DEADLINE_REASONS: Partial<Record<OrderState, string>> = {
  booked: 'It was not paid in time',
  paid: 'The seller did not get it ready or ship it in time',
  ready: 'It was not handed over in time',
  shipped: 'Received automatically, as the buyer said nothing in time',
  received: 'No problem was reported in time',
};

/** How long after entering `state` its deadline passes. */
export function deadlineAfter(state: OrderState, deadlines: OrderDeadlines): number | undefined {
  switch (state) {
    case 'booked':
      return deadlines.payWithinMs;
    case 'paid':
      return deadlines.shipWithinMs;
    case 'ready':
      return deadlines.handoverWithinMs;
    case 'shipped':
      return deadlines.autoReceiveAfterMs;
    case 'received':
      return deadlines.problemWindowMs;
    default:
      return undefined;
  }
}

/** The deadline and the reminder of an order entering `state` at `at`. */
export function clockFor(state: OrderState, at: Date, deadlines: OrderDeadlines): { dueAt: Date | null; remindAt: Date | null } {
  const after = deadlineAfter(state, deadlines);
  if (after === undefined) return { dueAt: null, remindAt: null };
  const dueAt = new Date(at.getTime() + after);
  const reminder = state === 'paid' ? dueAt.getTime() - deadlines.shipReminderBeforeMs : undefined;
  return { dueAt, remindAt: reminder !== undefined && reminder > at.getTime() ? new Date(reminder) : null };
}

/** Who is told of an order entering `state`, and as what kind of notification. */
export function recipientsOf(state: OrderState): { side: 'buyer' | 'seller'; kind: string }[] {
  switch (state) {
    case 'booked':
    case 'paid':
    case 'completed':
    case 'cancelled':
    case 'expired':
    case 'refunded':
      return [{ side: 'buyer', kind: state }, { side: 'seller', kind: state }];
    case 'ready':
    case 'shipped':
      return [{ side: 'buyer', kind: state }];
    case 'received':
      // The buyer learns that the problem window is open, and until when.
      return [{ side: 'seller', kind: 'received' }, { side: 'buyer', kind: 'problem_window' }];
    case 'disputed':
      return [{ side: 'seller', kind: 'disputed' }, { side: 'buyer', kind: 'disputed' }];
  }
}

/** The refund of an order in these states puts its book back on sale: it never left the seller. */
export const RELIST_ON_REFUND: readonly OrderState[] = ['paid', 'ready'];
