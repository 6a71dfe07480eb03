/**
 * A year of a large shop's insight, put straight into PostgreSQL for the stats bench: raw views
 * of the last 90 days, a year of daily rollups, and a year of orders with their ledger charges.
 * Generated in SQL (`insert … select generate_series`); the big tables are loaded without their
 * indexes and foreign keys, which are made again afterwards exactly as the migrations define them.
 */
import type { Db, Queryable } from '../../server/src/db/db';
import { postCharges, postRefunds } from '../../server/src/ledger/postings';
import { DEFAULT_COMMISSION } from '../../server/src/ledgerConfig';
import { GENERATED_BOOKS, GENERATED_SELLERS } from '../../server/src/shopGenerator/generate';

const DAY_MS = 86_400_000;
/** A generated book's id from its number, in SQL (bookId() in server/src/shopGenerator/generate.ts). */
const BOOK_ID = (n: string) => `'e1${'0'.repeat(12)}' || lpad(to_hex(${n}), 10, '0')`;
export const ADMIN = { userId: `ad${'0'.repeat(21)}1`, email: 'admin@insight.bench' };
const BUYER = `b0${'0'.repeat(21)}1`;

/** Seconds since `started`, for the log. */
const since = (started: number) => `${((Date.now() - started) / 1000).toFixed(0)} s`;

/**
 * Loads `table` with `load` without its indexes and constraints (primary key and foreign keys),
 * then makes them again from their definitions: one sort per index instead of one lookup per row.
 */
