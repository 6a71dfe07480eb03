-- A book its seller withdraws (deletes) no longer takes its buyers' unpaid bookings with it: they
-- stay with their buyers, the book id cleared, so My Orders can say the book was withdrawn
-- instead of the row vanishing. Paid bookings are untouched: a sold book is never deleted.
alter table bookings alter column book_id drop not null;
alter table bookings drop constraint bookings_book_id_fkey;
alter table bookings
  add constraint bookings_book_id_fkey foreign key (book_id) references books (id) on delete set null;
