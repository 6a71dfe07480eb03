import type { Queryable } from '../db/db';
import { reviewsRepository } from '../repositories/reviews';
import { REVIEW_WINDOW_MS } from './rules';

/** Reviews shown per statement; a sweep goes on until none is due. */
const REVEAL_BATCH = 500;
/** However many are due, one sweep ends after this many batches; the next one goes on. */
const MAX_BATCHES = 1_000;

/**
 * Part of the order sweep (orders/sweep.ts): the reviews of every order whose window closed by
 * `now` are shown, one side's or both. Safe in several processes at once: rows are claimed with
 * `FOR UPDATE SKIP LOCKED` and shown only while still hidden. Answers how many it showed.
 */
export async function revealClosedReviews(db: Queryable, now: Date): Promise<number> {
  const closedBy = new Date(now.getTime() - REVIEW_WINDOW_MS);
  const reviews = reviewsRepository(db);
  let shown = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const count = await reviews.showClosed(closedBy, now, REVEAL_BATCH);
    shown += count;
    if (count < REVEAL_BATCH) break;
  }
  return shown;
}
