import type { ReviewedOrder, ReviewRow, ReviewSide } from '../repositories/reviews';

/**
 * The rules of double-blind reviews, read by the route and the sweep alike (README.md beside this
 * file): who may post, until when, and who may read what.
 */

/** How long after an order completed its sides may review it; then whatever was posted is shown. */
export const REVIEW_WINDOW_MS = 14 * 24 * 60 * 60_000;

export const otherSide = (side: ReviewSide): ReviewSide => (side === 'buyer' ? 'seller' : 'buyer');

/** The side `userId` is of the order, if any. */
export function sideOf(order: Pick<ReviewedOrder, 'buyer_id' | 'seller_id'>, userId: string): ReviewSide | undefined {
  if (order.buyer_id === userId) return 'buyer';
  if (order.seller_id === userId) return 'seller';
  return undefined;
}

/** When the order's window closes: 14 days after it completed; null while it is not completed. */
export function reviewDueAt(order: Pick<ReviewedOrder, 'state' | 'state_at'>): Date | null {
  return order.state === 'completed' ? new Date(order.state_at.getTime() + REVIEW_WINDOW_MS) : null;
}

/** Why the order cannot be reviewed at `now` (a 409's message), or undefined while it can. */
export function reviewRefusal(order: Pick<ReviewedOrder, 'state' | 'state_at'>, now: Date): string | undefined {
  const dueAt = reviewDueAt(order);
  if (dueAt === null) return `This order is ${order.state}: it can be reviewed once it is completed`;
  if (now.getTime() >= dueAt.getTime()) return `The time to review this order ended on ${dueAt.toISOString().slice(0, 10)}`;
  return undefined;
}

/** Anyone may read a shown review that no admin hid; its author may always read their own. */
export function readableBy(review: Pick<ReviewRow, 'author_id' | 'shown_at' | 'hidden_at'>, readerId: string | undefined): boolean {
  if (readerId !== undefined && review.author_id === readerId) return true;
  return review.shown_at !== null && review.hidden_at === null;
}

/** Why the subject cannot reply now (a 409's message), or undefined while they can. */
export function replyRefusal(review: Pick<ReviewRow, 'shown_at' | 'reply'>): string | undefined {
  if (review.shown_at === null) return 'This review is not shown yet: you can reply once it is';
  if (review.reply !== null) return 'You replied to this review already';
  return undefined;
}
