import type { Queryable } from '../db/db';
import type { DeliveryMethod, OrderState } from '../orders/states';
import { keysetPage, Params, type KeysetOrder, type ListPage, type ListPosition } from './keyset';

export interface BookingRow {
  id: string;
  /** Null once the seller withdrew the book: the unpaid booking stays with its buyer, withdrawn. */
  book_id: string | null;
  buyer_id: string | null;
  email: string;
  cus_tomername: string;
  location: string;
  phone: string;
  book_name: string;
  resale_price_cents: number;
  img: string;
  paid: boolean;
  /** The seller of the book when it was booked; null once their account is gone. */
  seller_id: string | null;
  seller_name: string;
  state: OrderState;
  state_at: Date;
  delivery_method: DeliveryMethod;
  delivery_address: string | null;
  carrier: string | null;
  tracking: string | null;
  shipping_cents: number;
  handover_code: string | null;
  code_locked_until: Date | null;
  due_at: Date | null;
  refund_started_at: Date | null;
  /** The platform's cut, fixed when the order was paid (null before). */
  commission_cents: number | null;
  /** Taken off an order of several books (`resale_price_cents` is after it); 0 for one book. */
  discount_cents: number;
  created_at: Date;
}

/** What a new booking is made of. */
export type NewBooking = Pick<
  BookingRow,
  'id' | 'buyer_id' | 'seller_id' | 'email' | 'cus_tomername' | 'location' | 'phone' | 'book_name' | 'resale_price_cents' | 'img'
  | 'delivery_method' | 'delivery_address' | 'shipping_cents' | 'handover_code'
> & { book_id: string; state_at: Date; due_at: Date | null; discount_cents?: number };

/** The PaymentIntent a booking's checkout uses, and how many the booking has had. */
export interface BookingPaymentIntent {
  intentId: string | null;
  intentsMade: number;
}

const columnsOf = (alias: string) =>
  [
    ...['id', 'book_id', 'buyer_id', 'email', 'cus_tomername', 'location', 'phone', 'book_name',
      'resale_price_cents', 'img', 'paid', 'seller_id', 'state', 'state_at', 'delivery_method', 'delivery_address',
      'carrier', 'tracking', 'shipping_cents', 'handover_code', 'code_locked_until', 'due_at', 'refund_started_at',
      'commission_cents', 'discount_cents', 'created_at'].map((column) => `${alias}.${column}`),
    `coalesce((select name from users s where s.id = ${alias}.seller_id), '') as seller_name`,
  ].join(', ');
export const BOOKING_COLUMNS = columnsOf('bookings');
const COLUMNS = BOOKING_COLUMNS;
export { columnsOf as bookingColumnsOf };

/** A buyer's bookings are listed oldest first. */
export const BOOKINGS_OLDEST_FIRST: KeysetOrder = { key: 'bookings.created_at', keyType: 'timestamptz', id: 'bookings.id' };
/** The bookings on a seller's books (`bookings k join books b`) are listed oldest first too. */
export const SELLER_BOOKINGS_OLDEST_FIRST: KeysetOrder = { key: 'k.created_at', keyType: 'timestamptz', id: 'k.id' };

