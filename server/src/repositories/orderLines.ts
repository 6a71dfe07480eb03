import type { Queryable } from '../db/db';

/** A book of an order of several (migration 025), at its price when it was ordered. */
export interface OrderLineRow {
  booking_id: string;
  position: number;
  /** Null once its seller withdrew the book. */
  book_id: string | null;
  name: string;
  price_cents: number;
  img: string;
}

/** A line whose book cannot be sold with its order any more. */
export interface UnsellableLine {
  name: string;
  /** `withdrawn`: its seller took it off sale; `sold`: another buyer paid for it. */
  why: 'withdrawn' | 'sold';
}

export function orderLinesRepository(db: Queryable) {
  return {
    async insert(bookingId: string, lines: readonly Omit<OrderLineRow, 'booking_id' | 'position'>[]): Promise<void> {
      await db.query(
        `insert into order_lines (booking_id, position, book_id, name, price_cents, img)
         select $1, ordinality - 1, line.book_id, line.name, line.price_cents, line.img
         from unnest($2::text[], $3::text[], $4::int[], $5::text[]) with ordinality as line(book_id, name, price_cents, img)`,
        [bookingId, lines.map((line) => line.book_id), lines.map((line) => line.name), lines.map((line) => line.price_cents), lines.map((line) => line.img)],
      );
    },

    /** The lines of these orders, by order; an order of one book has none. */
    async linesOf(bookingIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
      const lines = new Map<string, OrderLineRow[]>();
      if (bookingIds.length === 0) return lines;
      const rows = await db.query<OrderLineRow>(
        `select booking_id, position, book_id, name, price_cents, img from order_lines
         where booking_id = any($1::text[]) order by booking_id, position`,
        [bookingIds],
      );
      for (const row of rows) lines.set(row.booking_id, [...(lines.get(row.booking_id) ?? []), row]);
      return lines;
    },

    /** The order's lines whose books are withdrawn or sold (to anyone); none for an order of one book. */
    async unsellable(bookingId: string): Promise<UnsellableLine[]> {
      return db.query<UnsellableLine>(
        `select l.name, case when b.id is null then 'withdrawn' else 'sold' end as why
         from order_lines l left join books b on b.id = l.book_id
         where l.booking_id = $1 and (b.id is null or (b.sold and b.reserved_booking_id is distinct from $1))
         order by l.position`,
        [bookingId],
      );
    },

    /**
     * Marks the books of the order's lines after its first sold (the first is the order's own
     * book); answers whether every one of them was still for sale.
     */
    async markSold(bookingId: string): Promise<boolean> {
      const [{ lines, sold }] = await db.query<{ lines: number; sold: number }>(
        `with marked as (
           update books set sold = true, reserved_booking_id = null
           where id in (select book_id from order_lines where booking_id = $1 and position > 0)
             and (not sold or reserved_booking_id = $1)
           returning id
         )
         select (select count(*)::int from order_lines where booking_id = $1 and position > 0) as lines,
           (select count(*)::int from marked) as sold`,
        [bookingId],
      );
      return sold === lines;
    },
  };
}
