-- Inventory files in (server/src/inventory/README.md): an import is checked, then applied, as
-- jobs that any API process may take a batch of rows of (FOR UPDATE SKIP LOCKED).

create table inventory_imports (
  id text primary key,
  seller_id text not null references users (id) on delete cascade,
  state text not null check (state in ('checking', 'checked', 'applying', 'applied', 'failed', 'discarded')),
  -- A full replacement: the seller's copies whose SKU the file lacks are withdrawn.
  replace boolean not null default false,
  file_name text not null default '',
  -- Where the API answers, for the covers it imports (a job has no request to ask).
  base_url text not null,
  row_count integer not null,
  new_count integer not null default 0,
  updated_count integer not null default 0,
  unchanged_count integer not null default 0,
  withdrawn_count integer not null default 0,
  invalid_count integer not null default 0,
  -- Rows checked, then rows applied (with the copies withdrawn by replacement).
  done integer not null default 0,
  total integer not null,
  failure text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  applied_at timestamptz
);
create index inventory_imports_seller on inventory_imports (seller_id, created_at desc, id desc);
-- One import at a time per seller.
create unique index inventory_imports_one_running on inventory_imports (seller_id)
  where state in ('checking', 'applying');

-- The file's rows as read, then what the check made of them.
create table inventory_import_rows (
  import_id text not null references inventory_imports (id) on delete cascade,
  -- The line of the file it starts on (the header is row 1).
  line integer not null,
  sku text,
  cells jsonb not null,
  -- Set by the check: new, updated, unchanged, withdrawn or invalid.
  outcome text check (outcome in ('new', 'updated', 'unchanged', 'withdrawn', 'invalid')),
  -- The copy it lists or changes; a new one's id is chosen by the check, so applying twice lists it once.
  book_id text,
  -- What the copy becomes (new and updated).
  listing jsonb,
  -- Set once the row is written; a row is written once.
  applied boolean not null default false,
  primary key (import_id, line)
);
create index inventory_import_rows_unchecked on inventory_import_rows (import_id, line) where outcome is null;
create index inventory_import_rows_unapplied on inventory_import_rows (import_id, line)
  where not applied and outcome in ('new', 'updated', 'withdrawn');
create index inventory_import_rows_sku on inventory_import_rows (import_id, sku);

-- Each bad row, with the column and a plain message; a row may have several.
create table inventory_import_errors (
  import_id text not null references inventory_imports (id) on delete cascade,
  line integer not null,
  column_name text not null default '',
  message text not null
);
create index inventory_import_errors_import on inventory_import_errors (import_id, line);

-- A replacement's copies that the file lacks, found when the check ends and withdrawn when applied.
create table inventory_import_withdrawals (
  import_id text not null references inventory_imports (id) on delete cascade,
  book_id text not null,
  applied boolean not null default false,
  primary key (import_id, book_id)
);

-- Each change of an import's state or progress is announced to the seller's event streams
-- (`event: import`), in every API process.
create function notify_inventory_import() returns trigger language plpgsql as $$
begin
  perform pg_notify('user_notifications', tg_table_schema || ' ' || json_build_object(
    'type', 'import', 'user_id', new.seller_id, 'id', new.id, 'state', new.state, 'rows', new.row_count,
    'counts', json_build_object('new', new.new_count, 'updated', new.updated_count, 'unchanged', new.unchanged_count,
      'withdrawn', new.withdrawn_count, 'invalid', new.invalid_count),
    'progress', json_build_object('done', new.done, 'total', new.total),
    'createdAt', new.created_at, 'appliedAt', new.applied_at, 'failure', new.failure)::text);
  return null;
end
$$;
create trigger inventory_imports_announced after insert or update on inventory_imports
  for each row execute function notify_inventory_import();

-- What a checked row makes of a copy, as stored in inventory_import_rows.listing: read back with
-- jsonb_populate_record when the row is applied.
create type import_listing as (
  name text, author text, isbn text, category text, condition text, resale_price_cents integer,
  orginal_price_cents integer, location text, number text, offers_meetup boolean, offers_shipping boolean,
  shipping_price_cents integer, description text, img text
);

-- The covers of the book-metadata service for an import's rows with an ISBN and no title,
-- imported into the seller's images once per import and ISBN ('' when there was none to have).
create table inventory_import_covers (
  import_id text not null references inventory_imports (id) on delete cascade,
  isbn text not null,
  img text not null,
  primary key (import_id, isbn)
);
