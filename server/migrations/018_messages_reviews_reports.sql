-- Talk, rate and report (server/src/messages/README.md): threads of messages between a buyer and a
-- seller, double-blind reviews of completed orders, reports and what admins did about them, blocks
-- between users, and suspended accounts.

-- A suspended user cannot use the API until an admin lifts it; their listings are hidden meanwhile.
alter table users add column suspended_at timestamptz;

-- A listing an admin hid, or one whose seller is suspended, is on no list and has no page.
alter table books add column hidden_at timestamptz;
alter table books add column seller_suspended boolean not null default false;

-- A thread between a book's buyer and its seller: an order's (its id the booking's), or a question
-- asked from a book page before booking (one per book and asker).
create table threads (
  id text primary key,
  kind text not null check (kind in ('order', 'book')),
  booking_id text unique references bookings (id) on delete cascade,
  book_id text references books (id) on delete set null,
  book_name text not null,
  img text not null,
  buyer_id text references users (id) on delete set null,
  seller_id text references users (id) on delete set null,
  buyer_name text not null,
  seller_name text not null,
  created_at timestamptz not null,
  -- The latest message's time (or the thread's), the inbox's order.
  updated_at timestamptz not null,
  -- Each side has read every message up to this id.
  buyer_read_id bigint not null default 0,
  seller_read_id bigint not null default 0,
  -- The last email about unread messages of this thread, per side (at most one an hour).
  buyer_emailed_at timestamptz,
  seller_emailed_at timestamptz,
  check ((kind = 'order') = (booking_id is not null)),
  check (kind = 'book' or id = booking_id)
);
create unique index threads_question_once on threads (book_id, buyer_id) where kind = 'book';
create index threads_buyer on threads (buyer_id, updated_at desc, id desc);
create index threads_seller on threads (seller_id, updated_at desc, id desc);

-- Messages take their ids from the notifications' sequence: an event stream carries both, and a
-- reconnect names one Last-Event-ID.
create table messages (
  id bigint primary key default nextval('notifications_id_seq'),
  thread_id text not null references threads (id) on delete cascade,
  author_id text references users (id) on delete set null,
  author_name text not null,
  text text not null check (char_length(text) between 1 and 2000),
  created_at timestamptz not null,
  hidden_at timestamptz
);
create index messages_thread on messages (thread_id, id desc);
-- The email sweep looks at recent messages only.
create index messages_created on messages (created_at);

-- Each new message is announced to every API process with what its streams send, and to whom.
-- A payload past pg_notify's limit goes without the text, and is read from the table.
create function notify_message() returns trigger language plpgsql as $$
declare
  t threads%rowtype;
  payload text;
begin
  select * into t from threads where id = new.thread_id;
  payload := json_build_object(
    'type', 'message', 'users', json_build_array(t.buyer_id, t.seller_id),
    'id', new.id, 'thread_id', new.thread_id, 'author_id', new.author_id, 'author_name', new.author_name,
    'text', new.text, 'created_at', new.created_at, 'hidden_at', new.hidden_at)::text;
  if octet_length(payload) > 7000 then
    payload := json_build_object(
      'type', 'message', 'users', json_build_array(t.buyer_id, t.seller_id), 'id', new.id, 'thread_id', new.thread_id,
      'partial', true)::text;
  end if;
  perform pg_notify('user_notifications', tg_table_schema || ' ' || payload);
  return null;
end
$$;
create trigger messages_announced after insert on messages
  for each row execute function notify_message();

-- One review per side of a completed order. Hidden until both sides posted or the window closed
-- (`shown_at`); an admin may hide one (`hidden_at`).
create table reviews (
  id text primary key,
  booking_id text not null references bookings (id) on delete cascade,
  author_id text references users (id) on delete set null,
  subject_id text references users (id) on delete set null,
  author_name text not null,
  subject_name text not null,
  role text not null check (role in ('buyer', 'seller')), -- the author's side
  rating smallint not null check (rating between 1 and 5),
  comment text check (char_length(comment) <= 1000),
  created_at timestamptz not null,
  shown_at timestamptz,
  reply text check (char_length(reply) <= 1000),
  reply_at timestamptz,
  hidden_at timestamptz,
  unique (booking_id, role)
);
create index reviews_subject on reviews (subject_id, role, shown_at desc, id desc) where shown_at is not null and hidden_at is null;
create index reviews_pending on reviews (booking_id) where shown_at is null;

-- One way: the blocked user cannot message the blocker, ask about or book their books.
create table blocks (
  blocker_id text not null references users (id) on delete cascade,
  blocked_id text not null references users (id) on delete cascade,
  created_at timestamptz not null,
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
);
create index blocks_blocked on blocks (blocked_id);

create table reports (
  id text primary key,
  reporter_id text references users (id) on delete set null,
  kind text not null check (kind in ('book', 'user', 'message', 'review')),
  target_id text not null,
  -- The reported user, or the author of what was reported.
  target_user_id text references users (id) on delete set null,
  -- What was reported as it read then: a book's name, a message's or a review's text, a user's name.
  summary text not null,
  thread_id text,
  reason text not null check (reason in ('fake', 'prohibited', 'abuse', 'spam', 'other')),
  text text check (char_length(text) <= 2000),
  state text not null default 'open' check (state in ('open', 'actioned', 'dismissed')),
  created_at timestamptz not null
);
-- A reporter reports one thing once while it is open.
create unique index reports_open_once on reports (reporter_id, kind, target_id) where state = 'open';
create index reports_created on reports (created_at desc, id desc);
create index reports_state_created on reports (state, created_at desc, id desc);

-- What admins did, who and when: the record of the trust queue.
create table moderation_actions (
  id bigserial primary key,
  report_id text references reports (id) on delete cascade,
  admin_id text references users (id) on delete set null,
  admin_name text not null,
  action text not null check (action in ('hide', 'suspend', 'delete', 'dismiss', 'reinstate')),
  reason text not null check (char_length(reason) between 1 and 500),
  kind text,
  target_id text,
  user_id text,
  created_at timestamptz not null
);
create index moderation_actions_report on moderation_actions (report_id, id);

-- Notifications about messages, reviews and reports.
alter table notifications add column thread_id text references threads (id) on delete cascade;
alter table notifications add column action text;
alter table notifications drop constraint notifications_role_check;
alter table notifications add constraint notifications_role_check check (role in ('buyer', 'seller', 'user'));
-- Message emails and outcomes may recur per order; the rest is told once per order and kind.
drop index notifications_once;
create unique index notifications_once on notifications (user_id, booking_id, kind)
  where kind not in ('code_locked', 'message', 'report_outcome', 'moderated');
