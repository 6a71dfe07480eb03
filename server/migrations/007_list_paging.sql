-- Lists that page: every list is read in a fixed order, a page at a time, continuing after the
-- last row of the page before (keyset paging). These indexes serve those orders, and the admin
-- lists' contains-filter on a name or an email.

-- A category's books for sale, oldest first (all books for sale use books_newest_unsold).
create index books_category_unsold_created on books (category, created_at, id) where not sold;
-- A seller's own books (sold ones included), oldest first.
create index books_seller_created on books (seller_id, created_at, id);
-- A buyer's bookings, oldest first.
create index bookings_buyer_created on bookings (buyer_id, created_at, id);

-- The admin lists: by joining date, by name (any case) or by email, and filtered by a part of either.
create index users_created on users (created_at, id);
create index users_name on users (lower(name), id);
create index users_email_id on users (email, id);
create index users_name_trgm on users using gin (lower(name) gin_trgm_ops);
create index users_email_trgm on users using gin (email gin_trgm_ops);
