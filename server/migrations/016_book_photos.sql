-- Photos of the actual copy: up to six per listing. `img` stays the first (the cover, as the
-- spec's listing has it); `photos` holds the rest, in the seller's order.
alter table books add column photos text[] not null default '{}' check (cardinality(photos) <= 5);
