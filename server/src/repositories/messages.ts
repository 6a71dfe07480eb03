import type { Queryable } from '../db/db';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

/** A thread as stored, with what its reader needs: the last message and the reader's unread count. */
export interface ThreadRow {
  id: string;
  kind: 'order' | 'book';
  booking_id: string | null;
  book_id: string | null;
  book_name: string;
  img: string;
  buyer_id: string | null;
  seller_id: string | null;
  buyer_name: string;
  seller_name: string;
  created_at: Date;
  updated_at: Date;
  /** The order's state and when it entered it (an order's thread). */
  order_state: string | null;
  order_state_at: Date | null;
}

export interface ThreadSummary extends ThreadRow {
  unread: number;
  last_id: string | null;
  last_text: string | null;
  last_at: Date | null;
  last_author_id: string | null;
  last_hidden: boolean | null;
}

export interface MessageRow {
  id: string;
  thread_id: string;
  author_id: string | null;
  author_name: string;
  text: string;
  created_at: Date | string;
  hidden_at: Date | string | null;
}

const THREAD_COLUMNS = `t.id, t.kind, t.booking_id, t.book_id, t.book_name, t.img, t.buyer_id, t.seller_id, t.buyer_name,
  t.seller_name, t.created_at, t.updated_at, b.state as order_state, b.state_at as order_state_at`;
// `id` goes out as text (a bigint); order by `messages.id`, the number, never by this text.
const MESSAGE_COLUMNS = 'id::text as id, thread_id, author_id, author_name, text, created_at, hidden_at';

/** The reader's side of a thread, as the columns of its read mark name it. */
export type Side = 'buyer' | 'seller';

/** The summary columns of threads `t` as `$1` (a user) reads them. */
const SUMMARY_COLUMNS = `${THREAD_COLUMNS},
  (select count(*)::int from messages m
    where m.thread_id = t.id and m.author_id is distinct from $1
      and m.id > case when t.buyer_id = $1 then t.buyer_read_id else t.seller_read_id end) as unread,
  l.id::text as last_id, l.text as last_text, l.created_at as last_at, l.author_id as last_author_id,
  l.hidden_at is not null as last_hidden`;
const SUMMARY_FROM = `threads t left join bookings b on b.id = t.booking_id
  left join lateral (select * from messages m where m.thread_id = t.id order by m.id desc limit 1) l on true`;

export const THREAD_ORDER: KeysetOrder = { key: 't.updated_at', keyType: 'timestamptz', id: 't.id', descending: true };

