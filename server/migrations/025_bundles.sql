-- Several books of one seller in one order (server/src/bundles/README.md).

-- A seller's terms for several books in one parcel. `additional_shipping_cents` is what each
-- book after the first adds to the shipping (null: each adds its own shipping price); a discount
-- takes `percent` off the books' total from `min_books` books on, the largest that applies.
create table shop_policies (
  seller_id text primary key references users (id) on delete cascade,
  additional_shipping_cents integer check (additional_shipping_cents >= 0),
  discounts jsonb not null default '[]',
  updated_at timestamptz not null
);

-- A buyer's bundles: the books they gathered, one bundle per seller. A book withdrawn by its
-- seller leaves every bundle; a sold one stays, shown as unavailable.
create table bundle_items (
  buyer_id text not null references users (id) on delete cascade,
  seller_id text not null references users (id) on delete cascade,
  book_id text not null references books (id) on delete cascade,
  added_at timestamptz not null,
  -- The order they were added in, when two share a moment.
  seq bigint generated always as identity,
  primary key (buyer_id, book_id)
);
create index bundle_items_buyer_seller on bundle_items (buyer_id, seller_id, seq);
create index bundle_items_book on bundle_items (book_id);

-- The books of an order of several, each at its price when it was ordered. The order's own
-- `book_id`, `book_name` and `img` are its first book's; its `resale_price_cents` is the books'
-- total after `discount_cents`, so what is paid, what the ledger books and what the seller
-- receives are read as for an order of one. An order of one book has no rows here: its line is
-- the order itself.
create table order_lines (
  booking_id text not null references bookings (id) on delete cascade,
  position integer not null check (position >= 0),
  -- Null once the seller withdrew the book, as for the order's own book.
  book_id text references books (id) on delete set null,
  name text not null,
  price_cents integer not null check (price_cents >= 0),
  img text not null,
  primary key (booking_id, position)
);
create index order_lines_book on order_lines (book_id) where book_id is not null;

alter table bookings add column discount_cents integer not null default 0 check (discount_cents >= 0);
