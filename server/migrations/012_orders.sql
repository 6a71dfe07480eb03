-- Orders that finish: a booking carries its state to the end, on a clock the database keeps, and
-- each step tells the people it concerns (server/src/orders/README.md).

-- What a book offers: a meet-up, shipping at a price, or both. Books listed before offer a meet-up.
alter table books add column offers_meetup boolean not null default true;
alter table books add column offers_shipping boolean not null default false;
alter table books add column shipping_price_cents integer
  check (shipping_price_cents is null or shipping_price_cents between 0 and 100000);
alter table books add constraint books_offer_something check (offers_meetup or offers_shipping);
alter table books add constraint books_shipping_priced check (not offers_shipping or shipping_price_cents is not null);

-- The seller, kept on the booking: a withdrawn book's bookings no longer name their book.
alter table bookings add column seller_id text references users (id) on delete set null;
update bookings k set seller_id = b.seller_id from books b where b.id = k.book_id;
create index bookings_seller on bookings (seller_id);

alter table bookings add column state text not null default 'booked' check (state in (
  'booked', 'paid', 'ready', 'shipped', 'received', 'completed',
  'cancelled', 'expired', 'refunded', 'disputed'));
-- When the order entered its state: every deadline counts from it.
alter table bookings add column state_at timestamptz;
alter table bookings add column delivery_method text not null default 'meetup'
  check (delivery_method in ('meetup', 'shipping'));
alter table bookings add column delivery_address text;
alter table bookings add column carrier text;
alter table bookings add column tracking text;
alter table bookings add column shipping_cents integer not null default 0 check (shipping_cents >= 0);
-- The meet-up's proof of hand-over: shown to the buyer only, entered by the seller.
alter table bookings add column handover_code text;
alter table bookings add column code_failures integer not null default 0;
alter table bookings add column code_locked_until timestamptz;
-- The order's next deadline, and the reminder before it; the sweep acts on both when they pass.
alter table bookings add column due_at timestamptz;
alter table bookings add column remind_at timestamptz;
-- A refund under way: set before the payment provider is asked, cleared when the order is
-- refunded. While set, no other move wins; a refund a dead process left is finished by the sweep.
alter table bookings add column refund_started_at timestamptz;
alter table bookings add column refund_reason text;
alter table bookings add column refund_actor text;

-- Orders paid before this existed ended at payment: they are completed (no clock, no code, no
-- refund by a deadline that nobody could have met).
update bookings k set state = 'completed', state_at = coalesce(p.created_at, k.created_at)
  from payments p where p.booking_id = k.id and k.paid;
update bookings set state = 'completed', state_at = created_at where paid and state = 'booked';
-- Unpaid bookings of a withdrawn book were cancelled by their seller.
update bookings set state = 'cancelled', state_at = now() where not paid and book_id is null;
update bookings set state_at = created_at where state_at is null;
alter table bookings alter column state_at set not null;
alter table bookings alter column state_at set default now();
-- Orders made before deadlines existed get theirs from the sweep's first run (orders/deadlines.ts).
create index bookings_due on bookings (due_at) where due_at is not null;
create index bookings_remind on bookings (remind_at) where remind_at is not null;
create index bookings_refund_started on bookings (refund_started_at) where refund_started_at is not null;
create index bookings_state on bookings (state, created_at, id);

-- A buyer holds at most one open (booked) order per book; a cancelled or expired one is history.
drop index bookings_one_open_per_buyer_and_book;
create unique index bookings_one_open_per_buyer_and_book on bookings (buyer_id, book_id) where state = 'booked';
-- A book is sold once at a time: a refunded order puts it back on sale.
drop index bookings_one_paid_per_book;
create unique index bookings_one_paid_per_book on bookings (book_id) where paid and state <> 'refunded';

-- The timeline: one entry per step, oldest first. No order enters a state twice.
create table booking_events (
  id bigserial primary key,
  booking_id text not null references bookings (id) on delete cascade,
  state text not null,
  at timestamptz not null,
  reason text,
  actor text not null default 'system', -- 'buyer', 'seller', 'admin' or 'system'
  unique (booking_id, state)
);
insert into booking_events (booking_id, state, at, actor)
  select id, 'booked', created_at, 'buyer' from bookings;
insert into booking_events (booking_id, state, at, actor)
  select id, 'paid', state_at, 'buyer' from bookings where state = 'completed';
insert into booking_events (booking_id, state, at, reason, actor)
  select id, 'completed', state_at, 'Paid before orders were followed to their end', 'system' from bookings where state = 'completed';
insert into booking_events (booking_id, state, at, actor)
  select id, 'cancelled', state_at, 'seller' from bookings where state = 'cancelled';

-- What each user is told, in the app (live and in the list) and by email.
create table notifications (
  id bigserial primary key,
  user_id text not null references users (id) on delete cascade,
  booking_id text references bookings (id) on delete cascade,
  kind text not null,
  role text not null check (role in ('buyer', 'seller')),
  book_name text not null,
  deadline timestamptz,
  reason text,
  created_at timestamptz not null,
  read_at timestamptz,
  -- The email: waiting, sent, skipped (turned off, or no mail server), or given up on.
  email_state text not null default 'pending' check (email_state in ('pending', 'sent', 'skipped', 'failed')),
  email_lease_until timestamptz,
  email_attempts integer not null default 0
);
create index notifications_user on notifications (user_id, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;
create index notifications_email_pending on notifications (id) where email_state = 'pending';
-- Each step is told once per person, whatever runs twice; a code lock-out may recur.
create unique index notifications_once on notifications (user_id, booking_id, kind) where kind <> 'code_locked';

-- Each new notification is announced to every API process with its row, so the one holding the
-- user's open event streams sends it without reading it again.
create function notify_user_notification() returns trigger language plpgsql as $$
begin
  perform pg_notify('user_notifications', tg_table_schema || ' ' || row_to_json(new)::text);
  return null;
end
$$;
create trigger notifications_announced after insert on notifications
  for each row execute function notify_user_notification();

-- Emails a user turned off, by kind (every kind is on until turned off).
create table notification_settings (
  user_id text not null references users (id) on delete cascade,
  kind text not null,
  email boolean not null,
  primary key (user_id, kind)
);
