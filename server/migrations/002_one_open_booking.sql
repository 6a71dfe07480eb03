-- A buyer has at most one unpaid booking per book, even when two requests race.
-- Repeats made before this rule are folded into the buyer's oldest unpaid booking of that book.
delete from bookings k
using bookings older
where not k.paid and not older.paid
  and k.buyer_id = older.buyer_id and k.book_id = older.book_id
  and (older.created_at, older.id) < (k.created_at, k.id);

create unique index bookings_one_open_per_buyer_and_book on bookings (buyer_id, book_id) where not paid;
