import type { Queryable } from '../db/db';

/**
 * What a listing tells buyers (README.md beside this file). Each runs right after the listing
 * changed, and writes notifications, which reach open tabs through the database's announcement
 * (`notify_user_notification`) and mail through the outbox.
 */

/**
 * A book listed or edited: every want it matches tells its owner, once per book and want. The
 * wants are found through indexes: by the book's ISBN, and by the words of its title and author
 * (a want's words must all be among them, `lexemes <@`). The seller's own wants, a price above the
 * want's limit, a filter the book does not meet and a hidden listing tell nobody. Answers how many
 * were told.
 */
export async function tellWanters(tx: Queryable, bookIds: readonly string[], at: Date): Promise<number> {
  if (bookIds.length === 0) return 0;
  const rows = await tx.query(
    `with listed as (
       select b.id, b.name, b.isbn, b.seller_id, b.resale_price_cents as price, b.category, b.condition, b.location,
         tsvector_to_array(b.search_vector) as words
       from books b where b.id = any($1::text[]) and not b.sold and b.hidden_at is null and not b.seller_suspended
     ), candidates as (
       select l.id as book_id, w.* from listed l join wants w on w.isbn = l.isbn where l.isbn is not null
       union
       select l.id as book_id, w.* from listed l join wants w on w.lexemes <@ l.words where w.lexemes is not null
     )
     insert into notifications (user_id, kind, role, book_name, created_at, book_id, want_id, amount_cents)
     select c.user_id, 'want_listed', 'buyer', l.name, $2, l.id, c.id, l.price
     from candidates c join listed l on l.id = c.book_id
     where c.user_id <> l.seller_id
       and (c.max_price_cents is null or l.price <= c.max_price_cents)
       and (c.min_price_cents is null or l.price >= c.min_price_cents)
       and (c.category is null or c.category = l.category)
       and (c.condition is null or lower(c.condition) = lower(l.condition))
       and (c.location is null or strpos(lower(l.location), lower(c.location)) > 0)
     on conflict do nothing
     returning id`,
    [bookIds, at],
  );
  return rows.length;
}

/** A book's price went down from `fromCents`: whoever saved it at a higher price is told. */
export async function tellPriceDrop(tx: Queryable, bookId: string, fromCents: number, at: Date): Promise<number> {
  const rows = await tx.query(
    `insert into notifications (user_id, kind, role, book_name, created_at, book_id, amount_cents)
     select f.user_id, 'price_drop', 'buyer', b.name, $3, b.id, b.resale_price_cents
     from favourites f join books b on b.id = f.book_id
     where f.book_id = $1 and not b.sold and b.hidden_at is null and not b.seller_suspended and b.resale_price_cents < $2 and f.user_id <> b.seller_id
     returning id`,
    [bookId, fromCents, at],
  );
  return rows.length;
}

/** The listing of a booked book changed: its buyers (whose bookings keep their price) are told, once per booking. */
export async function tellBookedBuyers(tx: Queryable, bookId: string, at: Date): Promise<number> {
  const rows = await tx.query(
    `insert into notifications (user_id, booking_id, kind, role, book_name, created_at, book_id)
     select k.buyer_id, k.id, 'listing_changed', 'buyer', b.name, $2, b.id
     from bookings k join books b on b.id = k.book_id
     where k.book_id = $1 and k.state = 'booked' and k.buyer_id is not null
     on conflict do nothing
     returning id`,
    [bookId, at],
  );
  return rows.length;
}
