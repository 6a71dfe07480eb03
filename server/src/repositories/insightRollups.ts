import type { Queryable } from '../db/db';
import { insightRepository } from './insight';
import { RAW_VIEWS_KEPT_DAYS } from './views';

/** How often the rollup works out who has the "Reliable seller" badge on book cards. */
export const BADGE_INTERVAL_MS = 3_600_000;

/** A timestamp's UTC day, as the rollups count days. */
const DAY = (column: string) => `((${column}) at time zone 'UTC')::date`;

/**
 * The daily rollups (server/src/insight/README.md): per book, per seller and for the whole
 * marketplace, recounted whole from their sources for the days from the last rollup's day to
 * now, so that a rollup gives the same rows however often it runs and a late write of the last
 * day is counted by the next one.
 */
export function insightRollupsRepository(db: Queryable) {
  return {
    /**
     * One rollup up to `now`, by one process at a time (the watermark row is locked; the others
     * skip): answers the first day recounted, or undefined when another process is at it. Run
     * in a transaction, so readers see the days before or after, never half.
     */
    async rollUp(now: Date, shipWithinMs: number): Promise<{ from: string } | undefined> {
      const [mark] = await db.query<{ through: Date }>("select through from insight_rollups where name = 'daily' for update skip locked");
      if (!mark) return undefined;
      // From the start of the day the last rollup reached: what was written since may belong to it.
      const from = mark.through.toISOString().slice(0, 10);
      const since = `${from}T00:00:00Z`;
      await db.query('delete from book_daily where day >= $1::date', [from]);
      await db.query(
        `insert into book_daily (book_id, day, seller_id, views, sessions, favourites, wants_matched, offers)
         select c.book_id, c.day, b.seller_id, sum(c.views), sum(c.sessions), sum(c.favourites), sum(c.wants), sum(c.offers)
         from (
           select book_id, ${DAY('viewed_at')} as day, count(*) as views, count(distinct session) as sessions, 0 as favourites, 0 as wants, 0 as offers
             from book_views where viewed_at >= $1 and viewed_at <= $2 group by 1, 2
           union all
           select book_id, ${DAY('created_at')}, 0, 0, count(*), 0, 0 from favourites where created_at >= $1 and created_at <= $2 group by 1, 2
           union all
           select book_id, ${DAY('created_at')}, 0, 0, 0, count(*), 0 from notifications
             where want_id is not null and book_id is not null and created_at >= $1 and created_at <= $2 group by 1, 2
           union all
           select ob.book_id, ${DAY('o.created_at')}, 0, 0, 0, 0, count(*) from offers o join offer_books ob on ob.offer_id = o.id
             where o.created_at >= $1 and o.created_at <= $2 group by 1, 2
         ) c join books b on b.id = c.book_id
         group by c.book_id, c.day, b.seller_id`,
        [since, now],
      );

      await db.query('delete from seller_daily where day >= $1::date', [from]);
      await db.query(
        `insert into seller_daily (seller_id, day, views, favourites, offers, sessions, orders, revenue_cents)
         select seller_id, day, sum(views), sum(favourites), sum(offers), sum(sessions), sum(orders), sum(revenue)
         from (
           select seller_id, day, sum(views) as views, sum(favourites) as favourites, sum(offers) as offers,
               0 as sessions, 0 as orders, 0 as revenue
             from book_daily where seller_id is not null and day >= $1::date group by 1, 2
           union all
           select seller_id, ${DAY('viewed_at')}, 0, 0, 0, count(distinct session), 0, 0
             from book_views where seller_id is not null and viewed_at >= $1 and viewed_at <= $2 group by 1, 2
           union all
           select k.seller_id, ${DAY('t.at')}, 0, 0, 0, 0, count(*) filter (where t.kind = 'charge'),
             sum(case when t.kind = 'charge' then 1 else -1 end * (k.resale_price_cents - coalesce(k.commission_cents, 0)))
             from ledger_transactions t join bookings k on k.id = t.booking_id
             where t.kind in ('charge', 'refund') and k.seller_id is not null and t.at >= $1 and t.at <= $2 group by 1, 2
         ) c group by seller_id, day`,
        [since, now],
      );

      await db.query('delete from market_daily where day >= $1::date', [from]);
      await db.query(
        `insert into market_daily (day, views, sessions, favourites, offers, offers_accepted, orders, sales_cents, commission_cents,
           refunds, disputes, new_users, new_sellers, new_listings)
         select day, sum(views), sum(sessions), sum(favourites), sum(offers), sum(accepted), sum(orders), sum(sales), sum(commission),
           sum(refunds), sum(disputes), sum(users), sum(sellers), sum(listings)
         from (
           select ${DAY('viewed_at')} as day, count(*) as views, count(distinct session) as sessions, 0 as favourites, 0 as offers,
               0 as accepted, 0 as orders, 0 as sales, 0 as commission, 0 as refunds, 0 as disputes, 0 as users, 0 as sellers, 0 as listings
             from book_views where viewed_at >= $1 and viewed_at <= $2 group by 1
           union all
           select ${DAY('created_at')}, 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 from favourites where created_at >= $1 and created_at <= $2 group by 1
           union all
           select ${DAY('created_at')}, 0, 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0 from offers where created_at >= $1 and created_at <= $2 group by 1
           union all
           select ${DAY('at')}, 0, 0, 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0, 0 from offer_steps
             where action = 'accepted' and at >= $1 and at <= $2 group by 1
           union all
           select ${DAY('t.at')}, 0, 0, 0, 0, 0, count(*) filter (where t.kind = 'charge'),
               sum(case when t.kind = 'charge' then 1 else -1 end * k.resale_price_cents),
               sum(case when t.kind = 'charge' then 1 else -1 end * coalesce(k.commission_cents, 0)),
               count(*) filter (where t.kind = 'refund'), 0, 0, 0, 0
             from ledger_transactions t join bookings k on k.id = t.booking_id
             where t.kind in ('charge', 'refund') and t.at >= $1 and t.at <= $2 group by 1
           union all
           select ${DAY('at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0, 0, 0 from booking_events
             where state = 'disputed' and at >= $1 and at <= $2 group by 1
           union all
           select ${DAY('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*), count(*) filter (where role = 'seller'), 0 from users
             where created_at >= $1 and created_at <= $2 and not coalesce(system_account, false) group by 1
           union all
           select ${DAY('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*) from books where created_at >= $1 and created_at <= $2 group by 1
         ) c group by day`,
        [since, now],
      );

      await db.query(`delete from book_views where viewed_at < $1::timestamptz - interval '${RAW_VIEWS_KEPT_DAYS} days'`, [now]);
      await db.query("update insight_rollups set through = $1 where name = 'daily'", [now]);

      // The badges change slowly and read 90 days of orders: at most once an hour.
      const [badges] = await db.query<{ through: Date }>("select through from insight_rollups where name = 'badges' for update skip locked");
      if (badges && now.getTime() - badges.through.getTime() >= BADGE_INTERVAL_MS) {
        await insightRepository(db).markReliableSellers(now, shipWithinMs);
        await db.query("update insight_rollups set through = $1 where name = 'badges'", [now]);
      }
      return { from };
    },
  };
}
