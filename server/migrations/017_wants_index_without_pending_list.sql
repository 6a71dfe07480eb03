-- A new listing reads the wants' words index on every POST and PUT /products. A GIN index keeps
-- new entries in a pending list that every search reads whole (PGlite never vacuums it away), so
-- with many saved wants each listing paid 12-23 ms before finding anything (docs/PERFORMANCE.md,
-- "Wants"). Without the list, each saved want updates the index at once, about as fast.
alter index wants_lexemes set (fastupdate = off);
select gin_clean_pending_list('wants_lexemes'::regclass);
