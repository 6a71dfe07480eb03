import type { Party } from '../../types/entities';
import type { Thread } from './types';

/** The reader's own id in a thread: the party on their side (an admin has none). */
export const readerIdOf = (thread: Thread): string | null =>
  thread.role === 'buyer' ? thread.buyer._id : thread.role === 'seller' ? thread.seller._id : null;

/** Whom the reader writes to: the other side (an admin reads the buyer's and the seller's alike). */
export const otherPartyOf = (thread: Thread): Party => (thread.role === 'seller' ? thread.buyer : thread.seller);
