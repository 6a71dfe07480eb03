import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/db';

/** The URL of `Link: <…>; rel="next"`, or undefined when the answer has no next page. */
export function nextLink(response: LightMyRequestResponse): URL | undefined {
  const header = response.headers.link;
  if (header === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(header));
  if (!match) throw new Error(`not a next link: ${String(header)}`);
  return new URL(match[1]);
}

/** A cursor-carrying next URL as `app.inject` takes it (path and query). */
export const injectable = (url: URL) => `${url.pathname}${url.search}`;

/** Follows the next links from `url` to the last page; answers every page's rows, page by page. */
export async function walk<Row>(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<Row[][]> {
  const pages: Row[][] = [];
  let current: string | undefined = url;
  while (current !== undefined) {
    const response = await app.inject({ url: current, headers });
    if (response.statusCode !== 200) throw new Error(`${current}: ${response.statusCode} ${response.body}`);
    pages.push(response.json<Row[]>());
    const next = nextLink(response);
    current = next && injectable(next);
    if (pages.length > 1000) throw new Error('the links never end');
  }
  return pages;
}

export const hexId = (n: number) => n.toString(16).padStart(24, '0');

/** A category of its own, so a test knows every book in it. */
export async function insertCategory(db: Db, slug: string, n: number): Promise<void> {
  await db.query(
    `insert into categories (id, name, category_id, category, img, position) values ($1, $2, $3, $2, 'x.svg', $4)`,
    [hexId(n), slug, String(n), 100 + n],
  );
}

/**
 * `count` books of `sellerId` in `category`, ids counted up from `firstId`, all put up in the
 * same instant (so only the id orders them) unless `minutesApart` spaces them out.
 */
export async function insertBooks(
  db: Db,
  { category, sellerId, count, firstId, minutesApart = 0 }: { category: string; sellerId: string; count: number; firstId: number; minutesApart?: number },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id,
       seller_email, seller_name, number, uses, date, created_at)
     select lpad(to_hex($1::int + g), 24, '0'), $2, 'Bulk ' || g, 'https://img.example/b.png', 'Here', 500, 900, $3,
            'bulk@test.dev', 'Bulk Seller', '1', '1 year', '2026-01-01',
            timestamptz '2026-01-01 00:00:00+00' + (g * $5::int) * interval '1 minute'
     from generate_series(1, $4::int) g
     returning id`,
    [firstId, category, sellerId, count, minutesApart],
  );
  return rows.map((row) => row.id);
}

/**
 * A booking by `buyer` of each book in `bookIds`, taken in id order: booking ids counted up from
 * `firstId`, made `secondsApart` seconds after each other (0: all in the same instant).
 */
export async function insertBookings(
  db: Db,
  { buyer, bookIds, firstId, secondsApart = 1 }: { buyer: { id: string; email: string }; bookIds: string[]; firstId: number; secondsApart?: number },
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `insert into bookings (id, book_id, buyer_id, email, cus_tomername, location, phone, book_name, resale_price_cents, img, created_at)
     select lpad(to_hex($4::int + n), 24, '0'), b.id, $1, $2, 'Bulk Buyer', 'Here', '1', b.name, 500, b.img,
            timestamptz '2026-01-01 00:00:00+00' + (n * $5::int) * interval '1 second'
     from (select id, name, img, row_number() over (order by id) as n from books where id = any($3::text[])) b
     returning id`,
    [buyer.id, buyer.email, bookIds, firstId, secondsApart],
  );
  // Ids of one length, counted up: their text order is the order they were made in.
  return rows.map((row) => row.id).sort();
}
