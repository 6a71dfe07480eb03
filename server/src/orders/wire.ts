import type { Queryable } from '../db/db';
import { commissionOn, type Commission } from '../ledgerConfig';
import { toDollars } from '../lib/money';
import { bookingOnWire } from '../lib/wire';
import type { BookingRow } from '../repositories/bookings';
import { orderLinesRepository, type OrderLineRow } from '../repositories/orderLines';
import { ordersRepository, type TimelineEntry } from '../repositories/orders';
import { EMPTY_SCORE, scoresRepository, type Score } from '../repositories/scores';
import type { User } from '../repositories/users';
import { DEADLINE_OF, movesFor, type Viewer } from './states';

/** How `caller` stands to the order: a side of it, an admin, or neither (undefined). */
export function viewerOf(row: Pick<BookingRow, 'buyer_id' | 'seller_id'>, caller: Pick<User, 'id' | 'role'>): Viewer | undefined {
  if (row.buyer_id === caller.id) return 'buyer';
  if (row.seller_id === caller.id) return 'seller';
  return caller.role === 'admin' ? 'admin' : undefined;
}

/** The hand-over code shows to the buyer of a meet-up from payment until the book changed hands. */
const CODE_SHOWN_IN = ['paid', 'ready'];

/**
 * An order as `viewer` reads it: the spec's booking fields, its state, delivery, timeline, next
 * deadline and the moves the reader may make now. The hand-over code goes to the buyer only; the
 * buyer's score to the seller and an admin (`buyerScore`, when given).
 */
export function orderOnWire(
  base: string,
  row: BookingRow,
  viewer: Viewer,
  timeline: readonly TimelineEntry[],
  { admin, now, commission, buyerScore, lines = [] }: {
    admin: boolean; now: Date; commission: Commission; buyerScore?: Score;
    /** The order's books when it holds several (`order_lines`); an order of one is its own line. */
    lines?: readonly OrderLineRow[];
  },
) {
  const side = viewer === 'admin' ? undefined : viewer;
  const problemWindowOpen = row.state === 'received' && row.due_at !== null && row.due_at.getTime() > now.getTime();
  const actions = row.refund_started_at
    ? []
    : movesFor({ state: row.state, method: row.delivery_method, side, admin, problemWindowOpen });
  const deadlineKind = DEADLINE_OF[row.state];
  const showCode = viewer === 'buyer' && row.delivery_method === 'meetup' && CODE_SHOWN_IN.includes(row.state);
  const locked = row.code_locked_until !== null && row.code_locked_until.getTime() > now.getTime();
  return {
    ...bookingOnWire(base, row),
    state: row.state,
    delivery: {
      method: row.delivery_method,
      ...(row.delivery_address !== null && { address: row.delivery_address }),
      ...(row.carrier !== null && { carrier: row.carrier }),
      ...(row.tracking !== null && { tracking: row.tracking }),
    },
    lines: linesOnWire(row, lines),
    discount: toDollars(row.discount_cents),
    shipping_price: toDollars(row.shipping_cents),
    total: toDollars(row.resale_price_cents + row.shipping_cents),
    timeline: timeline.map((entry) => ({
      state: entry.state,
      at: entry.at.toISOString(),
      ...(entry.reason !== null && { reason: entry.reason }),
    })),
    deadline: deadlineKind !== undefined && row.due_at !== null ? { kind: deadlineKind, at: row.due_at.toISOString() } : null,
    viewer,
    actions,
    ...(showCode && row.handover_code !== null && { handoverCode: row.handover_code }),
    ...(locked && row.code_locked_until !== null && { codeLockedUntil: row.code_locked_until.toISOString() }),
    sellerName: row.seller_name,
    createdAt: row.created_at.toISOString(),
    ...(viewer !== 'buyer' && {
      sellerReceives: toDollars(
        row.resale_price_cents + row.shipping_cents - (row.commission_cents ?? commissionOn(row.resale_price_cents, commission)),
      ),
    }),
    ...(viewer !== 'buyer' && buyerScore !== undefined && { buyerScore }),
  };
}

/** An order's books, each at its price when ordered: its lines, or the order's own book. */
function linesOnWire(row: BookingRow, lines: readonly OrderLineRow[]) {
  if (lines.length === 0) return [{ bookId: row.book_id ?? '', name: row.book_name, price: toDollars(row.resale_price_cents) }];
  return lines.map((line) => ({ bookId: line.book_id ?? '', name: line.name, price: toDollars(line.price_cents) }));
}

/**
 * These orders as `caller` reads them, with their timelines and, for the seller's and an admin's
 * eyes, their buyers' scores (one query each for all of them). Rows the caller is no side of read
 * as an admin's when the caller is one (the lists only hold their own).
 */
export async function ordersForCaller(
  db: Queryable,
  base: string,
  rows: readonly BookingRow[],
  caller: Pick<User, 'id' | 'role'>,
  { now, commission }: { now: Date; commission: Commission },
  /** The side every row is read from, for a list of the caller's own (their orders, their buyers). */
  side?: 'buyer' | 'seller',
) {
  const viewers = rows.map((row) => side ?? viewerOf(row, caller) ?? 'admin');
  const scored = rows.filter((row, index) => viewers[index] !== 'buyer' && row.buyer_id !== null).map((row) => row.buyer_id ?? '');
  const ids = rows.map((row) => row.id);
  const [timelines, buyerScores, lines] = await Promise.all([
    ordersRepository(db).timelinesOf(ids),
    scoresRepository(db).scoresOf(scored, 'buyer'),
    orderLinesRepository(db).linesOf(ids),
  ]);
  const admin = caller.role === 'admin';
  return rows.map((row, index) =>
    orderOnWire(base, row, viewers[index], timelines.get(row.id) ?? [], {
      admin, now, commission, buyerScore: row.buyer_id === null ? EMPTY_SCORE : buyerScores.get(row.buyer_id), lines: lines.get(row.id),
    }),
  );
}
