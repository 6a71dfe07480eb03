import type { Queryable } from '../db/db';
import { bookingsRepository, type NewBooking } from '../repositories/bookings';
import { orderLinesRepository } from '../repositories/orderLines';
import { ordersRepository } from '../repositories/orders';

/** A book of a new order, at its price now. */
export interface NewLine {
  book_id: string;
  name: string;
  price_cents: number;
  img: string;
}

/** An order's name: its one book's, or "First title and 2 more books". */
export function orderNameOf(lines: readonly Pick<NewLine, 'name'>[]): string {
  const [first, ...others] = lines;
  if (others.length === 0) return first.name;
  return `${first.name} and ${others.length} more book${others.length === 1 ? '' : 's'}`;
}

/**
 * Stores a new order of `lines` (its first book is the order's own; several get a line each) and
 * begins its timeline, telling the seller; answers false when the buyer holds an open order of
 * its first book already (nothing stored).
 */
export async function insertOrder(tx: Queryable, booking: NewBooking, lines: readonly NewLine[]): Promise<boolean> {
  if (!(await bookingsRepository(tx).insertUnlessOpen(booking))) return false;
  if (lines.length > 1) await orderLinesRepository(tx).insert(booking.id, lines);
  await ordersRepository(tx).begin(booking, booking.state_at, booking.due_at);
  return true;
}
