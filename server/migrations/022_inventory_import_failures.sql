-- An import whose batch keeps failing stops (server/src/inventory/README.md): each failed batch
-- is counted against the import it belongs to, and at the third the import is `failed`, with
-- `failure` saying so, rather than tried again forever ahead of every other seller's file.
alter table inventory_imports add column failures integer not null default 0;
