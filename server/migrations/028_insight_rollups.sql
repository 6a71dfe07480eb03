-- Sellers and the admin see how the shop is doing (server/src/insight/README.md): the daily
-- rollups the Stats and Insight pages read, recounted whole for the days since the last rollup.

-- A book's other measures per day: favourites saved (and still held), wants it matched, offers on it.
alter table book_daily add column favourites integer not null default 0;
alter table book_daily add column wants_matched integer not null default 0;
alter table book_daily add column offers integer not null default 0;
alter table book_daily alter column views set default 0;
alter table book_daily alter column sessions set default 0;

-- Per seller and day: their books' measures summed, the distinct sessions that viewed any of their books, the orders paid, and
-- the revenue (the books net of commission, shipping excluded; a refund takes its order's off on
-- the day of the refund). An order is the seller's, not a book's: a bundle is one order.
create table seller_daily (
  seller_id text not null,
  day date not null,
  -- Their books' views, favourites and offers that day, summed, so a seller's year reads 365 rows.
  views integer not null default 0,
  favourites integer not null default 0,
  offers integer not null default 0,
  sessions integer not null default 0,
  orders integer not null default 0,
  revenue_cents bigint not null default 0,
  primary key (seller_id, day)
);

-- The whole marketplace per day, for the admin.
create table market_daily (
  day date primary key,
  views integer not null default 0,
  sessions integer not null default 0,
  favourites integer not null default 0,
  offers integer not null default 0,
  offers_accepted integer not null default 0,
  orders integer not null default 0,
  -- The books' price paid, before commission, shipping excluded; a refund takes it off on its day.
  sales_cents bigint not null default 0,
  commission_cents bigint not null default 0,
  refunds integer not null default 0,
  disputes integer not null default 0,
  new_users integer not null default 0,
  new_sellers integer not null default 0,
  new_listings integer not null default 0
);

-- What the rollup reads by time, so a day's recount reads that day only.
create index ledger_transactions_at on ledger_transactions (at) where kind in ('charge', 'refund');
create index favourites_created on favourites (created_at);
create index offers_created on offers (created_at);
create index offer_steps_accepted on offer_steps (at) where action = 'accepted';
create index notifications_want_created on notifications (created_at) where want_id is not null;
create index books_created on books (created_at);
create index booking_events_disputed on booking_events (at) where state = 'disputed';
-- A seller's orders by when they were made (orders by state, reliability).
create index bookings_seller_created on bookings (seller_id, created_at);

-- The "Reliable seller" badge, as book cards show it beside the seller's score: worked out for
-- every seller by the rollup, at most hourly (server/src/insight/README.md).
alter table user_scores add column seller_reliable boolean not null default false;
create index booking_events_paid on booking_events (at) where state = 'paid';
insert into insight_rollups (name, through) values ('badges', '1970-01-01');

-- The watermark now covers every daily rollup: the first one recounts the whole history.
update insight_rollups set name = 'daily', through = '1970-01-01' where name = 'views';
