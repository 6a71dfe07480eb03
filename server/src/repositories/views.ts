import type { Queryable } from '../db/db';

/** A view taken by an API process, waiting to be written. */
export interface PendingView {
  bookId: string;
  session: string;
  at: Date;
  /** The signed-in viewer, when the beacon carried their token: their own book's views do not count. */
  viewerId: string | null;
}

/** Raw views are kept this long, then deleted (the rollups keep their counts). */
export const RAW_VIEWS_KEPT_DAYS = 90;
/** A session counts once per book within this window. */
export const SESSION_WINDOW_MINUTES = 30;

export function viewsRepository(db: Queryable) {
  return {
    /**
     * Writes a batch in one statement; answers how many counted. A view of a book that does not
     * exist, by its own seller, or by a session that viewed the book in the last 30 minutes (as
     * another process may have written) counts nothing.
     */
    async insert(views: readonly PendingView[]): Promise<number> {
      if (views.length === 0) return 0;
      const rows = await db.query(
        `insert into book_views (book_id, seller_id, session, viewed_at)
         select v.book_id, b.seller_id, v.session, v.at
         from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[]) as v(book_id, session, at, viewer)
         join books b on b.id = v.book_id
         where b.seller_id is distinct from v.viewer
           and not exists (
             select 1 from book_views w
             where w.book_id = v.book_id and w.session = v.session
               and w.viewed_at > v.at - interval '${SESSION_WINDOW_MINUTES} minutes' and w.viewed_at <= v.at
           )
         returning 1`,
        [views.map((view) => view.bookId), views.map((view) => view.session), views.map((view) => view.at), views.map((view) => view.viewerId)],
      );
      return rows.length;
    },

    /**
     * Brings the daily rollup up to date for the days from `since`'s day to `now`'s, recounting
     * them whole from the raw views (so it is the same however often it runs), and deletes raw
     * views past their keeping. Run by one process at a time (the watermark row is locked; the
     * others skip); answers the days recounted, or undefined when another process is at it.
     */
    async rollUp(now: Date): Promise<{ from: Date; rows: number } | undefined> {
      const [mark] = await db.query<{ through: Date }>("select through from insight_rollups where name = 'views' for update skip locked");
      if (!mark) return undefined;
      // From the start of the day the last rollup reached: views written since may belong to it.
      const from = new Date(Date.UTC(mark.through.getUTCFullYear(), mark.through.getUTCMonth(), mark.through.getUTCDate()));
      const rows = await db.query(
        `insert into book_daily (book_id, day, seller_id, views, sessions)
         select book_id, (viewed_at at time zone 'UTC')::date, max(seller_id), count(*)::int, count(distinct session)::int
         from book_views where viewed_at >= $1 and viewed_at <= $2
         group by book_id, (viewed_at at time zone 'UTC')::date
         on conflict (book_id, day) do update set views = excluded.views, sessions = excluded.sessions, seller_id = excluded.seller_id
         returning 1`,
        [from, now],
      );
      await db.query(`delete from book_views where viewed_at < $1::timestamptz - interval '${RAW_VIEWS_KEPT_DAYS} days'`, [now]);
      await db.query("update insight_rollups set through = $1 where name = 'views'", [now]);
      return { from, rows: rows.length };
    },
  };
}
