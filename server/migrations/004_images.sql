-- Uploaded images: who uploaded each stored file and how large it is, for the per-account quota
-- and for removing uploads that no listing uses.

create table images (
  file_name text primary key, -- the name under DATA_DIR/images and in /image-host/i/<file_name>
  -- A deleted account's uploads stay until no listing uses them.
  owner_id text references users (id) on delete set null,
  bytes integer not null check (bytes >= 0),
  created_at timestamptz not null default now()
);
create index images_owner on images (owner_id);
create index images_created_at on images (created_at);
