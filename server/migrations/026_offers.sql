-- Offers: a buyer proposes a price for books of one seller, the two sides counter, and an
-- accepted offer becomes an order at the agreed price (server/src/offers/README.md).

-- Per listing: whether it takes offers, the amount below which one is declined at once (null:
-- half its price), and the amount from which one is accepted at once (null: never).
alter table books add column offers_enabled boolean not null default true;
alter table books add column offer_floor_cents integer check (offer_floor_cents >= 0);
alter table books add column offer_auto_accept_cents integer check (offer_auto_accept_cents >= 0);
-- An accepted offer's order holds its books off the shelf for its buyer: `sold` is set (so no
-- list shows them and nobody else books them) with the order that holds them, until it is paid
-- (then sold for good) or ends unpaid (then back on sale).
alter table books add column reserved_booking_id text references bookings (id) on delete set null;
create index books_reserved on books (reserved_booking_id) where reserved_booking_id is not null;

create table offers (
  id text primary key,
  buyer_id text not null references users (id) on delete cascade,
  seller_id text not null references users (id) on delete cascade,
  -- The books, sorted: the same books are the same key for the limit of offers.
  books_key text not null,
  state text not null check (state in ('pending', 'accepted', 'declined', 'expired')),
  -- Whose answer it waits for, while pending.
  awaiting text check (awaiting in ('buyer', 'seller')),
  -- The amount on the table (the last one offered or countered), the buyer's and the seller's last.
  amount_cents integer not null check (amount_cents > 0),
  buyer_last_cents integer not null,
  seller_last_cents integer,
  -- The books' asking prices together when the offer was made.
  list_price_cents integer not null,
  delivery_method text not null check (delivery_method in ('meetup', 'shipping')),
  delivery_address text,
  location text not null default '',
  phone text not null default '',
  steps integer not null default 1,
  expires_at timestamptz,
  remind_at timestamptz,
  -- The order made when it was accepted.
  booking_id text references bookings (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((state = 'pending') = (awaiting is not null))
);
create index offers_buyer on offers (buyer_id, created_at desc, id desc);
create index offers_seller on offers (seller_id, created_at desc, id desc);
create index offers_limit on offers (buyer_id, books_key);
create index offers_expiring on offers (expires_at) where state = 'pending';
create index offers_reminding on offers (remind_at) where remind_at is not null;

create table offer_books (
  offer_id text not null references offers (id) on delete cascade,
  book_id text not null references books (id) on delete cascade,
  position integer not null,
  name text not null,
  price_cents integer not null,
  primary key (offer_id, book_id)
);
create index offer_books_book on offer_books (book_id);

-- Every step of a negotiation, in order.
create table offer_steps (
  offer_id text not null references offers (id) on delete cascade,
  seq integer not null,
  by text not null check (by in ('buyer', 'seller', 'system')),
  action text not null check (action in ('offered', 'countered', 'accepted', 'declined', 'expired')),
  amount_cents integer,
  at timestamptz not null,
  primary key (offer_id, seq)
);

-- The bell: an offer's news names the offer and its step, told once per user, step and kind.
alter table notifications add column offer_id text references offers (id) on delete cascade;
alter table notifications add column offer_step integer;
create unique index notifications_offer_once on notifications (user_id, offer_id, offer_step, kind) where offer_id is not null;
