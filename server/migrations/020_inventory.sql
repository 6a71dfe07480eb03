-- Dealers' inventory files (server/src/inventory/README.md).

-- The seller's own id for a copy: the SKU of their inventory files. A book listed by hand has
-- none, and its id stands for it, so each copy a seller has is named once.
alter table books add column sku text;
create unique index books_seller_sku on books (seller_id, (coalesce(sku, id)));

-- What a row of a seller's file leaves out (PUT /inventory/defaults).
create table inventory_defaults (
  seller_id text primary key references users (id) on delete cascade,
  phone text,
  location text,
  delivery text check (delivery in ('meetup', 'shipping', 'both')),
  category text references categories (category) on delete set null,
  updated_at timestamptz not null default now()
);
