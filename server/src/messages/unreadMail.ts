import type { Queryable } from '../db/db';

/** A message unread this long makes a `message` notification, which is emailed. */
export const MAIL_UNREAD_AFTER_MS = 10 * 60_000;
/** At most one such email an hour per thread and reader. */
export const MAIL_EVERY_MS = 60 * 60_000;
/** Messages older than this are not looked at again (their reader was told, or had a day to read). */
const LOOK_BACK_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * Tells each reader of a thread about messages they left unread for 10 minutes: one `message`
 * notification (emailed by the outbox) per thread and reader, at most once an hour, and only for
 * messages sent after the last one. Threads are claimed with `FOR UPDATE SKIP LOCKED`, and the
 * mark is set in the same statement as the notification, so several processes tell once.
 * Answers how many were told.
 */
export async function tellUnread(db: Queryable, now: Date): Promise<number> {
  let told = 0;
  for (const side of ['buyer', 'seller'] as const) {
    for (;;) {
      const rows = await db.query(
        `with recent as (
           select distinct thread_id from messages
           where created_at > $2 and created_at <= $3 and hidden_at is null
         ), due as (
           select t.id from threads t join recent r on r.thread_id = t.id
           where t.${side}_id is not null
             and (t.${side}_emailed_at is null or t.${side}_emailed_at <= $4)
             and exists (
               select 1 from messages m
               where m.thread_id = t.id and m.author_id is distinct from t.${side}_id and m.hidden_at is null
                 and m.id > t.${side}_read_id and m.created_at <= $3
                 and m.created_at >= coalesce(t.${side}_emailed_at, '-infinity'::timestamptz)
             )
           order by t.id limit ${BATCH}
           for update of t skip locked
         ), marked as (
           update threads t set ${side}_emailed_at = $1 from due where t.id = due.id
           returning t.id, t.${side}_id as user_id, t.booking_id, t.book_name
         )
         insert into notifications (user_id, booking_id, kind, role, book_name, thread_id, created_at)
         select user_id, booking_id, 'message', '${side}', book_name, id, $1 from marked
         returning id`,
        [now, new Date(now.getTime() - LOOK_BACK_MS), new Date(now.getTime() - MAIL_UNREAD_AFTER_MS), new Date(now.getTime() - MAIL_EVERY_MS)],
      );
      told += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  return told;
}
