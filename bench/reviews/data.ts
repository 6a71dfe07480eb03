import type { Db } from '../../server/src/db/db';

/** The page measured: `GET /bookCatagoriesId/fiction?limit=100`. */
export const PAGE_SIZE = 100;
export const CATEGORY = 'fiction';

/** Ids of the generated buyers, orders and reviews: ranges the generated shop (bench/bookData.ts) leaves free. */
const BUYER_BASE = 0x2000000;
const ORDER_BASE = 0x3000000;
const REVIEW_BASE = 0x4000000;

/**
 * Adds `reviews` completed orders to a generated shop, each with its buyer's review of the seller,
 * shown 20 days ago: review `g` is about seller `1 + g % sellers` (every seller of the shop has
 * one or more), written by one of `buyers` buyers, rated 1 to 5 in turn. The orders are books no
 * longer listed (no book id), so the books for sale are the same as without them. The database's
 * triggers make the sellers' and buyers' scores, as they would one order and review at a time.
 */
export async function addShownReviews(db: Db, { reviews, sellers, buyers }: { reviews: number; sellers: number; buyers: number }): Promise<void> {
  await db.query(
    `insert into users (id, name, email, role, firebase_uid)
     select lpad(to_hex(${BUYER_BASE} + g), 24, '0'), 'Buyer ' || g, 'buyer' || g || '@bench.test', 'Buyer', 'bench-buyer-' || g
     from generate_series(1, $1::int) g`,
    [buyers],
  );
  await db.query(
    `insert into bookings (id, book_id, buyer_id, email, cus_tomername, location, phone, book_name, resale_price_cents, img,
       paid, seller_id, state, state_at, created_at)
     select lpad(to_hex(${ORDER_BASE} + g), 24, '0'), null, lpad(to_hex(${BUYER_BASE} + 1 + g % $2::int), 24, '0'),
       'buyer' || (1 + g % $2::int) || '@bench.test', 'Buyer ' || (1 + g % $2::int), 'Here', '+1 555 0100', 'A used book', 1000,
       '/image-host/i/category-fiction.svg', true, lpad(to_hex(1 + g % $3::int), 24, '0'), 'completed',
       now() - interval '30 days', now() - interval '40 days'
     from generate_series(1, $1::int) g`,
    [reviews, buyers, sellers],
  );
  await db.query(
    `insert into reviews (id, booking_id, author_id, subject_id, author_name, subject_name, role, rating, comment, created_at, shown_at)
     select lpad(to_hex(${REVIEW_BASE} + g), 24, '0'), lpad(to_hex(${ORDER_BASE} + g), 24, '0'),
       lpad(to_hex(${BUYER_BASE} + 1 + g % $2::int), 24, '0'), lpad(to_hex(1 + g % $3::int), 24, '0'),
       'Buyer ' || (1 + g % $2::int), 'Seller ' || (1 + g % $3::int), 'buyer', 1 + (g * 7) % 5,
       'Well packed, as described.', now() - interval '29 days', now() - interval '20 days'
     from generate_series(1, $1::int) g`,
    [reviews, buyers, sellers],
  );
  await db.exec('analyze users; analyze bookings; analyze reviews; analyze user_scores;');
}
