import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PERIOD_DAYS, PERIOD_DAYS, periodsOf, type PeriodDays } from '../insight/periods';
import { reliabilityOf } from '../insight/reliability';
import {
  dailyOnWire,
  dailyTable,
  marketTotalsOnWire,
  monthlyOnWire,
  ordersByStateOnWire,
  ordersByStateTable,
  sellerBookOnWire,
  sellerTotalsOnWire,
  topOnWire,
  topTable,
  type CsvTable,
} from '../insight/wire';
import { sendCsv } from '../lib/csv';
import { notFound } from '../lib/errors';
import { ID_PATTERN } from '../lib/ids';
import { LIST_MAX } from '../lib/listPaging';
import { toDollars } from '../lib/money';
import { callerOf } from '../plugins/identity';
import { BOOK_SORTS, insightRepository, type BookSortKey } from '../repositories/insight';
import { isSellerRole, usersRepository } from '../repositories/users';
import { bookPageLink, decodeOffsetCursor } from '../insight/paging';

const days = { type: 'integer', enum: PERIOD_DAYS } as const;
const SORTS = Object.keys(BOOK_SORTS).flatMap((key) => [key, `-${key}`]);
const SELLER_TABLES = ['daily', 'topByViews', 'topByFavourites', 'ordersByState'] as const;
const ADMIN_TABLES = ['daily', 'monthly', 'ordersByState', 'payouts'] as const;

interface PeriodQuery {
  days?: PeriodDays;
}
interface BooksQuery extends PeriodQuery {
  sort?: string;
  limit?: number;
  cursor?: string;
}

const periodQuery = { type: 'object', additionalProperties: false, properties: { days } } as const;
const tableQuery = (tables: readonly string[]) =>
  ({ type: 'object', additionalProperties: false, required: ['table'], properties: { days, table: { type: 'string', enum: tables } } }) as const;
const booksQuery = (withPaging: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      days,
      sort: { type: 'string', enum: SORTS },
      ...(withPaging && {
        limit: { type: 'integer', minimum: 1, maximum: LIST_MAX },
        cursor: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' },
      }),
    },
  }) as const;

/** Rows of a one-page table, for `sendCsv`. */
async function* once(table: CsvTable) {
  yield table.rows;
}

const sortOf = (sort = '-views'): { key: BookSortKey; descending: boolean } => ({
  key: sort.replace(/^-/, '') as BookSortKey,
  descending: sort.startsWith('-'),
});

/**
 * How the shop is doing (server/src/insight/README.md): a seller's Stats (`/insight/seller`, their
 * own shop only), the admin's Insight (`/insight/admin`), the books table, each table as CSV, and
 * a seller's public reliability.
 */
