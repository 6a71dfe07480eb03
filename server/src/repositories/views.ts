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
  };
}
