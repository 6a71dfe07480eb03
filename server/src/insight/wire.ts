import { toDollars } from '../lib/money';
import type { DayRow, MarketSums, OrdersByState, SellerBookRow, SellerSums, TopBook } from '../repositories/insight';
import { daysOf, monthsOf, share, type DayRange } from './periods';

/**
 * The Stats and Insight pages' answers as the wire carries them (server/src/insight/README.md):
 * money in dollars, shares as fractions from 0 to 1.
 */

export const sellerTotalsOnWire = (sums: SellerSums) => ({
  views: sums.views,
  sessions: sums.sessions,
  favourites: sums.favourites,
  offers: sums.offers,
  orders: sums.orders,
  revenue: toDollars(sums.revenue),
  conversion: share(sums.orders, sums.sessions, 0),
  averageOrder: sums.orders > 0 ? Math.round(sums.revenue / sums.orders) / 100 : 0,
});

export const marketTotalsOnWire = (sums: MarketSums) => ({
  ...sellerTotalsOnWire(sums),
  commission: toDollars(sums.commission),
  refundShare: share(sums.refunds, sums.orders, 0),
  disputeShare: share(sums.disputes, sums.orders, 0),
  offersAccepted: sums.offersAccepted,
  newUsers: sums.newUsers,
  newSellers: sums.newSellers,
  newListings: sums.newListings,
});

/** Every day of the period, the days without any at zero. */
export function dailyOnWire(period: DayRange, rows: readonly DayRow[], withCommission: boolean) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(period).map((day) => {
    const row = byDay.get(day);
    const base = { day, views: Number(row?.views ?? 0), orders: Number(row?.orders ?? 0), revenue: toDollars(Number(row?.revenue ?? 0)) };
    return withCommission ? { ...base, commission: toDollars(Number(row?.commission ?? 0)) } : base;
  });
}

/** The months the period touches, from its days. */
export function monthlyOnWire(period: DayRange, rows: readonly DayRow[]) {
  const months = new Map(monthsOf(period).map((month) => [month, { month, orders: 0, revenue: 0, commission: 0 }]));
  for (const row of rows) {
    const month = months.get(row.day.slice(0, 7));
    if (!month) continue;
    month.orders += Number(row.orders);
    month.revenue += Number(row.revenue);
    month.commission += Number(row.commission);
  }
  return [...months.values()].map((month) => ({ ...month, revenue: toDollars(month.revenue), commission: toDollars(month.commission) }));
}

export const topOnWire = (rows: readonly TopBook[], measure: 'views' | 'favourites') =>
  rows.map((row) => ({ bookId: row.bookId, name: row.name, [measure]: row.count }));

export const ordersByStateOnWire = (counts: OrdersByState) => ({ ...counts });

export const sellerBookOnWire = (row: SellerBookRow, now: Date) => ({
  bookId: row.id,
  name: row.name,
  price: toDollars(row.price_cents),
  views: row.views,
  favourites: row.favourites,
  favouriteRate: row.favourite_rate,
  offers: row.offers,
  daysListed: Math.max(0, Math.floor((now.getTime() - new Date(row.created_at).getTime()) / 86_400_000)),
});

/** A table of a page as CSV: its header and its rows' cells. */
export interface CsvTable {
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

export const dailyTable = (daily: ReturnType<typeof dailyOnWire>, withCommission: boolean): CsvTable => ({
  columns: withCommission ? ['day', 'views', 'orders', 'sales', 'commission'] : ['day', 'views', 'orders', 'revenue'],
  rows: daily.map((row) =>
    withCommission && 'commission' in row
      ? [row.day, row.views, row.orders, row.revenue, row.commission]
      : [row.day, row.views, row.orders, row.revenue],
  ),
});

export const topTable = (rows: readonly TopBook[], measure: 'views' | 'favourites'): CsvTable => ({
  columns: ['book', 'name', measure],
  rows: rows.map((row) => [row.bookId, row.name, row.count]),
});

export const ordersByStateTable = (counts: OrdersByState): CsvTable => ({
  columns: ['state', 'orders'],
  rows: Object.entries(counts),
});