export default async function insightRoutes(app: FastifyInstance) {
  const insight = insightRepository(app.db);
  const users = usersRepository(app.db);
  const now = () => app.orders.clock.now();
  const sellerOnly = { onRequest: [app.authenticate, app.requireSeller] };
  const adminOnly = { onRequest: [app.authenticate, app.requireAdmin] };

  const sellerStats = async (sellerId: string, periodDays: PeriodDays) => {
    const at = now();
    const { period, previous } = periodsOf(at, periodDays);
    const [sums, daily, topByViews, topByFavourites, ordersByState, reliability] = await Promise.all([
      insight.sellerSums(sellerId, period, previous),
      insight.sellerDays(sellerId, period),
      insight.sellerTop(sellerId, period, 'views'),
      insight.sellerTop(sellerId, period, 'favourites'),
      insight.sellerOrdersByState(sellerId, period),
      insight.reliabilityCounts(sellerId, at, app.orders.deadlines.shipWithinMs),
    ]);
    return { period, previous, sums, daily, topByViews, topByFavourites, ordersByState, reliability: reliabilityOf(reliability) };
  };

  const marketStats = async (periodDays: PeriodDays) => {
    const { period, previous } = periodsOf(now(), periodDays);
    const [sums, daily, ordersByState, payouts, sellersWithoutPayoutAccount] = await Promise.all([
      insight.marketSums(period, previous),
      insight.marketDays(period),
      insight.marketOrdersByState(period),
      insight.payouts(period),
      insight.sellersWithoutPayoutAccount(),
    ]);
    return { period, previous, sums, daily, ordersByState, payouts, sellersWithoutPayoutAccount };
  };

  const caller = (request: FastifyRequest) => callerOf(request).id;

  app.get<{ Querystring: PeriodQuery }>('/insight/seller', { ...sellerOnly, schema: { querystring: periodQuery } }, async (request) => {
    const stats = await sellerStats(caller(request), request.query.days ?? DEFAULT_PERIOD_DAYS);
    return {
      period: stats.period,
      previous: stats.previous,
      totals: sellerTotalsOnWire(stats.sums.current),
      previousTotals: sellerTotalsOnWire(stats.sums.previous),
      daily: dailyOnWire(stats.period, stats.daily, false),
      topByViews: topOnWire(stats.topByViews, 'views'),
      topByFavourites: topOnWire(stats.topByFavourites, 'favourites'),
      ordersByState: ordersByStateOnWire(stats.ordersByState),
      reliability: stats.reliability,
    };
  });

  app.get<{ Querystring: PeriodQuery & { table: (typeof SELLER_TABLES)[number] } }>(
    '/insight/seller.csv',
    { ...sellerOnly, schema: { querystring: tableQuery(SELLER_TABLES) } },
    async (request, reply) => {
      const { table, days: periodDays = DEFAULT_PERIOD_DAYS } = request.query;
      const stats = await sellerStats(caller(request), periodDays);
      const csv =
        table === 'daily'
          ? dailyTable(dailyOnWire(stats.period, stats.daily, false), false)
          : table === 'ordersByState'
            ? ordersByStateTable(stats.ordersByState)
            : topTable(table === 'topByViews' ? stats.topByViews : stats.topByFavourites, table === 'topByViews' ? 'views' : 'favourites');
      return sendCsv(reply, `stats-${table}-${stats.period.from}-${stats.period.to}.csv`, csv.columns, once(csv));
    },
  );

  app.get<{ Querystring: BooksQuery }>('/insight/seller/books', { ...sellerOnly, schema: { querystring: booksQuery(true) } }, async (request, reply) => {
    const { days: periodDays = DEFAULT_PERIOD_DAYS, sort = '-views', limit = 25, cursor } = request.query;
    const at = now();
    const { period } = periodsOf(at, periodDays);
    const offset = cursor === undefined ? 0 : decodeOffsetCursor(cursor, sort);
    const page = await insight.sellerBooks(caller(request), period, sortOf(sort), limit, offset);
    reply.header('x-total-count', String(page.total));
    bookPageLink(request, reply, { days: periodDays, sort, limit }, offset + page.rows.length < page.total ? offset + page.rows.length : undefined);
    return page.rows.map((row) => sellerBookOnWire(row, at));
  });

  app.get<{ Querystring: BooksQuery }>('/insight/seller/books.csv', { ...sellerOnly, schema: { querystring: booksQuery(false) } }, async (request, reply) => {
    const { days: periodDays = DEFAULT_PERIOD_DAYS, sort = '-views' } = request.query;
    const at = now();
    const { period } = periodsOf(at, periodDays);
    const sellerId = caller(request);
    // A page at a time: a dealer's shop may hold a great many books.
    async function* pages() {
      for (let offset = 0; ; offset += CSV_PAGE) {
        const { rows } = await insight.sellerBooks(sellerId, period, sortOf(sort), CSV_PAGE, offset);
        yield rows.map((row) => {
          const book = sellerBookOnWire(row, at);
          return [book.bookId, book.name, book.price, book.views, book.favourites, book.favouriteRate, book.offers, book.daysListed];
        });
        if (rows.length < CSV_PAGE) return;
      }
    }
    return sendCsv(reply, `stats-books-${period.from}-${period.to}.csv`, BOOK_COLUMNS, pages());
  });

  app.get<{ Querystring: PeriodQuery }>('/insight/admin', { ...adminOnly, schema: { querystring: periodQuery } }, async (request) => {
    const stats = await marketStats(request.query.days ?? DEFAULT_PERIOD_DAYS);
    return {
      period: stats.period,
      previous: stats.previous,
      totals: marketTotalsOnWire(stats.sums.current),
      previousTotals: marketTotalsOnWire(stats.sums.previous),
      daily: dailyOnWire(stats.period, stats.daily, true),
      monthly: monthlyOnWire(stats.period, stats.daily),
      ordersByState: ordersByStateOnWire(stats.ordersByState),
      payouts: Object.fromEntries(Object.entries(stats.payouts).map(([state, { count, amount }]) => [state, { count, amount: toDollars(amount) }])),
      sellersWithoutPayoutAccount: stats.sellersWithoutPayoutAccount,
    };
  });

  app.get<{ Querystring: PeriodQuery & { table: (typeof ADMIN_TABLES)[number] } }>(
    '/insight/admin.csv',
    { ...adminOnly, schema: { querystring: tableQuery(ADMIN_TABLES) } },
    async (request, reply) => {
      const { table, days: periodDays = DEFAULT_PERIOD_DAYS } = request.query;
      const stats = await marketStats(periodDays);
      const csv: CsvTable =
        table === 'daily'
          ? dailyTable(dailyOnWire(stats.period, stats.daily, true), true)
          : table === 'monthly'
            ? { columns: ['month', 'orders', 'sales', 'commission'], rows: monthlyOnWire(stats.period, stats.daily).map((m) => [m.month, m.orders, m.revenue, m.commission]) }
            : table === 'payouts'
              ? { columns: ['state', 'payouts', 'amount'], rows: Object.entries(stats.payouts).map(([state, p]) => [state, p.count, toDollars(p.amount)]) }
              : ordersByStateTable(stats.ordersByState);
      return sendCsv(reply, `insight-${table}-${stats.period.from}-${stats.period.to}.csv`, csv.columns, once(csv));
    },
  );

  // What the "Reliable seller" badge on a seller's public page says: for anyone.
  app.get<{ Params: { id: string } }>(
    '/users/:id/reliability',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: ID_PATTERN } } } } },
    async (request) => {
      const user = await users.findById(request.params.id);
      if (!user || !isSellerRole(user.role)) throw notFound('No seller has this id');
      const reliability = reliabilityOf(await insight.reliabilityCounts(user.id, now(), app.orders.deadlines.shipWithinMs));
      return { badge: reliability.badge, orders: reliability.orders, shippedOnTime: reliability.shippedOnTime, disputed: reliability.disputed };
    },
  );
}

/** Rows read per page while a CSV is written. */
const CSV_PAGE = 1_000;
const BOOK_COLUMNS = ['book', 'name', 'price', 'views', 'favourites', 'favourite_rate', 'offers', 'days_listed'];
