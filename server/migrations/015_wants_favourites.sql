-- Listing by ISBN, favourites and wants (server/src/wants/README.md).

-- What the book-metadata service said about an ISBN, kept so each ISBN is asked once. A miss is
-- kept too (`found` false), for a shorter while (server/src/books/metadata.ts).
create table isbn_lookups (
  isbn text primary key check (isbn ~ '^97[89][0-9]{10}$'),
  found boolean not null,
  title text,
  author text,
  publisher text,
  year integer,
  -- Where the service keeps its cover, if it has one; the shop imports it into its own image host.
  cover_url text,
  fetched_at timestamptz not null
);

-- A buyer's saved books, with the price they saw (a drop below it tells them).
create table favourites (
  user_id text not null references users (id) on delete cascade,
  book_id text not null references books (id) on delete cascade,
  saved_price_cents bigint not null,
  created_at timestamptz not null,
  primary key (user_id, book_id)
);
create index favourites_book on favourites (book_id);
create index favourites_user on favourites (user_id, created_at desc);

-- "Tell me when it's listed": an ISBN, or words with the search's filters, and a price limit.
create table wants (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  isbn text check (isbn ~ '^97[89][0-9]{10}$'),
  q text,
  -- The words as the search reads a title and author (english stems), all of which a book must have.
  lexemes text[],
  category text,
  condition text,
  location text,
  min_price_cents bigint,
  max_price_cents bigint,
  created_at timestamptz not null,
  check (isbn is not null or (q is not null and lexemes is not null and cardinality(lexemes) > 0))
);
create index wants_user on wants (user_id, created_at desc);
-- A new listing finds its wants through an index: by ISBN, or by the words it contains.
create index wants_isbn on wants (isbn) where isbn is not null;
create index wants_lexemes on wants using gin (lexemes) where lexemes is not null;

-- Notifications about a book rather than an order: a want listed, a favourite's price dropped.
alter table notifications add column book_id text references books (id) on delete cascade;
alter table notifications add column want_id text;
-- One alert per buyer per book per want, however often the book is edited.
create unique index notifications_want_once on notifications (user_id, book_id, want_id) where want_id is not null;
