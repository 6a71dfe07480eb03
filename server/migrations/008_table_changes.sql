-- Every committed change of the tables whose reads the API keeps in memory (the catalogue and the
-- users, src/plugins/caches.ts) is announced on the channel table_changes as 'schema.table', so
-- each API process on this database drops what it kept. NOTIFY is sent at commit (nothing for a
-- rolled-back change), once per transaction for the same payload, and only when a statement
-- touched a row (a statement that matches nothing announces nothing).
create function notify_table_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('table_changes', tg_table_schema || '.' || tg_table_name);
  return null;
end
$$;

create trigger books_changed after insert or update or delete on books
  for each row execute function notify_table_change();
create trigger books_truncated after truncate on books
  for each statement execute function notify_table_change();

create trigger categories_changed after insert or update or delete on categories
  for each row execute function notify_table_change();
create trigger categories_truncated after truncate on categories
  for each statement execute function notify_table_change();

create trigger users_changed after insert or update or delete on users
  for each row execute function notify_table_change();
create trigger users_truncated after truncate on users
  for each statement execute function notify_table_change();
