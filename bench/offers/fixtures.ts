/** Users, books and offers put straight into the database for the offers bench. */
import type { Queryable } from '../../server/src/db/db';
import { hexId } from '../orders/fixtures';

/** `count` buyers (ids from `first`), with addresses `buyer-<n>@offers.bench`. */
export async function insertUsers(db: Queryable, first: number, count: number, role: 'Buyer' | 'seller', prefix: string): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, n) => hexId(first + n));
  await db.query(
    `insert into users (id, name, email, role)
     select id, $2 || ' ' || n, $2 || '-' || n || '@offers.bench', $3 from unnest($1::text[]) with ordinality as u(id, n)`,
    [ids, prefix, role],
  );
  return ids;
}

/** `count` books of each seller at `priceCents`, shipped at $4 or met up for; answers their ids by seller. */
export async function insertBooks(db: Queryable, sellerIds: readonly string[], count: number, priceCents: number, first: number): Promise<string[][]> {
  const category = (await db.query<{ category: string }>('select category from categories order by position limit 1'))[0].category;
  const ids = sellerIds.map((_, s) => Array.from({ length: count }, (__, b) => hexId(first + s * count + b)));
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email, seller_name,
       number, uses, date, offers_meetup, offers_shipping, shipping_price_cents)
     select b.id, $3, 'Offer bench ' || b.id, 'https://img.example/o.png', 'Here', $4, $4, b.seller, 'seller@offers.bench', 'Bench Seller',
       '1', '1 year', '2026-01-01', true, true, 400
     from unnest($1::text[], $2::text[]) as b(id, seller)`,
    [ids.flat(), ids.flatMap((books, s) => books.map(() => sellerIds[s])), category, priceCents],
  );
  return ids;
}

/** One pending offer by each buyer on its own book (`bookIds[n]` for `buyerIds[n]`), expiring `expiresAt`. */
export async function insertPendingOffers(db: Queryable, sellerId: string, buyerIds: readonly string[], bookIds: readonly string[], expiresAt: Date): Promise<string[]> {
  const ids = buyerIds.map((_, n) => hexId(0xf00000 + n));
  await db.query(
    `insert into offers (id, buyer_id, seller_id, books_key, state, awaiting, amount_cents, buyer_last_cents, list_price_cents,
       delivery_method, steps, expires_at, created_at, updated_at)
     select o.id, o.buyer, $3, o.book, 'pending', 'seller', 800, 800, 1000, 'meetup', 1, $5, now(), now()
     from unnest($1::text[], $2::text[], $4::text[]) as o(id, buyer, book)`,
    [ids, buyerIds, sellerId, bookIds, expiresAt],
  );
  await db.query(
    `insert into offer_books (offer_id, book_id, position, name, price_cents)
     select o.id, o.book, 0, 'Offer bench ' || o.book, 1000 from unnest($1::text[], $2::text[]) as o(id, book)`,
    [ids, bookIds],
  );
  await db.query(
    `insert into offer_steps (offer_id, seq, by, action, amount_cents, at) select id, 1, 'buyer', 'offered', 800, now() from unnest($1::text[]) as id`,
    [ids],
  );
  return ids;
}
