/** The reviews feature's wire type: a review as `GET /bookings/:id/reviews`, `GET /users/:id/reviews` and `POST /reviews/:id/reply` send it. */

import type { Party } from '../../types/entities';

/** One side's review of a completed order; hidden from all but its author until `shown`. */
export interface Review {
  _id: string;
  bookingId: string;
  bookName: string;
  /** The author's side of the order. */
  role: 'buyer' | 'seller';
  author: Party;
  subject: Party;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string | null;
  at: string;
  shown: boolean;
  /** The reviewed side's one answer. */
  reply: { text: string; at: string } | null;
}
