import type { Queryable } from '../db/db';
import { endOf, startOf, type DayRange } from '../insight/periods';
import { BADGE_MAX_DISPUTED, BADGE_MIN_ON_TIME, BADGE_MIN_ORDERS, RELIABILITY_DAYS, type ReliabilityCounts } from '../insight/reliability';

/** What the Stats page's cards add up, per period (cents for money). */
export interface SellerSums {
  views: number;
  sessions: number;
  favourites: number;
  offers: number;
  orders: number;
  revenue: number;
}

export interface MarketSums extends SellerSums {
  offersAccepted: number;
  commission: number;
  refunds: number;
  disputes: number;
  newUsers: number;
  newSellers: number;
  newListings: number;
}

export interface DayRow {
  day: string;
  views: number;
  orders: number;
  revenue: number;
  commission: number;
}

export interface TopBook {
  bookId: string;
  name: string;
  count: number;
}

export const ORDER_STATES = ['booked', 'paid', 'ready', 'shipped', 'received', 'completed', 'cancelled', 'expired', 'refunded', 'disputed'] as const;
export type OrdersByState = Record<(typeof ORDER_STATES)[number], number>;

/** The columns a seller's books table sorts by, and the SQL of each. */
export const BOOK_SORTS = {
  views: 'views',
  favourites: 'favourites',
  favouriteRate: 'favourite_rate',
  offers: 'offers',
  daysListed: 'created_at',
  price: 'price_cents',
} as const;
export type BookSortKey = keyof typeof BOOK_SORTS;

export interface SellerBookRow {
  id: string;
  name: string;
  price_cents: number;
  views: number;
  favourites: number;
  favourite_rate: number;
  offers: number;
  created_at: Date;
}

const int = (value: unknown) => Number(value ?? 0);

/** `$1` the window's start, `$2` now, `$3` ORDER_SHIP_WITHIN in milliseconds. */
const reliabilityParams = (now: Date, shipWithinMs: number) => [new Date(now.getTime() - RELIABILITY_DAYS * 86_400_000), now, shipWithinMs];

interface CountsRow {
  orders: number;
  due: number;
  on_time: number;
  cancelled: number;
  disputed: number;
}

/**
 * Per seller, their orders paid in the window (server/src/insight/README.md): how many; how many
 * are due (sent, refunded by the seller, or past the deadline unsent) and were sent in time;
 * refunded by the seller; disputed.
 */
const reliabilitySql = (sellers: string) => `
  with paid as (
    select k.seller_id, e.at as paid_at,
      (select min(x.at) from booking_events x where x.booking_id = k.id and x.state in ('ready', 'shipped')) as sent_at,
      exists (select 1 from booking_events x where x.booking_id = k.id and x.state = 'disputed') as disputed,
      exists (select 1 from booking_events x where x.booking_id = k.id and x.state = 'refunded' and x.actor = 'seller') as cancelled
    from bookings k join booking_events e on e.booking_id = k.id and e.state = 'paid'
    where ${sellers} and e.at >= $1
  )
  select seller_id, count(*)::int as orders,
    count(*) filter (where sent_at is not null or cancelled or paid_at + $3 * interval '1 millisecond' < $2)::int as due,
    count(*) filter (where sent_at is not null and sent_at <= paid_at + $3 * interval '1 millisecond')::int as on_time,
    count(*) filter (where cancelled)::int as cancelled,
    count(*) filter (where disputed)::int as disputed
  from paid group by seller_id`;

const countsOf = (row: CountsRow | undefined, averageReview: number | null): ReliabilityCounts => ({
  orders: row?.orders ?? 0,
  due: row?.due ?? 0,
  onTime: row?.on_time ?? 0,
  cancelled: row?.cancelled ?? 0,
  disputed: row?.disputed ?? 0,
  averageReview,
});
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** Both periods' sums in one read of the rollups: `current` from `period.from`, `previous` before it. */
const split = (column: string) =>
  `coalesce(sum(${column}) filter (where day >= $2::date), 0)::bigint as ${column}, coalesce(sum(${column}) filter (where day < $2::date), 0)::bigint as prev_${column}`;

