-- Users, the catalogue, bookings and payments. Ids are 24-hex text; prices are whole cents.

create table users (
  id text primary key,
  name text not null,
  email text not null unique, -- always stored lower-case
  role text not null check (role in ('Buyer', 'seller', 'admin')),
  created_at timestamptz not null default now()
);

create table categories (
  id text primary key,
  name text not null,
  category_id text not null,
  category text not null unique, -- the slug used in /bookCatagoriesId/:id
  img text not null,
  position integer not null
);

create table books (
  id text primary key,
  category text not null references categories (category),
  name text not null,
  img text not null,
  location text not null,
  resale_price_cents integer not null check (resale_price_cents >= 0),
  orginal_price_cents integer not null check (orginal_price_cents >= 0),
  -- A deleted seller's sold books stay on record without an owner.
  seller_id text references users (id) on delete set null,
  seller_email text not null,
  seller_name text not null,
  number text not null,
  uses text not null,
  date text not null,
  condition text not null default '',
  description text not null default '',
  sold boolean not null default false,
  created_at timestamptz not null default now()
);
create index books_category_unsold on books (category) where not sold;
create index books_seller on books (seller_id);

create table bookings (
  id text primary key,
  book_id text not null references books (id),
  -- A deleted buyer's paid bookings stay on record without an owner.
  buyer_id text references users (id) on delete set null,
  email text not null,
  cus_tomername text not null,
  location text not null,
  phone text not null,
  book_name text not null,
  resale_price_cents integer not null check (resale_price_cents >= 0),
  img text not null,
  paid boolean not null default false,
  created_at timestamptz not null default now()
);
create index bookings_buyer on bookings (buyer_id);
create index bookings_book on bookings (book_id);
-- A book is sold once: at most one paid booking per book.
create unique index bookings_one_paid_per_book on bookings (book_id) where paid;

create table payments (
  id text primary key,
  booking_id text not null unique references bookings (id),
  transaction_id text not null unique,
  email text not null,
  amount_cents integer not null,
  created_at timestamptz not null default now()
);
