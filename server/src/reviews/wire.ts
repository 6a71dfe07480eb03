import type { ReviewRow } from '../repositories/reviews';

/** A review on the wire (docs/API.md, `Review`); `shown` says whether anyone but its author may read it yet. */
export const reviewOnWire = (row: ReviewRow) => ({
  _id: row.id,
  bookingId: row.booking_id,
  bookName: row.book_name,
  role: row.role,
  // A side whose account is gone keeps its name, with no id.
  author: { _id: row.author_id ?? '', name: row.author_name },
  subject: { _id: row.subject_id ?? '', name: row.subject_name },
  rating: row.rating,
  comment: row.comment,
  at: row.created_at.toISOString(),
  shown: row.shown_at !== null,
  reply: row.reply !== null && row.reply_at !== null ? { text: row.reply, at: row.reply_at.toISOString() } : null,
});

export type WireReview = ReturnType<typeof reviewOnWire>;
