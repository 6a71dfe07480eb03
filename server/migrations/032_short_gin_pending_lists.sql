-- A GIN index gathers new entries in a pending list and merges them into the index in bulk, and
-- every search through the index reads the whole list. A dealer's file of 100,000 rows kept the
-- lists of the books' word and location indexes near their 4 MB default while it applied, and the
-- buyers' word searches took 25–30 % longer meanwhile (docs/PERFORMANCE.md, "A 100,000-row
-- inventory file"). With lists of 64 kB the entries are merged a few hundred books at a time.
do $$
begin
  if to_regclass('books_category_words_unsold') is not null then
    alter index books_category_words_unsold set (gin_pending_list_limit = 64);
  end if;
  if to_regclass('books_search_vector') is not null then
    alter index books_search_vector set (gin_pending_list_limit = 64);
  end if;
end
$$;
alter index books_location_trgm set (gin_pending_list_limit = 64);
alter index search_words_trgm set (gin_pending_list_limit = 64);
