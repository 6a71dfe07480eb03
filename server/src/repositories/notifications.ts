import type { Queryable } from '../db/db';
import type { NotificationKind } from '../mail/kinds';

/** A notification as stored (and as the database announces it, `row_to_json`). */
export interface NotificationRow {
  id: string | number;
  user_id: string;
  booking_id: string | null;
  kind: NotificationKind;
  role: 'buyer' | 'seller' | 'user';
  book_name: string;
  deadline: Date | string | null;
  reason: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
  /** A payout's news: the payout and its amount (cents). */
  payout_id?: string | null;
  amount_cents?: number | string | null;
  /** A book's news (a want listed, a price drop): the book, and the want it matched. */
  book_id?: string | null;
  want_id?: string | null;
  /** A message's news: its thread; what an admin did (`report_outcome`, `moderated`). */
  thread_id?: string | null;
  offer_id?: string | null;
  action?: string | null;
}

// `id` goes out as text (a bigint); order by `notifications.id`, the number, never by this text.
const COLUMNS =
  'id::text as id, user_id, booking_id, kind, role, book_name, deadline, reason, created_at, read_at, payout_id, amount_cents, book_id, want_id, thread_id, action, offer_id';

/** The most notifications a reconnecting stream is sent at once. */
export const REPLAY_MAX = 200;

export function notificationsRepository(db: Queryable) {
  return {
    /** A page of a user's notifications, newest first, before the id `before` (a cursor); one more tells whether more follow. */
    async listForUser(userId: string, limit: number, before?: string): Promise<{ rows: NotificationRow[]; more: boolean }> {
      const rows = await db.query<NotificationRow>(
        `select ${COLUMNS} from notifications
         where user_id = $1 and ($2::bigint is null or notifications.id < $2::bigint)
         order by notifications.id desc limit $3`,
        [userId, before ?? null, limit + 1],
      );
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    async unreadCount(userId: string): Promise<number> {
      const rows = await db.query<{ unread: number }>(
        'select count(*)::int as unread from notifications where user_id = $1 and read_at is null',
        [userId],
      );
      return rows[0]?.unread ?? 0;
    },

    /**
     * The user's notifications after the id `after`, and those written since `since` (a row may
     * commit after a later id was sent), in id order: a stream catching up.
     */
    async after(userId: string, after: string, limit = REPLAY_MAX, since?: Date): Promise<NotificationRow[]> {
      return db.query<NotificationRow>(
        `select ${COLUMNS} from notifications
         where user_id = $1 and (notifications.id > $2::bigint or notifications.created_at >= $4::timestamptz)
         order by notifications.id limit $3`,
        [userId, after, limit, since ?? null],
      );
    },

    /** Whether the notification exists and is the user's. */
    async owns(userId: string, id: string): Promise<boolean> {
      const rows = await db.query('select 1 from notifications where id = $1::bigint and user_id = $2', [id, userId]);
      return rows.length === 1;
    },

    async markRead(userId: string, id: string, at: Date): Promise<number> {
      const rows = await db.query(
        'update notifications set read_at = $3 where id = $1::bigint and user_id = $2 and read_at is null returning id',
        [id, userId, at],
      );
      return rows.length;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const rows = await db.query(
        'update notifications set read_at = $2 where user_id = $1 and read_at is null returning id',
        [userId, at],
      );
      return rows.length;
    },

    /** The kinds of email the user turned off. */
    async emailsOff(userId: string): Promise<Set<NotificationKind>> {
      const rows = await db.query<{ kind: NotificationKind }>(
        'select kind from notification_settings where user_id = $1 and not email',
        [userId],
      );
      return new Set(rows.map((row) => row.kind));
    },

    async setEmail(userId: string, kind: NotificationKind, on: boolean): Promise<void> {
      await db.query(
        `insert into notification_settings (user_id, kind, email) values ($1, $2, $3)
         on conflict (user_id, kind) do update set email = excluded.email`,
        [userId, kind, on],
      );
    },

    /** Whether the user exists (an unsubscribe link may outlive its account). */
    async userExists(userId: string): Promise<boolean> {
      return (await db.query('select 1 from users where id = $1', [userId])).length === 1;
    },
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A notification on the wire (docs/API.md, "Notifications"). */
export function notificationOnWire(row: NotificationRow) {
  return {
    _id: String(row.id),
    kind: row.kind,
    bookingId: row.booking_id ?? '',
    bookName: row.book_name,
    role: row.role,
    at: iso(row.created_at),
    read: row.read_at !== null,
    ...(row.deadline !== null && { deadline: iso(row.deadline) }),
    ...(row.reason !== null && { reason: row.reason }),
    ...(row.payout_id != null && { payoutId: row.payout_id }),
    ...(row.amount_cents != null && { amount: Number(row.amount_cents) / 100 }),
    ...(row.book_id != null && { bookId: row.book_id }),
    ...(row.want_id != null && { wantId: row.want_id }),
    ...(row.thread_id != null && { threadId: row.thread_id }),
    ...(row.action != null && { action: row.action }),
    ...(row.offer_id != null && { offerId: row.offer_id }),
  };
}

export type NotificationOnWire = ReturnType<typeof notificationOnWire>;
