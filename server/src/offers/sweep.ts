import type { Queryable } from '../db/db';
import { offerNameSql } from '../repositories/offers';

/** Offers expired or reminded per statement; a sweep goes on until nothing is due. */
export const OFFER_SWEEP_BATCH = 1_000;
/** However much is due, one sweep ends after this many batches; the next one goes on. */
const MAX_BATCHES = 100;

const NAME_OF = offerNameSql('m');

/**
 * Offers left unanswered past their deadline expire, a batch per statement: the step is recorded
 * and the buyer told, once. Claimed with
 * `FOR UPDATE SKIP LOCKED`, so several processes sweeping at once expire each offer once.
 */
export async function expireOffers(db: Queryable, now: Date): Promise<number> {
  let expired = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const [{ count }] = await db.query<{ count: number }>(
      `with due as (
         select id from offers where state = 'pending' and expires_at <= $1 order by expires_at limit $2 for update skip locked
       ), moved as (
         update offers o set state = 'expired', awaiting = null, expires_at = null, remind_at = null, steps = steps + 1, updated_at = $1
         from due where o.id = due.id and o.state = 'pending'
         returning o.id, o.buyer_id, o.seller_id, o.steps, due.id as due_id
       ), recorded as (
         insert into offer_steps (offer_id, seq, by, action, amount_cents, at) select id, steps, 'system', 'expired', null, $1 from moved
       ), told as (
         insert into notifications (user_id, offer_id, offer_step, kind, role, book_name, created_at)
         select m.buyer_id, m.id, m.steps, 'offer_expired', 'buyer', ${NAME_OF}, $1 from moved m
         on conflict do nothing
       )
       select count(*)::int as count from moved`,
      [now, OFFER_SWEEP_BATCH],
    );
    expired += count;
    if (count < OFFER_SWEEP_BATCH) break;
  }
  return expired;
}

/** The side an offer waits for is reminded a day before it expires, once per step. */
export async function remindOffers(db: Queryable, now: Date): Promise<number> {
  let reminded = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const [{ count }] = await db.query<{ count: number }>(
      `with due as (
         select id from offers where remind_at <= $1 order by remind_at limit $2 for update skip locked
       ), m as (
         update offers o set remind_at = null from due where o.id = due.id
         returning o.id, o.state, o.awaiting, o.buyer_id, o.seller_id, o.steps, o.expires_at
       ), told as (
         insert into notifications (user_id, offer_id, offer_step, kind, role, book_name, deadline, created_at)
         select case m.awaiting when 'buyer' then m.buyer_id else m.seller_id end, m.id, m.steps, 'offer_reminder', m.awaiting,
           ${NAME_OF}, m.expires_at, $1
         from m where m.state = 'pending'
         on conflict do nothing
       )
       select count(*)::int as count from m`,
      [now, OFFER_SWEEP_BATCH],
    );
    reminded += count;
    if (count < OFFER_SWEEP_BATCH) break;
  }
  return reminded;
}
