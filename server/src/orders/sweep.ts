import type { Queryable } from '../db/db';
import { ordersRepository } from '../repositories/orders';
import { expireOffers, remindOffers } from '../offers/sweep';
import { revealClosedReviews } from '../reviews/reveal';
import { moveWithin, refundCharge, RefundRefused, type OrderDeps } from './moves';
import { deadlineAfter, DEADLINE_REASONS, ON_DEADLINE, type Actor, type OrderState } from './states';

/** What one sweep did. */
export interface SweepResult {
  /** Orders moved on a deadline, by the state they entered. */
  moved: Partial<Record<OrderState, number>>;
  /** Ship reminders sent. */
  reminded: number;
  /** Refunds that a process left unfinished, finished now. */
  refundsFinished: number;
  /** Refunds the provider refused or could not make this time (tried again next sweep). */
  refundsFailed: number;
  /** Reviews shown because their order's review window closed (reviews/reveal.ts). */
  reviewsShown: number;
  /** Offers expired unanswered, and reminders that one waits for an answer (offers/sweep.ts). */
  offersExpired?: number;
  offersReminded?: number;
}

/** Orders moved per statement; a sweep goes on until nothing is due. */
export const SWEEP_BATCH = 500;
/** Refunds asked of the provider at once. */
const REFUND_CONCURRENCY = 4;
/** However much is due, one sweep ends after this many batches; the next one goes on. */
const MAX_BATCHES = 1_000;

/**
 * Orders made before deadlines existed get theirs, counted from now (the first sweep after the
 * upgrade): a shop's old paid orders are not refunded the moment the clock starts.
 */
async function backfillDeadlines(deps: OrderDeps, now: Date): Promise<void> {
  for (const state of Object.keys(ON_DEADLINE) as OrderState[]) {
    const after = deadlineAfter(state, deps.deadlines);
    if (after === undefined) continue;
    await deps.db.query(
      `update bookings set due_at = greatest(state_at, $3::timestamptz) + ($2 || ' milliseconds')::interval
       where due_at is null and state = $1 and refund_started_at is null`,
      [state, String(after), now],
    );
  }
}

async function sendReminders(db: Queryable, now: Date): Promise<number> {
  let reminded = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const [{ cleared, told }] = await db.query<{ cleared: number; told: number }>(
      `with due as (
         select id from bookings where remind_at <= $1 order by remind_at limit $2 for update skip locked
       ), cleared as (
         update bookings k set remind_at = null from due where k.id = due.id
         returning k.id, k.state, k.seller_id, k.book_name, k.due_at
       ), told as (
         insert into notifications (user_id, booking_id, kind, role, book_name, deadline, created_at)
         select seller_id, id, 'ship_reminder', 'seller', book_name, due_at, $1 from cleared
         where state = 'paid' and seller_id is not null
         on conflict do nothing
         returning id
       )
       select (select count(*) from cleared)::int as cleared, (select count(*) from told)::int as told`,
      [now, SWEEP_BATCH],
    );
    reminded += told;
    if (cleared < SWEEP_BATCH) break;
  }
  return reminded;
}

/** Refunds the charges of these orders, a few at a time: those refunded, refused, and not known yet. */
async function refundEach(deps: OrderDeps, ids: readonly string[]): Promise<{ done: string[]; refused: string[]; pending: string[] }> {
  const done: string[] = [];
  const refused: string[] = [];
  const pending: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        await refundCharge(deps, id);
        done.push(id);
      } catch (error) {
        (error instanceof RefundRefused ? refused : pending).push(id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(REFUND_CONCURRENCY, ids.length) }, worker));
  return { done, refused, pending };
}

/**
 * Finishes the refunds left under way (a process died between marking the order and moving it, or
 * the provider's answer was not known). Each is claimed first by moving its mark to now, so two
 * processes never retry the same one at once.
 */
async function finishStaleRefunds(deps: OrderDeps, now: Date, result: SweepResult): Promise<void> {
  const stale = await deps.db.query<{ id: string; state: OrderState; refund_reason: string | null; refund_actor: Actor | null }>(
    `update bookings set refund_started_at = $1
     where id in (
       select id from bookings where refund_started_at is not null and refund_started_at <= $2
       order by refund_started_at limit $3 for update skip locked
     ) and refund_started_at <= $2
     returning id, state, refund_reason, refund_actor`,
    [now, new Date(now.getTime() - deps.deadlines.refundRetryAfterMs), SWEEP_BATCH],
  );
  for (const order of stale) {
    const { done, refused } = await refundEach(deps, [order.id]);
    if (refused.length > 0) await ordersRepository(deps.db).abandonRefund(order.id, now);
    if (done.length === 0) {
      result.refundsFailed += 1;
      continue;
    }
    const moved = await moveWithin(deps.db, deps, [order.id], order.state, 'refunded', now, {
      reason: order.refund_reason, actor: order.refund_actor ?? 'system',
    });
    result.refundsFinished += moved.length;
    result.moved.refunded = (result.moved.refunded ?? 0) + moved.length;
  }
}