export function bookingsRepository(db: Queryable) {
  return {
    async findById(id: string): Promise<BookingRow | undefined> {
      return (await db.query<BookingRow>(`select ${COLUMNS} from bookings where id = $1`, [id]))[0];
    },

    async findUnpaid(buyerId: string, bookId: string): Promise<BookingRow | undefined> {
      const rows = await db.query<BookingRow>(
        `select ${COLUMNS} from bookings where buyer_id = $1 and book_id = $2 and state = 'booked'`,
        [buyerId, bookId],
      );
      return rows[0];
    },

    /** A page of a buyer's bookings. */
    listByBuyer(buyerId: string, limit: number, after?: ListPosition): Promise<ListPage<BookingRow>> {
      const params = new Params();
      const where = [`bookings.buyer_id = ${params.add(buyerId)}`];
      return keysetPage<BookingRow>(db, { columns: COLUMNS, from: 'bookings', where, params, order: BOOKINGS_OLDEST_FIRST, limit, after });
    },

    /** A page of the bookings of the books a seller listed, sold ones included. */
    listForSeller(sellerId: string, limit: number, after?: ListPosition): Promise<ListPage<BookingRow>> {
      const params = new Params();
      const where = [`b.seller_id = ${params.add(sellerId)}`];
      const from = 'bookings k join books b on b.id = k.book_id';
      return keysetPage<BookingRow>(db, { columns: columnsOf('k'), from, where, params, order: SELLER_BOOKINGS_OLDEST_FIRST, limit, after });
    },

    /**
     * Stores a booking unless the buyer already has an unpaid one of that book (a racing repeat);
     * answers whether it was stored.
     */
    async insertUnlessOpen(booking: NewBooking): Promise<boolean> {
      const rows = await db.query(
        `insert into bookings (id, book_id, buyer_id, email, cus_tomername, location, phone, book_name,
           resale_price_cents, img, seller_id, delivery_method, delivery_address, shipping_cents, handover_code,
           state, state_at, due_at, created_at, discount_cents)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'booked', $16, $17, $16, $18)
         on conflict (buyer_id, book_id) where state = 'booked' do nothing
         returning id`,
        [
          booking.id, booking.book_id, booking.buyer_id, booking.email, booking.cus_tomername,
          booking.location, booking.phone, booking.book_name, booking.resale_price_cents, booking.img,
          booking.seller_id, booking.delivery_method, booking.delivery_address, booking.shipping_cents,
          booking.handover_code, booking.state_at, booking.due_at, booking.discount_cents ?? 0,
        ],
      );
      return rows.length === 1;
    },

    async deleteUnpaid(id: string): Promise<number> {
      // The books an accepted offer held for it go back on sale (a paid order holds none).
      await db.query(
        `update books set sold = false, reserved_booking_id = null
         where reserved_booking_id = $1 and exists (select 1 from bookings where id = $1 and not paid)`,
        [id],
      );
      const rows = await db.query('delete from bookings where id = $1 and not paid returning id', [id]);
      return rows.length;
    },

    /** How many open (unpaid) bookings each of these books has; books without any are left out. */
    async countUnpaidByBook(bookIds: string[]): Promise<Map<string, number>> {
      if (bookIds.length === 0) return new Map();
      const rows = await db.query<{ book_id: string; open: number }>(
        "select book_id, count(*)::int as open from bookings where book_id = any($1::text[]) and state = 'booked' group by book_id",
        [bookIds],
      );
      return new Map(rows.map((row) => [row.book_id, row.open]));
    },

    async deleteUnpaidByBuyer(buyerId: string): Promise<number> {
      await db.query(
        `update books set sold = false, reserved_booking_id = null
         where reserved_booking_id in (select id from bookings where buyer_id = $1 and not paid)`,
        [buyerId],
      );
      const rows = await db.query('delete from bookings where buyer_id = $1 and not paid returning id', [
        buyerId,
      ]);
      return rows.length;
    },

    /** Marks an open booking paid (the order's `paid` step itself is `orders/moves.ts`'s); answers 0 when it was not open. */
    async markPaid(id: string): Promise<number> {
      const rows = await db.query("update bookings set paid = true where id = $1 and state = 'booked' returning id", [
        id,
      ]);
      return rows.length;
    },

    /** The booking whose checkout uses (or last used) this PaymentIntent. */
    async findIdByPaymentIntent(intentId: string): Promise<string | undefined> {
      const rows = await db.query<{ id: string }>('select id from bookings where payment_intent_id = $1', [intentId]);
      return rows[0]?.id;
    },

    async paymentIntentOf(id: string): Promise<BookingPaymentIntent | undefined> {
      const rows = await db.query<{ intent_id: string | null; intents_made: number }>(
        'select payment_intent_id as intent_id, payment_intents_made as intents_made from bookings where id = $1',
        [id],
      );
      return rows[0] && { intentId: rows[0].intent_id, intentsMade: rows[0].intents_made };
    },

    /**
     * Makes `intentId` the booking's PaymentIntent, counting it, unless another request counted one
     * since `intentsMadeBefore` was read; answers whether it was stored.
     */
    async rememberPaymentIntent(id: string, intentId: string, intentsMadeBefore: number): Promise<boolean> {
      const rows = await db.query(
        `update bookings set payment_intent_id = $2, payment_intents_made = payment_intents_made + 1
         where id = $1 and payment_intents_made = $3 and state = 'booked'
         returning id`,
        [id, intentId, intentsMadeBefore],
      );
      return rows.length === 1;
    },
  };
}
