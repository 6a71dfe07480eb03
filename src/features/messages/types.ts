/** The messages feature's wire types: what `GET /threads`, `GET /threads/:id`, `GET /threads/:id/messages`, the live stream's `message` events and `GET /blocks` answer. */

import type { Party } from '../../types/entities';

/** Messages between a book's buyer and its seller: an order's thread (its id the booking's), or a question about a book. */
export interface Thread {
  _id: string;
  kind: 'order' | 'book';
  bookingId: string | null;
  /** The book asked about, or the order's book ('' once withdrawn). */
  bookId: string | null;
  bookName: string;
  img: string;
  /** The reader's side (an admin reads a thread with a reported message). */
  role: 'buyer' | 'seller' | 'admin';
  buyer: Party;
  seller: Party;
  /** A hidden message's text is ''. */
  last: { text: string; at: string; authorId: string } | null;
  /** Messages from the other side the reader has not read. */
  unread: number;
  /** False once the order ended over 30 days ago, after a block, or for an admin; `closed` says why. */
  canSend: boolean;
  closed?: string;
  updatedAt: string;
}

export interface Message {
  /** Increasing, in one id space with the notifications (the live stream's ids). */
  _id: string;
  threadId: string;
  author: Party;
  /** Plain text as written ('' when hidden, but to an admin). */
  text: string;
  at: string;
  /** An admin hid it. */
  hidden: boolean;
}

/** `GET /blocks`: a user the caller blocked. */
export interface BlockedUser {
  _id: string;
  name: string;
  at: string;
}