/** A question thread's id is made by the caller; an order's is its booking's. */
export function messagesRepository(db: Queryable) {
  return {
    async thread(id: string): Promise<ThreadRow | undefined> {
      const rows = await db.query<ThreadRow>(
        `select ${THREAD_COLUMNS} from threads t left join bookings b on b.id = t.booking_id where t.id = $1`,
        [id],
      );
      return rows[0];
    },

    /** The thread `id` with `userId`'s unread count and its last message. */
    async summary(id: string, userId: string): Promise<ThreadSummary | undefined> {
      const rows = await db.query<ThreadSummary>(`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where t.id = $2`, [userId, id]);
      return rows[0];
    },

    /** Opens the thread of an order (once), from its booking; undefined when there is no such booking. */
    async openOrderThread(bookingId: string, at: Date): Promise<ThreadRow | undefined> {
      await db.query(
        `insert into threads (id, kind, booking_id, book_id, book_name, img, buyer_id, seller_id, buyer_name, seller_name, created_at, updated_at)
         select b.id, 'order', b.id, b.book_id, b.book_name, b.img, b.buyer_id, b.seller_id,
           coalesce(bu.name, b.cus_tomername), coalesce(su.name, bk.seller_name, ''), $2, $2
         from bookings b
         left join users bu on bu.id = b.buyer_id
         left join users su on su.id = b.seller_id
         left join books bk on bk.id = b.book_id
         where b.id = $1
         on conflict (id) do nothing`,
        [bookingId, at],
      );
      return this.thread(bookingId);
    },

    /** Opens an order's thread when `user` is a side of the booking `bookingId`. */
    async openOrderThreadFor(bookingId: string, user: { id: string }, at: Date): Promise<ThreadRow | undefined> {
      const rows = await db.query('select 1 from bookings where id = $1 and (buyer_id = $2 or seller_id = $2)', [bookingId, user.id]);
      return rows.length === 1 ? this.openOrderThread(bookingId, at) : undefined;
    },

    /** A listed book someone may ask about: not hidden, its seller not suspended. */
    async bookAskedAbout(id: string): Promise<{ id: string; name: string; img: string; seller_id: string | null; seller_name: string } | undefined> {
      const rows = await db.query<{ id: string; name: string; img: string; seller_id: string | null; seller_name: string }>(
        `select b.id, b.name, b.img, b.seller_id, coalesce(u.name, b.seller_name) as seller_name
         from books b left join users u on u.id = b.seller_id
         where b.id = $1 and b.hidden_at is null and not b.seller_suspended`,
        [id],
      );
      return rows[0];
    },

    /** The asker's thread about a book, opened on their first question. */
    async openQuestionThread(
      id: string,
      book: { id: string; name: string; img: string; sellerId: string; sellerName: string },
      asker: { id: string; name: string },
      at: Date,
    ): Promise<ThreadRow> {
      await db.query(
        `insert into threads (id, kind, book_id, book_name, img, buyer_id, seller_id, buyer_name, seller_name, created_at, updated_at)
         values ($1, 'book', $2, $3, $4, $5, $6, $7, $8, $9, $9)
         on conflict (book_id, buyer_id) where kind = 'book' do nothing`,
        [id, book.id, book.name, book.img, asker.id, book.sellerId, asker.name, book.sellerName, at],
      );
      const rows = await db.query<ThreadRow>(
        `select ${THREAD_COLUMNS} from threads t left join bookings b on b.id = t.booking_id
         where t.kind = 'book' and t.book_id = $1 and t.buyer_id = $2`,
        [book.id, asker.id],
      );
      const thread = rows[0];
      if (!thread) throw new Error('the question thread was neither made nor found');
      return thread;
    },

    /** A page of `userId`'s threads, the latest message first. */
    async listFor(userId: string, limit: number, after?: ListPosition): Promise<ListPage<ThreadSummary>> {
      const params = new Params();
      params.add(userId);
      return keysetPage<ThreadSummary>(db, {
        columns: SUMMARY_COLUMNS,
        from: SUMMARY_FROM,
        // A thread opened by reading an order's page is listed from its first message on.
        where: ['(t.buyer_id = $1 or t.seller_id = $1)', 'l.id is not null'],
        params,
        order: THREAD_ORDER,
        limit,
        after,
      });
    },

    /** Messages from the other side that `userId` has not read, over all their threads. */
    async unreadTotal(userId: string): Promise<number> {
      const rows = await db.query<{ unread: number }>(
        `select count(*)::int as unread from threads t join messages m on m.thread_id = t.id
         where (t.buyer_id = $1 or t.seller_id = $1) and m.author_id is distinct from $1
           and m.id > case when t.buyer_id = $1 then t.buyer_read_id else t.seller_read_id end`,
        [userId],
      );
      return rows[0]?.unread ?? 0;
    },

    /** A page of a thread's messages, newest first, before the id `before`. */
    async messages(threadId: string, limit: number, before?: string): Promise<{ rows: MessageRow[]; more: boolean }> {
      const rows = await db.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from messages
         where thread_id = $1 and ($2::bigint is null or messages.id < $2::bigint)
         order by messages.id desc limit $3`,
        [threadId, before ?? null, limit + 1],
      );
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    async message(id: string): Promise<MessageRow | undefined> {
      const rows = await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from messages where id = $1::bigint`, [id]);
      return rows[0];
    },

    /** The messages of `userId`'s threads after the id `after`, and those written since `since`, in id order (a stream catching up). */
    async after(userId: string, after: string, limit: number, since?: Date): Promise<MessageRow[]> {
      return db.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from messages
         where (messages.id > $2::bigint or messages.created_at >= $4::timestamptz)
           and thread_id in (select id from threads where buyer_id = $1 or seller_id = $1)
         order by messages.id limit $3`,
        [userId, after, limit, since ?? null],
      );
    },

    /** Adds a message; the author has read everything up to it. */
    async insert(thread: ThreadRow, author: { id: string; name: string }, side: Side, text: string, at: Date): Promise<MessageRow> {
      const rows = await db.query<MessageRow>(
        `insert into messages (thread_id, author_id, author_name, text, created_at) values ($1, $2, $3, $4, $5)
         returning ${MESSAGE_COLUMNS}`,
        [thread.id, author.id, author.name, text, at],
      );
      const message = rows[0];
      if (!message) throw new Error('the message was not stored');
      await db.query(
        `update threads set updated_at = greatest(updated_at, $2), ${side}_read_id = greatest(${side}_read_id, $3::bigint) where id = $1`,
        [thread.id, at, message.id],
      );
      return message;
    },

    /** Marks every message of the thread read by `side`; answers how many were unread. */
    async markRead(threadId: string, userId: string, side: Side): Promise<number> {
      const rows = await db.query<{ unread: number }>(
        `with latest as (select coalesce(max(id), 0) as id from messages where thread_id = $1),
         before as (select ${side}_read_id as read_id from threads where id = $1),
         unread as (
           select count(*)::int as unread from messages m, before
           where m.thread_id = $1 and m.id > before.read_id and m.author_id is distinct from $2
         ),
         marked as (update threads set ${side}_read_id = greatest(${side}_read_id, (select id from latest)) where id = $1)
         select unread from unread`,
        [threadId, userId],
      );
      return rows[0]?.unread ?? 0;
    },

    /** Hides a message (an admin's action); answers whether it was shown before. */
    async hide(id: string, at: Date): Promise<boolean> {
      const rows = await db.query('update messages set hidden_at = $2 where id = $1::bigint and hidden_at is null returning id', [id, at]);
      return rows.length === 1;
    },

    /** Whether a report names a message of this thread (an admin may read it then). */
    async reported(threadId: string): Promise<boolean> {
      const rows = await db.query("select 1 from reports where kind = 'message' and thread_id = $1 limit 1", [threadId]);
      return rows.length === 1;
    },
  };
}
