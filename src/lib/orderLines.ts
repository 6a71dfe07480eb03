import { copy } from '../config/copy';
import type { Booking, OrderLine } from '../types/entities';

/**
 * The books of an order that holds several (a bundle's); none for an order of one book, which
 * reads as it always has, and for an older answer without lines.
 */
export const severalBooksOf = (order: Pick<Booking, 'lines'>): OrderLine[] => (order.lines && order.lines.length > 1 ? order.lines : []);

/** How an order is named: its book, or its first book and how many more ("Dune + 2 more"). */
export function orderName(order: Pick<Booking, 'bookName' | 'lines'>): string {
  const books = severalBooksOf(order);
  return books.length > 0 ? copy.orderLines.name(books[0].name, books.length - 1) : order.bookName;
}
