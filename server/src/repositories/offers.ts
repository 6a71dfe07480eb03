import type { Queryable } from '../db/db';
import type { OfferAction, OfferSide, OfferState } from '../offers/rules';

export interface OfferRow {
  id: string;
  buyer_id: string;
  seller_id: string;
  books_key: string;
  state: OfferState;
  awaiting: OfferSide | null;
  amount_cents: number;
  buyer_last_cents: number;
  seller_last_cents: number | null;
  list_price_cents: number;
  delivery_method: 'meetup' | 'shipping';
  delivery_address: string | null;
  location: string;
  phone: string;
  steps: number;
  expires_at: Date | null;
  booking_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface OfferBookRow {
  offer_id: string;
  book_id: string;
  position: number;
  name: string;
  price_cents: number;
}

export interface OfferStepRow {
  offer_id: string;
  seq: number;
  by: OfferSide | 'system';
  action: OfferAction;
  amount_cents: number | null;
  at: Date;
}

/** A step to record, and whom to tell of it. */
export interface StepNews {
  by: OfferSide | 'system';
  action: OfferAction;
  amount_cents: number | null;
  at: Date;
  /** Told, in the bell and by email: each side named here, as `kind`. */
  tell: readonly { side: OfferSide; kind: string }[];
  deadline?: Date | null;
  reason?: string | null;
}

const COLUMNS = `id, buyer_id, seller_id, books_key, state, awaiting, amount_cents, buyer_last_cents, seller_last_cents,
  list_price_cents, delivery_method, delivery_address, location, phone, steps, expires_at, booking_id, created_at, updated_at`;

/** The offer `alias.id`'s books as one name: the first, and how many more (as `orderNameOf`). */
export const offerNameSql = (alias: string) => `(select case when count(*) = 1 then min(name) else
    (array_agg(name order by position))[1] || ' and ' || (count(*) - 1) || ' more book' || case when count(*) > 2 then 's' else '' end end
  from offer_books where offer_id = ${alias}.id)`;

/** What an offer step changes. */
export interface OfferChange {
  state: OfferState;
  awaiting: OfferSide | null;
  amount_cents: number;
  buyer_last_cents: number;
  seller_last_cents: number | null;
  expires_at: Date | null;
  remind_at: Date | null;
  booking_id?: string | null;
  at: Date;
}

export function offersRepository(db: Queryable) {
  return {
    async insert(offer: Omit<OfferRow, 'steps' | 'booking_id' | 'updated_at'> & { remind_at: Date | null }, books: readonly Omit<OfferBookRow, 'offer_id'>[]): Promise<void> {
      await db.query(
        `insert into offers (id, buyer_id, seller_id, books_key, state, awaiting, amount_cents, buyer_last_cents, seller_last_cents,
           list_price_cents, delivery_method, delivery_address, location, phone, steps, expires_at, remind_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, $15, $16, $17, $17)`,
        [offer.id, offer.buyer_id, offer.seller_id, offer.books_key, offer.state, offer.awaiting, offer.amount_cents, offer.buyer_last_cents,
          offer.seller_last_cents, offer.list_price_cents, offer.delivery_method, offer.delivery_address, offer.location, offer.phone,
          offer.expires_at, offer.remind_at, offer.created_at],
      );
      await db.query(
        `insert into offer_books (offer_id, book_id, position, name, price_cents)
         select $1, book.id, book.position, book.name, book.price from unnest($2::text[], $3::int[], $4::text[], $5::int[]) as book(id, position, name, price)`,
        [offer.id, books.map((book) => book.book_id), books.map((book) => book.position), books.map((book) => book.name), books.map((book) => book.price_cents)],
      );
    },

    async findById(id: string, { lock = false } = {}): Promise<OfferRow | undefined> {
      return (await db.query<OfferRow>(`select ${COLUMNS} from offers where id = $1${lock ? ' for update' : ''}`, [id]))[0];
    },

    /** Offers a buyer made on these books (any state), and whether one of them is pending. */
    async madeOn(buyerId: string, booksKey: string): Promise<{ made: number; pending: number }> {
      const [row] = await db.query<{ made: number; pending: number }>(
        `select count(*)::int as made, count(*) filter (where state = 'pending')::int as pending
         from offers where buyer_id = $1 and books_key = $2`,
        [buyerId, booksKey],
      );
      return row;
    },

    /** The caller's offers on one side, newest first, at most 200. */
    listFor(userId: string, side: OfferSide, state?: OfferState): Promise<OfferRow[]> {
      const column = side === 'buyer' ? 'buyer_id' : 'seller_id';
      return db.query<OfferRow>(
        `select ${COLUMNS} from offers where ${column} = $1 and ($2::text is null or state = $2)
         order by created_at desc, id desc limit 200`,
        [userId, state ?? null],
      );
    },

    async booksOf(ids: readonly string[]): Promise<Map<string, OfferBookRow[]>> {
      const rows = await db.query<OfferBookRow>(
        'select offer_id, book_id, position, name, price_cents from offer_books where offer_id = any($1::text[]) order by offer_id, position',
        [ids],
      );
      const books = new Map<string, OfferBookRow[]>();
      for (const row of rows) books.set(row.offer_id, [...(books.get(row.offer_id) ?? []), row]);
      return books;
    },

    async stepsOf(ids: readonly string[]): Promise<Map<string, OfferStepRow[]>> {
      const rows = await db.query<OfferStepRow>(
        'select offer_id, seq, by, action, amount_cents, at from offer_steps where offer_id = any($1::text[]) order by offer_id, seq',
        [ids],
      );
      const steps = new Map<string, OfferStepRow[]>();
      for (const row of rows) steps.set(row.offer_id, [...(steps.get(row.offer_id) ?? []), row]);
      return steps;
    },

    /**
     * Moves the offer if it is still at step `steps` (nobody answered it meanwhile), records the
     * step and tells whom `news` names, in one statement; answers whether it moved.
     */
    async step(id: string, steps: number, change: OfferChange, news: StepNews): Promise<boolean> {
      const rows = await db.query(
        `with moved as (
           update offers set state = $3, awaiting = $4, amount_cents = $5, buyer_last_cents = $6, seller_last_cents = $7,
             expires_at = $8, remind_at = $9, booking_id = coalesce($10, booking_id), steps = steps + 1, updated_at = $11
           where id = $1 and steps = $2
           returning id, buyer_id, seller_id, steps
         ), recorded as (
           insert into offer_steps (offer_id, seq, by, action, amount_cents, at)
           select id, steps, $12, $13, $14, $11 from moved
         ), told as (
           insert into notifications (user_id, offer_id, offer_step, kind, role, book_name, deadline, reason, amount_cents, created_at)
           select case r.side when 'buyer' then m.buyer_id else m.seller_id end, m.id, m.steps, r.kind, r.side,
             ${offerNameSql('m')}, $17, $18, $14, $11
           from moved m cross join unnest($15::text[], $16::text[]) as r(side, kind)
           on conflict do nothing
         )
         select id from moved`,
        [id, steps, change.state, change.awaiting, change.amount_cents, change.buyer_last_cents, change.seller_last_cents,
          change.expires_at, change.remind_at, change.booking_id ?? null, change.at, news.by, news.action, news.amount_cents,
          news.tell.map((told) => told.side), news.tell.map((told) => told.kind), news.deadline ?? null, news.reason ?? null],
      );
      return rows.length === 1;
    },

    /**
     * Declines every pending offer on these books (but `except`), at once: their books were sold
     * or are held for another buyer. Each buyer is told. Answers how many.
     */
    async declinePendingOn(bookIds: readonly string[], except: string | null, at: Date, reason: string): Promise<number> {
      if (bookIds.length === 0) return 0;
      const rows = await db.query(
        `with due as (
           select o.id from offers o
           where o.state = 'pending' and o.id is distinct from $2
             and exists (select 1 from offer_books ob where ob.offer_id = o.id and ob.book_id = any($1::text[]))
           order by o.id for update
         ), moved as (
           update offers o set state = 'declined', awaiting = null, expires_at = null, remind_at = null, steps = steps + 1, updated_at = $3
           from due where o.id = due.id
           returning o.id, o.buyer_id, o.steps
         ), recorded as (
           insert into offer_steps (offer_id, seq, by, action, amount_cents, at) select id, steps, 'system', 'declined', null, $3 from moved
         ), told as (
           insert into notifications (user_id, offer_id, offer_step, kind, role, book_name, reason, created_at)
           select m.buyer_id, m.id, m.steps, 'offer_declined', 'buyer', ${offerNameSql('m')}, $4, $3 from moved m
           on conflict do nothing
         )
         select id from moved`,
        [bookIds, except, at, reason],
      );
      return rows.length;
    },
  };
}
