-- Each user's score as a seller and as a buyer (server/src/reviews/README.md), kept by the database
-- itself: triggers on reviews and bookings add what each committed change adds or takes away, so
-- no route, job or process can forget it, and a page of books reads its sellers' scores in the
-- same statement (one index lookup a row).
create table user_scores (
  user_id text primary key references users (id) on delete cascade,
  -- Shown, unhidden reviews about the user written by their buyers (as a seller), and by their
  -- sellers (as a buyer): how many, and the sum of their ratings.
  seller_ratings integer not null default 0,
  seller_rating_sum integer not null default 0,
  buyer_ratings integer not null default 0,
  buyer_rating_sum integer not null default 0,
  -- Orders that ended completed or refunded, on each side.
  seller_completed integer not null default 0,
  seller_refunded integer not null default 0,
  buyer_completed integer not null default 0,
  buyer_refunded integer not null default 0
);

-- What a row adds to one user's score (negative: takes away).
create type score_change as (
  user_id text,
  seller_ratings integer,
  seller_rating_sum integer,
  buyer_ratings integer,
  buyer_rating_sum integer,
  seller_completed integer,
  seller_refunded integer,
  buyer_completed integer,
  buyer_refunded integer
);

-- An order that ended completed or refunded counts once on each side.
create function booking_score_changes(k bookings, sign integer) returns setof score_change
language sql immutable as $$
  select k.seller_id, 0, 0, 0, 0, sign * (k.state = 'completed')::int, sign * (k.state = 'refunded')::int, 0, 0
  where k.seller_id is not null and k.state in ('completed', 'refunded')
  union all
  select k.buyer_id, 0, 0, 0, 0, 0, 0, sign * (k.state = 'completed')::int, sign * (k.state = 'refunded')::int
  where k.buyer_id is not null and k.state in ('completed', 'refunded')
$$;

-- A shown, unhidden review counts for its subject: a buyer's (role 'buyer') in the seller's score,
-- a seller's in the buyer's.
create function review_score_changes(r reviews, sign integer) returns setof score_change
language sql immutable as $$
  select r.subject_id,
    case when r.role = 'buyer' then sign else 0 end, case when r.role = 'buyer' then sign * r.rating else 0 end,
    case when r.role = 'seller' then sign else 0 end, case when r.role = 'seller' then sign * r.rating else 0 end,
    0, 0, 0, 0
  where r.subject_id is not null and r.shown_at is not null and r.hidden_at is null
$$;

-- Adds the changes of one statement, one row per user, in the order of their ids: two statements
-- changing the same users at once (two processes sweeping) lock them in the same order and wait,
-- never deadlock. A statement that changes no score writes nothing (and empties no cache). A
-- user who is gone (their rows' references were just cleared) has no score to change.
create function apply_score_changes(changes score_change[]) returns void
language sql as $$
  insert into user_scores as s (user_id, seller_ratings, seller_rating_sum, buyer_ratings, buyer_rating_sum,
    seller_completed, seller_refunded, buyer_completed, buyer_refunded)
  select c.user_id, sum(c.seller_ratings), sum(c.seller_rating_sum), sum(c.buyer_ratings), sum(c.buyer_rating_sum),
    sum(c.seller_completed), sum(c.seller_refunded), sum(c.buyer_completed), sum(c.buyer_refunded)
  from unnest(changes) c
  where exists (select 1 from users u where u.id = c.user_id)
  group by c.user_id
  having sum(c.seller_ratings) <> 0 or sum(c.seller_rating_sum) <> 0 or sum(c.buyer_ratings) <> 0 or sum(c.buyer_rating_sum) <> 0
    or sum(c.seller_completed) <> 0 or sum(c.seller_refunded) <> 0 or sum(c.buyer_completed) <> 0 or sum(c.buyer_refunded) <> 0
  order by c.user_id
  on conflict (user_id) do update set
    seller_ratings = s.seller_ratings + excluded.seller_ratings,
    seller_rating_sum = s.seller_rating_sum + excluded.seller_rating_sum,
    buyer_ratings = s.buyer_ratings + excluded.buyer_ratings,
    buyer_rating_sum = s.buyer_rating_sum + excluded.buyer_rating_sum,
    seller_completed = s.seller_completed + excluded.seller_completed,
    seller_refunded = s.seller_refunded + excluded.seller_refunded,
    buyer_completed = s.buyer_completed + excluded.buyer_completed,
    buyer_refunded = s.buyer_refunded + excluded.buyer_refunded
$$;

-- One trigger per statement and kind of change (transition tables allow one event each): what the
-- rows were takes away, what they are adds.
create function bookings_scored() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform apply_score_changes(array(select c from new_rows n, lateral booking_score_changes(n, 1) c));
  elsif tg_op = 'DELETE' then
    perform apply_score_changes(array(select c from old_rows o, lateral booking_score_changes(o, -1) c));
  else
    perform apply_score_changes(array(
      select c from new_rows n, lateral booking_score_changes(n, 1) c
      union all
      select c from old_rows o, lateral booking_score_changes(o, -1) c));
  end if;
  return null;
end
$$;

create trigger bookings_scored_insert after insert on bookings
  referencing new table as new_rows for each statement execute function bookings_scored();
create trigger bookings_scored_update after update on bookings
  referencing old table as old_rows new table as new_rows for each statement execute function bookings_scored();
create trigger bookings_scored_delete after delete on bookings
  referencing old table as old_rows for each statement execute function bookings_scored();

create function reviews_scored() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform apply_score_changes(array(select c from new_rows n, lateral review_score_changes(n, 1) c));
  elsif tg_op = 'DELETE' then
    perform apply_score_changes(array(select c from old_rows o, lateral review_score_changes(o, -1) c));
  else
    perform apply_score_changes(array(
      select c from new_rows n, lateral review_score_changes(n, 1) c
      union all
      select c from old_rows o, lateral review_score_changes(o, -1) c));
  end if;
  return null;
end
$$;

create trigger reviews_scored_insert after insert on reviews
  referencing new table as new_rows for each statement execute function reviews_scored();
create trigger reviews_scored_update after update on reviews
  referencing old table as old_rows new table as new_rows for each statement execute function reviews_scored();
create trigger reviews_scored_delete after delete on reviews
  referencing old table as old_rows for each statement execute function reviews_scored();

-- The scores of the orders that ended before this migration.
select apply_score_changes(array(select c from bookings k, lateral booking_score_changes(k, 1) c));
select apply_score_changes(array(select c from reviews r, lateral review_score_changes(r, 1) c));

-- Book pages carry their sellers' scores: a change empties the pages kept in memory
-- (migrations/008_table_changes.sql, src/plugins/caches.ts).
create trigger user_scores_changed after insert or update or delete on user_scores
  for each row execute function notify_table_change();
create trigger user_scores_truncated after truncate on user_scores
  for each statement execute function notify_table_change();
