-- Search: books get an author and an optional ISBN (always stored as ISBN-13) and a full-text
-- vector; a dictionary of their words lets misspelt words be corrected (pg_trgm); indexes keep
-- search fast.
-- In public, where every schema on the search path finds it (the test runs give each test file
-- its own schema, with public behind it).
create extension if not exists pg_trgm with schema public;

alter table books add column author text not null default '';
alter table books add column isbn text check (isbn ~ '^97[89][0-9]{10}$');

-- The catalogue's books, as earlier releases seeded them, get their authors and ISBNs.
update books b
set author = seed.author, isbn = seed.isbn
from (values
  ('Pride and Prejudice', 'Jane Austen', '9780141439518'),
  ('Moby-Dick', 'Herman Melville', '9780142437247'),
  ('Great Expectations', 'Charles Dickens', '9780141439563'),
  ('Jane Eyre', 'Charlotte Brontë', '9780141441146'),
  ('A Brief History of Time', 'Stephen Hawking', '9780553380163'),
  ('The Selfish Gene', 'Richard Dawkins', '9780198788607'),
  ('Cosmos', 'Carl Sagan', '9780345539434'),
  ('The Histories', 'Herodotus', '9780140449082'),
  ('SPQR', 'Mary Beard', '9781631492228'),
  ('The Guns of August', 'Barbara W. Tuchman', '9780345476098'),
  ('Charlotte''s Web', 'E. B. White', '9780064400558'),
  ('The Little Prince', 'Antoine de Saint-Exupéry', '9780156012195'),
  ('Matilda', 'Roald Dahl', '9780142410370'),
  ('Winnie-the-Pooh', 'A. A. Milne', '9780525444435'),
  ('The Pragmatic Programmer', 'David Thomas and Andrew Hunt', '9780135957059'),
  ('Structure and Interpretation of Computer Programs', 'Harold Abelson and Gerald Jay Sussman', '9780262510875'),
  ('Clean Code', 'Robert C. Martin', '9780132350884')
) as seed (name, author, isbn), users u
where u.id = b.seller_id and u.system_account and b.name = seed.name and b.author = '';

alter table books add column search_vector tsvector
  generated always as (to_tsvector('english', name || ' ' || author)) stored;

-- Typo tolerance: every word of a title or author, kept once, trigram-indexed. A misspelt word
-- is matched against these few thousand words (fast), not against every book.
create table search_words (word text primary key);
create index search_words_trgm on search_words using gin (word gin_trgm_ops);

create function remember_search_words() returns trigger language plpgsql as $$
begin
  insert into search_words (word)
  select distinct lexeme
  from unnest(tsvector_to_array(to_tsvector('simple', new.name || ' ' || new.author))) as lexeme
  where length(lexeme) between 2 and 40 and lexeme ~ '^[[:alnum:]]+$'
  on conflict do nothing;
  return new;
end
$$;

create trigger books_remember_search_words
  after insert or update of name, author on books
  for each row execute function remember_search_words();

insert into search_words (word)
select distinct lexeme
from books, unnest(tsvector_to_array(to_tsvector('simple', name || ' ' || author))) as lexeme
where length(lexeme) between 2 and 40 and lexeme ~ '^[[:alnum:]]+$'
on conflict do nothing;
create index books_search_vector on books using gin (search_vector) where not sold;
create index books_location_trgm on books using gin (lower(location) gin_trgm_ops) where not sold;
create index books_isbn on books (isbn) where not sold;
create index books_price_unsold on books (resale_price_cents, id) where not sold;
create index books_newest_unsold on books (created_at, id) where not sold;
create index books_seller_unsold on books (seller_id, created_at, id) where not sold;
