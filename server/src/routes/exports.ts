import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../lib/csv';
import { text } from '../schemas';
import { BOOKING_COLUMNS, BOOKINGS_OLDEST_FIRST, type BookingRow } from '../repositories/bookings';
import { keysetPage, Params, type ListPage, type ListPosition } from '../repositories/keyset';
import { ORDER_STATES } from '../repositories/insight';
import { ordersRepository } from '../repositories/orders';
import { payoutsRepository } from '../repositories/payouts';
import { REPORT_KINDS, REPORT_REASONS, REPORT_SORTS, REPORT_STATES, reportsRepository, type ReportFilters, type ReportSort } from '../repositories/reports';
import { USER_SORTS, usersRepository, type Role, type UserSort } from '../repositories/users';

/** Rows read per statement while a file is written. */
const PAGE = 1_000;
const iso = (at: Date | string | null) => (at === null ? '' : new Date(at).toISOString());
const dollars = (cents: number | null) => (cents === null ? '' : cents / 100);

/** Every page of a keyset list, one after the other, from the first. */
async function* allPages<Row>(page: (after?: ListPosition) => Promise<ListPage<Row>>): AsyncGenerator<Row[]> {
  let after: ListPosition | undefined;
  do {
    const next = await page(after);
    yield next.rows;
    after = next.next;
  } while (after);
}

/** Maps each page of rows to the cells of its lines. */
async function* lines<Row>(pages: AsyncIterable<Row[]>, cells: (row: Row) => Array<string | number>) {
  for await (const rows of pages) yield rows.map(cells);
}

const ORDER_COLUMNS = ['order', 'made', 'state', 'since', 'book', 'price', 'shipping', 'commission', 'delivery', 'buyer', 'seller'];
const orderCells = (row: BookingRow) => [
  row.id, iso(row.created_at), row.state, iso(row.state_at), row.book_name, dollars(row.resale_price_cents), dollars(row.shipping_cents),
  dollars(row.commission_cents), row.delivery_method, row.email, row.seller_name,
];

/**
 * The admin's lists as CSV, each what its filters show (server/src/insight/README.md): written a
 * page at a time as it is read, so that a million rows never sit in memory.
 */
export default async function exportRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const users = usersRepository(app.db);
  const orders = ordersRepository(app.db);
  const payouts = payoutsRepository(app.db);
  const reports = reportsRepository(app.db);

  const userExport = (path: string, roles: Role[], filename: string) =>
    app.get<{ Querystring: { q?: string; sort?: UserSort } }>(
      path,
      { schema: { querystring: { type: 'object', additionalProperties: false, properties: { q: text(100), sort: { type: 'string', enum: USER_SORTS } } } } },
      async (request, reply) => {
        const { q, sort = 'created_asc' } = request.query;
        const query = { roles, contains: q?.trim() || undefined };
        const pages = allPages((after) => users.listByRoles(query, sort, PAGE, after));
        return sendCsv(reply, filename, ['user', 'name', 'email', 'role', 'suspended'], lines(pages, (user) => [user.id, user.name, user.email, user.role, iso(user.suspended_at)]));
      },
    );
  userExport('/seller.csv', ['seller', 'admin'], 'sellers.csv');
  userExport('/buyer.csv', ['Buyer'], 'buyers.csv');

  app.get<{ Querystring: { state?: (typeof ORDER_STATES)[number] } }>(
    '/admin/orders.csv',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { state: { type: 'string', enum: ORDER_STATES } } } } },
    async (request, reply) => {
      const { state } = request.query;
      const pages = allPages((after) => {
        const params = new Params();
        const where = state === undefined ? [] : [`bookings.state = ${params.add(state)}`];
        return keysetPage<BookingRow>(app.db, { columns: BOOKING_COLUMNS, from: 'bookings', where, params, order: BOOKINGS_OLDEST_FIRST, limit: PAGE, after });
      });
      return sendCsv(reply, state ? `orders-${state}.csv` : 'orders.csv', ORDER_COLUMNS, lines(pages, orderCells));
    },
  );

  app.get('/admin/disputes.csv', async (_request, reply) => {
    const pages = allPages(async (after) => (await orders.listDisputed(PAGE, after)).page);
    return sendCsv(reply, 'disputes.csv', ORDER_COLUMNS, lines(pages, orderCells));
  });

  app.get('/admin/payouts.csv', async (_request, reply) => {
    async function* pages() {
      for (let offset = 0; ; offset += PAGE) {
        const { rows } = await payouts.adminPage(PAGE, offset);
        yield rows;
        if (rows.length < PAGE) return;
      }
    }
    return sendCsv(
      reply,
      'payouts.csv',
      ['payout', 'made', 'seller', 'email', 'amount', 'state', 'origin', 'paid', 'failed', 'failure'],
      lines(pages(), (row) => [row.id, iso(row.created_at), row.seller_name ?? '', row.seller_email ?? '', dollars(row.amount_cents), row.state, row.origin, iso(row.paid_at), iso(row.failed_at), row.failure_message ?? '']),
    );
  });

  app.get<{ Querystring: ReportFilters & { sort?: ReportSort } }>(
    '/admin/reports.csv',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            state: { type: 'string', enum: REPORT_STATES },
            kind: { type: 'string', enum: REPORT_KINDS },
            reason: { type: 'string', enum: REPORT_REASONS },
            sort: { type: 'string', enum: Object.keys(REPORT_SORTS) },
          },
        },
      },
    },
    async (request, reply) => {
      const { sort = 'created_desc', state, kind, reason } = request.query;
      const filters: ReportFilters = { state, kind, reason };
      const pages = allPages((after) => reports.page(filters, sort, PAGE, after));
      return sendCsv(
        reply,
        'reports.csv',
        ['report', 'made', 'state', 'kind', 'reason', 'text', 'target', 'summary', 'reporter', 'reporter_email'],
        lines(pages, (row) => [row.id, iso(row.created_at), row.state, row.kind, row.reason, row.text ?? '', row.target_id, row.summary ?? '', row.reporter_name ?? '', row.reporter_email ?? '']),
      );
    },
  );
}