/** Moves a batch of orders of `state` whose deadline passed; answers how many were due. */
async function moveDueBatch(deps: OrderDeps, state: OrderState, now: Date, result: SweepResult): Promise<number> {
  const to = ON_DEADLINE[state];
  if (to === undefined) return 0;
  const reason = DEADLINE_REASONS[state] ?? null;
  const options = { reason, actor: 'system' as const };
  if (to !== 'refunded') {
    // Claimed and moved in one transaction: another process sweeping now skips these rows.
    const moved = await deps.db.transaction(async (tx) => {
      const due = await tx.query<{ id: string }>(
        `select id from bookings where due_at <= $1 and state = $2 and refund_started_at is null
         order by due_at limit $3 for update skip locked`,
        [now, state, SWEEP_BATCH],
      );
      return { due: due.length, moved: await moveWithin(tx, deps, due.map((row) => row.id), state, to, now, options) };
    });
    result.moved[to] = (result.moved[to] ?? 0) + moved.moved.length;
    return moved.due;
  }
  // A refund asks the provider, which no transaction waits for: the orders are marked first (no
  // other move or process takes them then), refunded, then moved.
  const claimed = await deps.db.query<{ id: string }>(
    `update bookings set refund_started_at = $1, refund_reason = $3, refund_actor = 'system'
     where id in (
       select id from bookings where due_at <= $1 and state = $2 and refund_started_at is null
       order by due_at limit $4 for update skip locked
     ) and state = $2 and refund_started_at is null
     returning id`,
    [now, state, reason, SWEEP_BATCH],
  );
  const ids = claimed.map((row) => row.id);
  const { done, refused, pending } = await refundEach(deps, ids);
  // A refusal clears the mark (the order stays due and is tried next sweep); an unknown outcome
  // keeps it, and is asked again after ORDER_REFUND_RETRY_AFTER.
  for (const id of refused) await ordersRepository(deps.db).abandonRefund(id, now);
  result.refundsFailed += refused.length + pending.length;
  const moved = await moveWithin(deps.db, deps, done, state, 'refunded', now, options);
  result.moved.refunded = (result.moved.refunded ?? 0) + moved.length;
  // Orders whose refund failed stay due; do not loop on them within this sweep.
  return done.length;
}

/**
 * One sweep: every order whose deadline passed moves on (expired, refunded, received, completed),
 * the reminders that are due go out, refunds a dead process left are finished, and the reviews of
 * orders whose review window closed are shown. Safe to run in
 * several processes at once: rows are claimed with `FOR UPDATE SKIP LOCKED`, every move is
 * conditional on the state it leaves, and refunds are keyed at the provider by the charge.
 */
export async function sweepOrders(deps: OrderDeps, options: { backfill?: boolean } = {}): Promise<SweepResult> {
  const now = deps.clock.now();
  const result: SweepResult = { moved: {}, reminded: 0, refundsFinished: 0, refundsFailed: 0, reviewsShown: 0 };
  if (options.backfill) await backfillDeadlines(deps, now);
  result.reminded = await sendReminders(deps.db, now);
  await finishStaleRefunds(deps, now, result);
  for (const state of Object.keys(ON_DEADLINE) as OrderState[]) {
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await moveDueBatch(deps, state, now, result);
      if (due < SWEEP_BATCH) break;
    }
  }
  result.reviewsShown = await revealClosedReviews(deps.db, now);
  const offersReminded = await remindOffers(deps.db, now);
  const offersExpired = await expireOffers(deps.db, now);
  if (offersReminded > 0) result.offersReminded = offersReminded;
  if (offersExpired > 0) result.offersExpired = offersExpired;
  for (const [state, count] of Object.entries(result.moved)) if (!count) delete result.moved[state as OrderState];
  const anything = result.reminded + offersReminded + offersExpired + Object.values(result.moved).reduce((sum, count) => sum + (count ?? 0), 0);
  if (anything > 0) deps.told();
  return result;
}
