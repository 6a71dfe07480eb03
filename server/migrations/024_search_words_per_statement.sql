-- A book's title and author words are remembered for typo tolerance (006_book_search.sql). The
-- row trigger did it once per inserted row: a dealer's file of thousands of books paid a
-- PL/pgSQL call, a parse and an insert per book, 40 % of the cost of inserting them (25 of 60 ms
-- per 200 books at 50,000 books). Inserts now do it once per statement over all the rows it
-- inserted; updates of a title or author stay per row (a trigger with a column list cannot see
-- a transition table), and are few.
create function remember_inserted_search_words() returns trigger language plpgsql as $$
begin
  insert into search_words (word)
  select distinct lexeme
  from inserted, unnest(tsvector_to_array(to_tsvector('simple', inserted.name || ' ' || inserted.author))) as lexeme
  where length(lexeme) between 2 and 40 and lexeme ~ '^[[:alnum:]]+$'
  on conflict do nothing;
  return null;
end
$$;

drop trigger books_remember_search_words on books;
create trigger books_remember_search_words
  after update of name, author on books
  for each row execute function remember_search_words();
create trigger books_remember_inserted_search_words
  after insert on books
  referencing new table as inserted
  for each statement execute function remember_inserted_search_words();
