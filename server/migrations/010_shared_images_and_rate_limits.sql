-- What several API processes on one database must share instead of keeping to themselves.

-- Uploaded images in the database (IMAGE_STORE=database): the re-encoded upload itself
-- (variant 'original') and the narrower copies made for srcset ('w320', 'w640', 'w960'), each with
-- its content type. They go with their row of images (removed by the sweep or by hand).
create table image_blobs (
  file_name text not null references images (file_name) on delete cascade,
  variant text not null check (variant in ('original', 'w320', 'w640', 'w960')),
  content_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now(),
  primary key (file_name, variant)
);

-- Rate-limit counters (RATE_LIMIT_STORE=database): hits of one key in its current window, which
-- ends at expires_at (the database's clock, the same for every process). Expired rows are reused
-- by the next hit of their key, and deleted now and then. Unlogged: a counted call then waits for
-- no WAL flush (on the test machine's PostgreSQL 15, 0.5 to 0.7 ms a counted call logged, 0.2 to
-- 0.3 ms unlogged, and 6 ms logged while the disk was busy); the price is that a database crash or
-- a failover to a replica empties the counters, which only restarts the windows.
create unlogged table rate_limits (
  key text primary key,
  hits integer not null check (hits > 0),
  expires_at timestamptz not null
);
create index rate_limits_expires_at on rate_limits (expires_at);
