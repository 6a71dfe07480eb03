import type { Queryable } from '../db/db';
import { cancelOpenOrdersOf, type OrderDeps } from '../orders/moves';
import { bookingsRepository } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { usersRepository } from '../repositories/users';

/**
 * Deletes a user inside the caller's transaction (the admin's user pages and the trust queue).
 * Paid bookings and sold books stay on record (their owner column becomes null). Other buyers'
 * unpaid bookings of the user's unsold books stay with them, withdrawn (the foreign key clears
 * their book id). Answers how many users were deleted (0: no such user).
 */
export async function deleteAccount(tx: Queryable, orders: Pick<OrderDeps, 'deadlines' | 'clock' | 'commission'>, id: string): Promise<number> {
  await bookingsRepository(tx).deleteUnpaidByBuyer(id);
  await cancelOpenOrdersOf(tx, orders, { sellerId: id }, 'admin');
  await booksRepository(tx).deleteUnsoldBySeller(id);
  return usersRepository(tx).delete(id);
}
