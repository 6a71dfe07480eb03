-- Book page views, counted cheaply (server/src/insight/README.md): each API process batches the
-- beacons it takes and writes a batch in one statement; a job rolls them up per book and day.

-- A session's view of a book, counted once per 30 minutes. No person is named: the session is
-- an anonymous id the page makes per tab.
create table book_views (
  book_id text not null references books (id) on delete cascade,
  -- The book's seller when it was viewed, so the rollup needs no join.
  seller_id text,
  session text not null,
  viewed_at timestamptz not null
);
create index book_views_recent on book_views (book_id, session, viewed_at desc);
create index book_views_at on book_views (viewed_at);

-- Per book and day (UTC): views, and the distinct sessions that viewed it.
create table book_daily (
  book_id text not null references books (id) on delete cascade,
  day date not null,
  seller_id text,
  views integer not null,
  sessions integer not null,
  primary key (book_id, day)
);
create index book_daily_seller on book_daily (seller_id, day);

-- How far each rollup has gone; its row is locked while one process rolls up.
create table insight_rollups (
  name text primary key,
  through timestamptz not null
);
insert into insight_rollups (name, through) values ('views', '1970-01-01');
