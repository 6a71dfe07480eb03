import type { Queryable } from '../db/db';
import type { OrderState } from '../orders/states';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

export type ReviewSide = 'buyer' | 'seller';

/** A review as stored, with its order's book name. */
export interface ReviewRow {
  id: string;
  booking_id: string;
  book_name: string;
  author_id: string | null;
  subject_id: string | null;
  author_name: string;
  subject_name: string;
  /** The author's side of the order. */
  role: ReviewSide;
  rating: number;
  comment: string | null;
  created_at: Date;
  /** Set when both sides posted, or the window closed: from then on anyone may read it. */
  shown_at: Date | null;
  reply: string | null;
  reply_at: Date | null;
  /** An admin hid it: on no list, in no score, read by its author only. */
  hidden_at: Date | null;
}

/** An order as reviewing it needs: its state and clock, its sides and their names. */
export interface ReviewedOrder {
  id: string;
  state: OrderState;
  state_at: Date;
  book_name: string;
  buyer_id: string | null;
  seller_id: string | null;
  buyer_name: string;
  seller_name: string;
}

export interface NewReview {
  id: string;
  bookingId: string;
  authorId: string;
  subjectId: string | null;
  authorName: string;
  subjectName: string;
  role: ReviewSide;
  rating: number;
  comment: string | null;
  at: Date;
}

const COLUMNS = `r.id, r.booking_id, k.book_name, r.author_id, r.subject_id, r.author_name, r.subject_name, r.role,
  r.rating::int as rating, r.comment, r.created_at, r.shown_at, r.reply, r.reply_at, r.hidden_at`;
const FROM = 'reviews r join bookings k on k.id = r.booking_id';

/** A user's reviews are listed newest first, by when they were shown (the index `reviews_subject`). */
export const REVIEWS_NEWEST_FIRST: KeysetOrder = { key: 'r.shown_at', keyType: 'timestamptz', id: 'r.id', descending: true };

export function reviewsRepository(db: Queryable) {
  return {
    /**
     * The order, locked until the transaction ends when `lock` (two sides posting at once then
     * take turns, so the second sees the first and both are shown together). `for no key update`
     * leaves rows that refer to the order (notifications, reviews of others) free to be written.
     */
    async orderOf(bookingId: string, { lock }: { lock: boolean }): Promise<ReviewedOrder | undefined> {
      const rows = await db.query<ReviewedOrder>(
        `select k.id, k.state, k.state_at, k.book_name, k.buyer_id, k.seller_id,
           coalesce((select name from users u where u.id = k.buyer_id), k.cus_tomername) as buyer_name,
           coalesce((select name from users u where u.id = k.seller_id), '') as seller_name
         from bookings k where k.id = $1 ${lock ? 'for no key update of k' : ''}`,
        [bookingId],
      );
      return rows[0];
    },

    /** Stores the review unless its side of the order has one already (the unique index decides); answers it. */
    async insert(review: NewReview): Promise<ReviewRow | undefined> {
      const rows = await db.query<ReviewRow>(
        `with r as (
           insert into reviews (id, booking_id, author_id, subject_id, author_name, subject_name, role, rating, comment, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           on conflict (booking_id, role) do nothing
           returning *
         )
         select ${COLUMNS} from r join bookings k on k.id = r.booking_id`,
        [review.id, review.bookingId, review.authorId, review.subjectId, review.authorName, review.subjectName, review.role,
          review.rating, review.comment, review.at],
      );
      return rows[0];
    },

    /** Shows both reviews of the order once both sides posted; answers how many it showed. */
    async showWhenBoth(bookingId: string, at: Date): Promise<number> {
      const rows = await db.query(
        `update reviews set shown_at = $2
         where booking_id = $1 and shown_at is null and (select count(*) from reviews where booking_id = $1) = 2
         returning id`,
        [bookingId, at],
      );
      return rows.length;
    },

    /** The order's reviews (none, one or one per side). */
    async ofBooking(bookingId: string): Promise<ReviewRow[]> {
      return db.query<ReviewRow>(`select ${COLUMNS} from ${FROM} where r.booking_id = $1 order by r.role`, [bookingId]);
    },

    async findById(id: string): Promise<ReviewRow | undefined> {
      return (await db.query<ReviewRow>(`select ${COLUMNS} from ${FROM} where r.id = $1`, [id]))[0];
    },

    /** The subject's reply, only to a shown, unhidden review without one; undefined when it was not stored. */
    async reply(id: string, subjectId: string, text: string, at: Date): Promise<ReviewRow | undefined> {
      const rows = await db.query<ReviewRow>(
        `with r as (
           update reviews set reply = $3, reply_at = $4
           where id = $1 and subject_id = $2 and shown_at is not null and hidden_at is null and reply is null
           returning *
         )
         select ${COLUMNS} from r join bookings k on k.id = r.booking_id`,
        [id, subjectId, text, at],
      );
      return rows[0];
    },

    /** A page of the shown, unhidden reviews about a user, written by the other side (`role`: the authors'). */
    listAbout(subjectId: string, role: ReviewSide, limit: number, after?: ListPosition): Promise<ListPage<ReviewRow>> {
      const params = new Params();
      const where = [
        `r.subject_id = ${params.add(subjectId)}`, `r.role = ${params.add(role)}`, 'r.shown_at is not null', 'r.hidden_at is null',
      ];
      return keysetPage<ReviewRow>(db, { columns: COLUMNS, from: FROM, where, params, order: REVIEWS_NEWEST_FIRST, limit, after });
    },

    /**
     * Shows, at `at`, up to `limit` reviews still hidden whose order completed at `closedBy` or
     * before (its window closed). Rows another process is showing now are skipped, and a review is
     * shown once whoever gets there first. Answers how many it showed.
     */
    async showClosed(closedBy: Date, at: Date, limit: number): Promise<number> {
      const rows = await db.query(
        `with due as (
           select r.id from reviews r join bookings k on k.id = r.booking_id
           where r.shown_at is null and k.state = 'completed' and k.state_at <= $1
           order by r.id limit $3
           for update of r skip locked
         )
         update reviews r set shown_at = $2 from due where r.id = due.id and r.shown_at is null
         returning r.id`,
        [closedBy, at, limit],
      );
      return rows.length;
    },
  };
}