/** The reads of the Stats and Insight pages (server/src/insight/README.md): the rollups, and the live tables where a count is of now. */
export function insightRepository(db: Queryable) {
  const ordersByState = async (where: string, params: unknown[]): Promise<OrdersByState> => {
    // One index range per state (bookings_state, or the seller's orders by their creation).
    const rows = await db.query<{ state: string; count: number }>(
      `select s.state, (select count(*) from bookings k where k.state = s.state and ${where})::int as count
       from unnest($1::text[]) as s(state)`,
      [ORDER_STATES, ...params],
    );
    return Object.fromEntries(rows.map((row) => [row.state, row.count])) as OrdersByState;
  };

  return {
    /** A seller's sums for a period and the one before (`previous.from` … `period.to`): one row a day. */
    async sellerSums(sellerId: string, period: DayRange, previous: DayRange): Promise<{ current: SellerSums; previous: SellerSums }> {
      const [row] = await db.query<Record<string, string>>(
        `select ${['views', 'favourites', 'offers', 'sessions', 'orders', 'revenue_cents'].map(split).join(', ')}
         from seller_daily where seller_id = $1 and day >= $3::date and day <= $4::date`,
        [sellerId, period.from, previous.from, period.to],
      );
      const sums = (prefix: string): SellerSums => ({
        views: int(row[`${prefix}views`]),
        sessions: int(row[`${prefix}sessions`]),
        favourites: int(row[`${prefix}favourites`]),
        offers: int(row[`${prefix}offers`]),
        orders: int(row[`${prefix}orders`]),
        revenue: int(row[`${prefix}revenue_cents`]),
      });
      return { current: sums(''), previous: sums('prev_') };
    },

    /** A seller's days of a period (days without any are left out). */
    sellerDays(sellerId: string, period: DayRange): Promise<DayRow[]> {
      return db.query<DayRow>(
        `select ${day('day')} as day, views, orders, revenue_cents::int8 as revenue, 0 as commission from seller_daily
         where seller_id = $1 and day between $2::date and $3::date order by day`,
        [sellerId, period.from, period.to],
      );
    },

    /** A seller's five books with the most of a measure in a period (none with nothing): summed per book, then named. */
    async sellerTop(sellerId: string, period: DayRange, measure: 'views' | 'favourites'): Promise<TopBook[]> {
      return db.query<TopBook>(
        `select t.book_id as "bookId", b.name, t.count from (
           select book_id, sum(${measure})::int as count from book_daily
           where seller_id = $1 and day between $2::date and $3::date
           group by book_id having sum(${measure}) > 0
           order by count desc, book_id limit 5
         ) t join books b on b.id = t.book_id
         order by t.count desc, t.book_id`,
        [sellerId, period.from, period.to],
      );
    },

    /** The orders a seller was asked for in a period, by the state they are in now. */
    sellerOrdersByState(sellerId: string, period: DayRange): Promise<OrdersByState> {
      return ordersByState('k.seller_id = $2 and k.created_at >= $3 and k.created_at < $4', [sellerId, startOf(period), endOf(period)]);
    },

    /** The marketplace's orders of a period by the state they are in now. */
    marketOrdersByState(period: DayRange): Promise<OrdersByState> {
      return ordersByState('k.created_at >= $2 and k.created_at < $3', [startOf(period), endOf(period)]);
    },

    /** What the badge is made of, over the 90 days to `now`. */
    async reliabilityCounts(sellerId: string, now: Date, shipWithinMs: number): Promise<ReliabilityCounts> {
      const [row] = await db.query<CountsRow>(reliabilitySql('k.seller_id = $4'), [...reliabilityParams(now, shipWithinMs), sellerId]);
      const [review] = await db.query<{ average: number | null }>(
        `select avg(rating)::float8 as average from reviews
         where subject_id = $1 and role = 'buyer' and shown_at is not null and hidden_at is null and shown_at >= $2`,
        [sellerId, reliabilityParams(now, shipWithinMs)[0]],
      );
      return countsOf(row, review.average);
    },

    /**
     * Marks every seller who has the badge now, and unmarks those who lost it, in `user_scores`
     * (what book cards read beside the score): one statement over the 90 days' paid orders.
     */
    async markReliableSellers(now: Date, shipWithinMs: number): Promise<number> {
      const rows = await db.query(
        `with counted as (${reliabilitySql('k.seller_id is not null')}),
         reliable as (
           select seller_id from counted
           where orders >= $4::int and due > 0 and on_time >= $5::float8 * due and disputed < $6::float8 * orders
             and exists (select 1 from users u where u.id = counted.seller_id)
         ),
         lost as (
           update user_scores set seller_reliable = false
           where seller_reliable and user_id not in (select seller_id from reliable) returning 1
         )
         insert into user_scores (user_id, seller_reliable) select seller_id, true from reliable
         on conflict (user_id) do update set seller_reliable = true where not user_scores.seller_reliable
         returning 1`,
        [...reliabilityParams(now, shipWithinMs), BADGE_MIN_ORDERS, BADGE_MIN_ON_TIME, BADGE_MAX_DISPUTED],
      );
      return rows.length;
    },

    /** A page of a seller's books on sale with their measures over a period. */
    async sellerBooks(
      sellerId: string,
      period: DayRange,
      sort: { key: BookSortKey; descending: boolean },
      limit: number,
      offset: number,
    ): Promise<{ rows: SellerBookRow[]; total: number }> {
      const direction = sort.descending ? 'desc' : 'asc';
      // Days listed grow as the listing ages: most days is the oldest.
      const keyDirection = sort.key === 'daysListed' ? (sort.descending ? 'asc' : 'desc') : direction;
      const rows = await db.query<SellerBookRow>(
        `select * from (
           select b.id, b.name, b.resale_price_cents as price_cents, b.created_at,
             coalesce(d.views, 0)::int as views, coalesce(d.favourites, 0)::int as favourites, coalesce(d.offers, 0)::int as offers,
             case when coalesce(d.views, 0) > 0 then round(d.favourites::numeric / d.views, 4)::float8 else 0 end as favourite_rate
           from books b
           left join (
             select book_id, sum(views) as views, sum(favourites) as favourites, sum(offers) as offers from book_daily
             where seller_id = $1 and day between $2::date and $3::date group by book_id
           ) d on d.book_id = b.id
           where b.seller_id = $1 and not b.sold
         ) r order by ${BOOK_SORTS[sort.key]} ${keyDirection}, id ${keyDirection} limit $4 offset $5`,
        [sellerId, period.from, period.to, limit, offset],
      );
      const [count] = await db.query<{ total: number }>('select count(*)::int as total from books where seller_id = $1 and not sold', [sellerId]);
      return { rows, total: count.total };
    },

    /** The marketplace's sums for a period and the one before. */
    async marketSums(period: DayRange, previous: DayRange): Promise<{ current: MarketSums; previous: MarketSums }> {
      const columns = ['views', 'sessions', 'favourites', 'offers', 'offers_accepted', 'orders', 'sales_cents', 'commission_cents', 'refunds', 'disputes', 'new_users', 'new_sellers', 'new_listings'];
      const [row] = await db.query<Record<string, string>>(
        `select ${columns.map(split).join(', ')} from market_daily where day >= $1::date and day <= $3::date`,
        [previous.from, period.from, period.to],
      );
      const sums = (prefix: string): MarketSums => ({
        views: int(row[`${prefix}views`]),
        sessions: int(row[`${prefix}sessions`]),
        favourites: int(row[`${prefix}favourites`]),
        offers: int(row[`${prefix}offers`]),
        offersAccepted: int(row[`${prefix}offers_accepted`]),
        orders: int(row[`${prefix}orders`]),
        revenue: int(row[`${prefix}sales_cents`]),
        commission: int(row[`${prefix}commission_cents`]),
        refunds: int(row[`${prefix}refunds`]),
        disputes: int(row[`${prefix}disputes`]),
        newUsers: int(row[`${prefix}new_users`]),
        newSellers: int(row[`${prefix}new_sellers`]),
        newListings: int(row[`${prefix}new_listings`]),
      });
      return { current: sums(''), previous: sums('prev_') };
    },

    /** The marketplace's days of a period (days without any are left out). */
    marketDays(period: DayRange): Promise<DayRow[]> {
      return db.query<DayRow>(
        `select ${day('day')} as day, views, orders, sales_cents as revenue, commission_cents as commission
         from market_daily where day between $1::date and $2::date order by day`,
        [period.from, period.to],
      );
    },

    /** Payouts paid and failed in a period, and those waiting now (cents). */
    async payouts(period: DayRange): Promise<Record<'paid' | 'failed' | 'waiting', { count: number; amount: number }>> {
      const [row] = await db.query<Record<string, string>>(
        `select count(*) filter (where state = 'paid' and paid_at >= $1 and paid_at < $2) as paid,
           coalesce(sum(amount_cents) filter (where state = 'paid' and paid_at >= $1 and paid_at < $2), 0) as paid_amount,
           count(*) filter (where state = 'failed' and failed_at >= $1 and failed_at < $2) as failed,
           coalesce(sum(amount_cents) filter (where state = 'failed' and failed_at >= $1 and failed_at < $2), 0) as failed_amount,
           count(*) filter (where state in ('created', 'in_transit')) as waiting,
           coalesce(sum(amount_cents) filter (where state in ('created', 'in_transit')), 0) as waiting_amount
         from payouts where state <> 'paid' or paid_at >= $1`,
        [startOf(period), endOf(period)],
      );
      const pair = (name: string) => ({ count: int(row[name]), amount: int(row[`${name}_amount`]) });
      return { paid: pair('paid'), failed: pair('failed'), waiting: pair('waiting') };
    },

    /** Sellers owed money (pending or available) with no payout account that can be paid. */
    async sellersWithoutPayoutAccount(): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `select count(*)::int as count from (
           select seller_id from ledger_entries where account in ('seller_pending', 'seller_available')
           group by seller_id having sum(amount_cents) < 0
         ) owed
         where not exists (select 1 from payout_accounts a where a.seller_id = owed.seller_id and a.payouts_enabled)`,
      );
      return row.count;
    },
  };
}