async function withoutIndexes(db: Db, table: string, load: () => Promise<void>): Promise<void> {
  const constraints = await db.query<{ name: string; definition: string; kind: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition, contype as kind from pg_constraint
     where conrelid = $1::regclass and contype in ('p', 'f', 'u') order by contype desc`,
    [table],
  );
  for (const constraint of constraints) await db.exec(`alter table ${table} drop constraint ${constraint.name}`);
  const indexes = await db.query<{ name: string; definition: string }>(
    'select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = $1',
    [table],
  );
  for (const index of indexes) await db.exec(`drop index ${index.name}`);
  await load();
  await db.exec("set maintenance_work_mem = '512MB'");
  // Unique and primary keys first, foreign keys last (p, u, f).
  for (const constraint of [...constraints].sort((a, b) => a.kind.localeCompare(b.kind)).reverse()) {
    await db.exec(`alter table ${table} add constraint ${constraint.name} ${constraint.definition}`);
  }
  for (const index of indexes) await db.exec(index.definition);
}

export interface ScaleSize {
  /** The generated shop's books (numbered 0 … books - 1). */
  books: number;
  views: number;
  /** A book is in `book_daily` on this share of the year's days. */
  bookDayShare: number;
  orders: number;
}

export interface ScaleCounts {
  views: number;
  bookDaily: number;
  sellerDaily: number;
  marketDaily: number;
  orders: number;
  ledgerEntries: number;
}

/** The admin, a buyer, and the year's data; `now` is the end of it. */
export async function insertInsightYear(db: Db, size: ScaleSize, now: Date, log: (line: string) => void): Promise<ScaleCounts> {
  const started = Date.now();
  await db.query(
    `insert into users (id, name, email, role, firebase_uid) values
       ($1, 'Bench Admin', $2, 'admin', 'bench-admin'), ($3, 'Bench Buyer', 'buyer@insight.bench', 'Buyer', 'bench-buyer')`,
    [ADMIN.userId, ADMIN.email, BUYER],
  );

  // Raw views of the last 90 days, in the order they happened (as the batches append them): a
  // book drawn with a square law (the first books most viewed), a session among two million.
  const chunk = 1_000_000;
  await withoutIndexes(db, 'book_views', async () => {
    for (let first = 0; first < size.views; first += chunk) {
      const last = Math.min(size.views, first + chunk) - 1;
      await db.query(
        `insert into book_views (book_id, seller_id, session, viewed_at)
         select b.id, b.seller_id, v.session, v.at from (
           select g, ${BOOK_ID(`floor($4::int * power(random(), 2))::int`)} as book_id, 's' || to_hex((random() * 2000000)::int) as session,
             $3::timestamptz - interval '90 days' + (g::float8 / $5) * interval '90 days' as at
           from generate_series($1::int, $2::int) g
         ) v join books b on b.id = v.book_id
         order by v.g`,
        [first, last, now, size.books, size.views],
      );
      log(`  views: ${(last + 1).toLocaleString('en-US')} (${since(started)})`);
    }
  });
  log(`  book_views indexed (${since(started)})`);

  // A year of rollups: each book on about `bookDayShare` of the days, every seller on about half,
  // the marketplace every day. Today is left to the rollup.
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const firstDay = new Date(today.getTime() - 365 * DAY_MS);
  const lastDay = new Date(today.getTime() - DAY_MS);
  await withoutIndexes(db, 'book_daily', async () => {
    await db.query(
      `insert into book_daily (book_id, day, seller_id, views, sessions, favourites, wants_matched, offers)
       select id, day, seller_id, views, greatest(1, views - views / 4), views / 8, 0, offers
       from (
         select b.id, d::date as day, b.seller_id, 1 + floor(20 * power(random(), 3))::int as views, (random() < 0.02)::int as offers
         from books b cross join generate_series($1::date, $2::date, interval '1 day') d
         where b.id like $4 and random() < $3
       ) x`,
      [firstDay, lastDay, size.bookDayShare, GENERATED_BOOKS],
    );
  });
  log(`  book_daily (${since(started)})`);
  await withoutIndexes(db, 'seller_daily', async () => {
    await db.query(
      // What the rollup makes: the seller's books' measures summed per day, with sessions and orders.
      `insert into seller_daily (seller_id, day, views, favourites, offers, sessions, orders, revenue_cents)
       select seller_id, day, sum(views), sum(favourites), sum(offers), greatest(1, sum(views) / 2)::int, (random() < 0.1)::int, 0
       from book_daily where seller_id like $1 group by seller_id, day`,
      [GENERATED_SELLERS],
    );
    await db.query('update seller_daily set revenue_cents = orders * 1200 where orders > 0');
  });
  log(`  seller_daily (${since(started)})`);
  await db.query(
    `insert into market_daily (day, views, sessions, favourites, offers, offers_accepted, orders, sales_cents, commission_cents,
       refunds, disputes, new_users, new_sellers, new_listings)
     select d::date, 110000, 60000, 900, 300, 80, 140, 140 * 1300, 140 * 104, 5, 1, 40, 8, 300
     from generate_series($1::date, $2::date, interval '1 day') d`,
    [firstDay, lastDay],
  );
  // The rollup reached a minute ago: the next recounts today only.
  await db.query("update insight_rollups set through = $1 where name = 'daily'", [new Date(now.getTime() - 60_000)]);

  // A year of orders: each on a book of its own (sold), of a seller drawn as the shop's books
  // are, paid on a day of the year; most completed, some refunded or disputed.
  const [{ category }] = await db.query<{ category: string }>('select category from categories order by position limit 1');
  const [{ sellers }] = await db.query<{ sellers: number }>('select count(*)::int as sellers from users where id like $1', [GENERATED_SELLERS]);
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
       seller_name, number, uses, date, sold, created_at)
     select 'f1' || lpad(to_hex(o.g), 22, '0'), $2, 'Sold ' || o.g, 'https://img.example/s.png', 'Here', 1300, 2600, s.id, s.email, s.name,
       '1', '1 year', '2026-01-01', true, $3::timestamptz - (o.g % 365 + 2) * interval '1 day'
     from (select g, floor($4::int * power(random(), 2))::int as seller from generate_series(1, $1::int) g) o
     join users s on s.id = 'e0${'0'.repeat(12)}' || lpad(to_hex(o.seller), 10, '0')`,
    [size.orders, category, now, sellers],
  );
  await db.query(
    `insert into bookings (id, book_id, buyer_id, seller_id, email, cus_tomername, location, phone, book_name, resale_price_cents, img,
       paid, state, state_at, delivery_method, created_at)
     select 'f2' || substr(b.id, 3), b.id, $1, b.seller_id, 'buyer@insight.bench', 'Bench Buyer', 'Here', '1', b.name, b.resale_price_cents, 'x',
       true, b.state, b.created_at + interval '1 day', 'meetup', b.created_at + interval '1 day'
     from (
       select b.*, case when r < 0.82 then 'completed' when r < 0.9 then 'received' when r < 0.94 then 'shipped'
         when r < 0.97 then 'paid' when r < 0.99 then 'refunded' else 'disputed' end as state
       from (select *, random() as r from books where id like 'f1%') b
     ) b`,
    [BUYER],
  );
  await db.query(
    `insert into booking_events (booking_id, state, at, actor)
     select id, 'paid', created_at, 'buyer' from bookings where id like 'f2%'
     union all
     select id, 'shipped', created_at + interval '30 hours', 'seller' from bookings where id like 'f2%' and state in ('completed', 'received', 'shipped', 'disputed')
     union all
     select id, state, least(now(), created_at + interval '5 days'), case when state = 'refunded' then 'seller' else 'buyer' end
       from bookings where id like 'f2%' and state in ('refunded', 'disputed')`,
  );
  // The ledger's charge of each order on its day, and the refunds on theirs, by the order steps' own postings.
  const days = await db.query<{ at: Date; ids: string[]; refunded: string[] }>(
    `select created_at as at, array_agg(id) as ids, array_agg(id) filter (where state = 'refunded') as refunded
     from bookings where id like 'f2%' group by created_at order by created_at`,
  );
  for (const day of days) {
    await db.transaction(async (tx: Queryable) => {
      await postCharges(tx, day.ids, day.at, DEFAULT_COMMISSION);
      if (day.refunded?.length) await postRefunds(tx, day.refunded, new Date(Math.min(now.getTime(), day.at.getTime() + 5 * DAY_MS)));
    });
  }
  log(`  ${size.orders.toLocaleString('en-US')} orders and their ledger (${since(started)})`);

  await db.exec('vacuum (analyze) book_views, book_daily, seller_daily, market_daily, books, users, bookings, booking_events, ledger_transactions, ledger_entries');
  log(`  vacuumed and analysed (${since(started)})`);
  const [counts] = await db.query<Record<keyof ScaleCounts, number>>(
    `select (select count(*) from book_views)::int as views, (select count(*) from book_daily)::int as "bookDaily",
       (select count(*) from seller_daily)::int as "sellerDaily", (select count(*) from market_daily)::int as "marketDaily",
       (select count(*) from bookings)::int as orders, (select count(*) from ledger_entries)::int as "ledgerEntries"`,
  );
  return counts;
}
