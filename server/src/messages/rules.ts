import type { Queryable } from '../db/db';
import { forbidden, HttpError } from '../lib/errors';
import { isFinal, type OrderState } from '../orders/states';
import { blocksRepository } from '../repositories/blocks';
import { messagesRepository, type ThreadRow } from '../repositories/messages';
import type { User } from '../repositories/users';

/** After an order ends, its thread can be read but not written in once this long has passed. */
export const WRITE_AFTER_END_MS = 30 * 24 * 60 * 60_000;

/** Why a message is refused, in plain words. */
export const SEND_REFUSED = {
  admin: 'Admins read reported conversations; they do not write in them',
  ended: 'This order ended more than 30 days ago: the conversation can be read, not written in',
  gone: 'The other side of this conversation no longer has an account',
  blockedByOther: 'This user does not accept your messages',
  blockedOther: 'You blocked this user: unblock them to write',
  /** A 403 for a block, a 409 for anything else. */
  error(reason: string): HttpError {
    return reason === this.blockedByOther || reason === this.blockedOther ? forbidden(reason) : new HttpError(409, reason);
  },
};

/** How `caller` reads the thread: a side, an admin of a thread with a reported message, or not at all. */
export async function readerOf(db: Queryable, row: ThreadRow, caller: Pick<User, 'id' | 'role'>): Promise<'buyer' | 'seller' | 'admin' | undefined> {
  if (row.buyer_id === caller.id) return 'buyer';
  if (row.seller_id === caller.id) return 'seller';
  if (caller.role === 'admin' && (await messagesRepository(db).reported(row.id))) return 'admin';
  return undefined;
}

/** Why `caller` may not write in the thread now, or undefined when they may. */
export async function closedReason(
  db: Queryable,
  row: ThreadRow,
  caller: Pick<User, 'id'>,
  role: 'buyer' | 'seller' | 'admin',
  now: Date,
): Promise<string | undefined> {
  if (role === 'admin') return SEND_REFUSED.admin;
  const otherId = role === 'buyer' ? row.seller_id : row.buyer_id;
  if (otherId === null) return SEND_REFUSED.gone;
  const state = row.order_state as OrderState | null;
  if (state !== null && isFinal(state) && row.order_state_at !== null && now.getTime() - new Date(row.order_state_at).getTime() > WRITE_AFTER_END_MS) {
    return SEND_REFUSED.ended;
  }
  const blocks = await blocksRepository(db).between(caller.id, otherId);
  if (blocks.bBlockedA) return SEND_REFUSED.blockedByOther;
  if (blocks.aBlockedB) return SEND_REFUSED.blockedOther;
  return undefined;
}
