-- A seller's Stats over a year read every book_daily row of theirs in the period (and the one
-- before): for a dealer with a thousand books, 110,000 rows a year, each on a page of its own.
-- The seller's index now carries what those reads sum, so they are answered from the index alone.
drop index book_daily_seller;
create index book_daily_seller on book_daily (seller_id, day) include (book_id, views, favourites, offers);
