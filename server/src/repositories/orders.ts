import type { Queryable } from '../db/db';
import type { Actor, OrderState } from '../orders/states';
import { BOOKING_COLUMNS, type BookingRow } from './bookings';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

/** One step of an order's timeline. */
export interface TimelineEntry {
  booking_id: string;
  state: OrderState;
  at: Date;
  reason: string | null;
}

/** An order a move or the sweep changed: whom to tell, and what its book is. */
export interface MovedOrder {
  id: string;
  buyer_id: string | null;
  seller_id: string | null;
  book_id: string | null;
  book_name: string;
}

/** How one set of orders moves from one state to the next. */
export interface Move {
  ids: readonly string[];
  from: OrderState;
  to: OrderState;
  at: Date;
  /** The deadline and the reminder of the state entered. */
  dueAt: Date | null;
  remindAt: Date | null;
  reason: string | null;
  actor: Actor;
  /** Who is told, by side, and as what kind (`orders/states.ts`, `recipientsOf`). */
  tell: readonly { side: 'buyer' | 'seller'; kind: string }[];
  /** Shipping details, for `shipped`. */
  carrier?: string | null;
  tracking?: string | null;
  /** Put the books back on sale (a refund before the book left its seller). */
  relist?: boolean;
}

/** Disputed orders are listed oldest first, by when they were booked. */
export const DISPUTES_OLDEST_FIRST: KeysetOrder = { key: 'bookings.created_at', keyType: 'timestamptz', id: 'bookings.id' };

export function ordersRepository(db: Queryable) {
  return {
    /**
     * Moves every order of `move.ids` that is still in `move.from` (and has no refund under way,
     * unless it is the refund being finished) in one statement: its state and clock, the timeline
     * entry, the notifications, and its book back on sale when asked. An order that moved
     * meanwhile is left alone, so of two simultaneous moves one wins. Answers the orders moved.
     */
    async move(move: Move): Promise<MovedOrder[]> {
      const params = new Params();
      const ids = params.add(move.ids);
      const from = params.add(move.from);
      const to = params.add(move.to);
      const at = params.add(move.at);
      const due = params.add(move.dueAt);
      const remind = params.add(move.remindAt);
      const reason = params.add(move.reason);
      const actor = params.add(move.actor);
      const carrier = params.add(move.carrier ?? null);
      const tracking = params.add(move.tracking ?? null);
      const sides = params.add(move.tell.map((told) => told.side));
      const kinds = params.add(move.tell.map((told) => told.kind));
      const refund = move.to === 'refunded' ? 'is not null' : 'is null';
      // An order that ends unpaid lets go of the books its accepted offer held.
      const release = move.to === 'expired' || move.to === 'cancelled'
        ? `, released as (
             update books set sold = false, reserved_booking_id = null
             where reserved_booking_id in (select id from moved)
             returning id)`
        : '';
      const relist = move.relist
        ? `, relisted as (
             update books set sold = false
             where id in (select book_id from moved where book_id is not null
               union all select l.book_id from order_lines l join moved m on m.id = l.booking_id where l.book_id is not null)
             returning id)`
        : '';
      const rows = await db.query<MovedOrder>(
        `with moved as (
           update bookings set state = ${to}, state_at = ${at}::timestamptz, due_at = ${due}::timestamptz,
             remind_at = ${remind}::timestamptz, paid = paid or ${to} = 'paid',
             carrier = coalesce(${carrier}::text, carrier), tracking = coalesce(${tracking}::text, tracking),
             refund_started_at = null, refund_reason = null, refund_actor = null,
             code_failures = 0, code_locked_until = null
           where id = any(${ids}::text[]) and state = ${from} and refund_started_at ${refund}
             -- A problem is reported only while its window is open, checked as the move is made.
             and (${to} <> 'disputed' or due_at > ${at}::timestamptz)
           returning id, buyer_id, seller_id, book_id, book_name
         ), timeline as (
           insert into booking_events (booking_id, state, at, reason, actor)
           select id, ${to}, ${at}::timestamptz, ${reason}::text, ${actor} from moved
           on conflict do nothing
           returning id
         ), told as (
           insert into notifications (user_id, booking_id, kind, role, book_name, deadline, reason, created_at)
           select who.user_id, m.id, r.kind, r.side, m.book_name, ${due}::timestamptz, ${reason}::text, ${at}::timestamptz
           from moved m
           cross join unnest(${sides}::text[], ${kinds}::text[]) as r(side, kind)
           cross join lateral (select case r.side when 'buyer' then m.buyer_id else m.seller_id end as user_id) who
           where who.user_id is not null
           order by m.id, r.side
           on conflict do nothing
           returning id
         )${relist}${release}
         select id, buyer_id, seller_id, book_id, book_name from moved`,
        params.values,
      );
      return rows;
    },

    /** The first step of a new order: its timeline begins, and the seller is told. */
    async begin(booking: { id: string; seller_id: string | null; book_name: string }, at: Date, dueAt: Date | null): Promise<void> {
      await db.query(
        `with timeline as (
           insert into booking_events (booking_id, state, at, actor) values ($1, 'booked', $2, 'buyer')
         )
         insert into notifications (user_id, booking_id, kind, role, book_name, deadline, created_at)
         select $3::text, $1, 'booked', 'seller', $4, $5, $2 where $3::text is not null
         on conflict do nothing`,
        [booking.id, at, booking.seller_id, booking.book_name, dueAt],
      );
    },

    /** The timelines of these orders, each oldest first. */
    async timelinesOf(ids: readonly string[]): Promise<Map<string, TimelineEntry[]>> {
      const timelines = new Map<string, TimelineEntry[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return timelines;
      const rows = await db.query<TimelineEntry>(
        'select booking_id, state, at, reason from booking_events where booking_id = any($1::text[]) order by at, id',
        [ids],
      );
      for (const row of rows) timelines.get(row.booking_id)?.push(row);
      return timelines;
    },

    /** Starts the refund of an order still in `from` with none under way; answers whether it started. */
    async startRefund(id: string, from: OrderState, at: Date, reason: string, actor: Actor): Promise<boolean> {
      const rows = await db.query(
        `update bookings set refund_started_at = $3, refund_reason = $4, refund_actor = $5
         where id = $1 and state = $2 and refund_started_at is null returning id`,
        [id, from, at, reason, actor],
      );
      return rows.length === 1;
    },

    /** Gives up a refund this caller started (the provider failed), so the order can move again. */
    async abandonRefund(id: string, startedAt: Date): Promise<void> {
      await db.query(
        `update bookings set refund_started_at = null, refund_reason = null, refund_actor = null
         where id = $1 and refund_started_at = $2`,
        [id, startedAt],
      );
    },

    /** The charge an order was paid with. */
    async transactionOf(id: string): Promise<string | undefined> {
      const rows = await db.query<{ transaction_id: string }>('select transaction_id from payments where booking_id = $1', [id]);
      return rows[0]?.transaction_id;
    },

    /**
     * Checks a hand-over code and counts it when wrong, in one statement, only while the order is
     * `ready` and codes are not locked: simultaneous tries are counted one after another, none is
     * compared once the lock is on, and the try that locks is the only one that says so.
     * Undefined when no try was taken (not ready, or locked).
     */
    async tryCode(
      id: string, code: string, now: Date, { tries, lockUntil }: { tries: number; lockUntil: Date },
    ): Promise<{ matched: boolean; failures: number; locked: boolean } | undefined> {
      const rows = await db.query<{ matched: boolean; failures: number; locked: boolean }>(
        `update bookings set
           code_failures = case when coalesce(handover_code = $2, false) then code_failures
                                when code_failures + 1 >= $4 then 0 else code_failures + 1 end,
           code_locked_until = case when not coalesce(handover_code = $2, false) and code_failures + 1 >= $4 then $5::timestamptz
                                    else code_locked_until end
         where id = $1 and state = 'ready' and (code_locked_until is null or code_locked_until <= $3)
         returning coalesce(handover_code = $2, false) as matched, code_failures as failures,
           coalesce(code_locked_until > $3, false) as locked`,
        [id, code, now, tries, lockUntil],
      );
      return rows[0];
    },

    /** Tells a user something outside a move (a reminder, a code lock-out); answers whether it was new. */
    async tell(notification: {
      userId: string; bookingId: string; kind: string; role: 'buyer' | 'seller'; bookName: string;
      deadline: Date | null; at: Date;
    }): Promise<boolean> {
      const rows = await db.query(
        `insert into notifications (user_id, booking_id, kind, role, book_name, deadline, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning id`,
        [notification.userId, notification.bookingId, notification.kind, notification.role, notification.bookName,
          notification.deadline, notification.at],
      );
      return rows.length === 1;
    },

    /** Moves one order's clock `ms` ahead, as if that long had passed (`ORDER_TIME_TRAVEL`, tests only). */
    async elapse(id: string, ms: number): Promise<boolean> {
      const rows = await db.query(
        `update bookings set state_at = state_at - $2::interval, due_at = due_at - $2::interval,
           remind_at = remind_at - $2::interval, code_locked_until = code_locked_until - $2::interval,
           refund_started_at = refund_started_at - $2::interval
         where id = $1 returning id`,
        [id, `${ms} milliseconds`],
      );
      return rows.length === 1;
    },

    /** A page of the orders in dispute, with how many there are. */
    async listDisputed(limit: number, after?: ListPosition): Promise<{ page: ListPage<BookingRow>; total: number }> {
      const params = new Params();
      const where = ["bookings.state = 'disputed'"];
      const [page, [{ total }]] = await Promise.all([
        keysetPage<BookingRow>(db, { columns: BOOKING_COLUMNS, from: 'bookings', where, params, order: DISPUTES_OLDEST_FIRST, limit, after }),
        db.query<{ total: number }>("select count(*)::int as total from bookings where state = 'disputed'"),
      ]);
      return { page, total };
    },
  };
}
