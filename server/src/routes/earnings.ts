import type { FastifyInstance } from 'fastify';
import { decodeNewestCursor, linkNewestPage, LIST_MAX, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { toDollars } from '../lib/money';
import { callerOf } from '../plugins/identity';
import { accountStateOf } from '../payouts/accounts';
import { ledgerRepository, type SellerEntryRow } from '../repositories/ledger';
import { payoutsRepository } from '../repositories/payouts';
import { listOf } from '../schemas';

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;

const earnings = {
  type: 'object',
  required: ['balance', 'account', 'commission'],
  properties: {
    balance: {
      type: 'object',
      required: ['pending', 'available', 'inTransit', 'paidOut'],
      properties: { pending: num, available: num, inTransit: num, paidOut: num },
    },
    account: { type: 'object', required: ['state', 'due'], properties: { state: str, due: { type: 'array', items: str } } },
    commission: { type: 'object', required: ['percent', 'min'], properties: { percent: num, min: num, payoutMin: num } },
  },
} as const;

const strOrNull = { type: ['string', 'null'] } as const;

const entry = {
  type: 'object',
  required: ['_id', 'kind', 'account', 'amount', 'bookingId', 'payoutId', 'bookName', 'at'],
  properties: { _id: str, kind: str, account: str, amount: num, bookingId: strOrNull, payoutId: strOrNull, bookName: strOrNull, at: str },
} as const;

/** The part of the balance each seller account of the ledger is. */
const BALANCE_OF = {
  seller_pending: 'pending',
  seller_available: 'available',
  seller_in_transit: 'inTransit',
  seller_paid_out: 'paidOut',
} as const;

/**
 * A seller's entry: what it did to one part of their balance (positive: more). An order's
 * entries name the order and its book; a payout's name the payout.
 */
const entryOnWire = (row: SellerEntryRow) => ({
  _id: row.id,
  kind: row.kind,
  account: BALANCE_OF[row.account],
  amount: toDollars(-row.amount_cents),
  bookingId: row.booking_id,
  payoutId: row.payout_id,
  bookName: row.book_name,
  at: new Date(row.at).toISOString(),
});

/** What a seller has earned: the balance derived from the ledger, and its entries. */
export default async function earningsRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSeller);
  const ledger = ledgerRepository(app.db);

  app.get('/earnings', { schema: { response: { 200: earnings } } }, async (request) => {
    const sellerId = callerOf(request).id;
    const [balance, account] = await Promise.all([ledger.balanceOf(sellerId), payoutsRepository(app.db).accountOf(sellerId)]);
    const { percent, minCents } = app.config.commission;
    return {
      balance: {
        pending: toDollars(balance.pending),
        available: toDollars(balance.available),
        inTransit: toDollars(balance.inTransit),
        paidOut: toDollars(balance.paidOut),
      },
      // Until an account is active, earnings wait in available.
      account: accountStateOf(account),
      commission: { percent, min: toDollars(minCents), payoutMin: toDollars(app.config.payoutMinCents) },
    };
  });

  app.get<{ Querystring: PagingQuery }>(
    '/earnings/entries',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: pagingProperties(LIST_MAX) },
        response: { 200: listOf(entry) },
      },
    },
    async (request, reply) => {
      const { limit = LIST_MAX, cursor } = request.query;
      const before = cursor === undefined ? undefined : decodeNewestCursor(cursor);
      const page = await ledger.entriesOf(callerOf(request).id, limit, before);
      linkNewestPage(request, reply, '/earnings/entries', limit, page.more ? page.rows.at(-1)?.id : undefined);
      return page.rows.map(entryOnWire);
    },
  );

  // The whole history as a spreadsheet, newest first (at most CSV_MAX entries).
  app.get('/earnings/entries.csv', async (request, reply) => {
    const { rows } = await ledger.entriesOf(callerOf(request).id, CSV_MAX);
    const lines = [CSV_HEADER, ...rows.map((row) => csvLine(entryOnWire(row)))];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="earnings.csv"')
      .header('cache-control', 'no-store')
      .send(`${lines.join('\r\n')}\r\n`);
  });
}

const CSV_MAX = 50_000;
const CSV_HEADER = 'date,order,payout,book,kind,balance,amount';

/** A field as RFC 4180 quotes it; a leading =, +, - or @ is defused so no spreadsheet runs it. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The text fields guarded, the amount as a plain signed number. */
function csvLine(entry: ReturnType<typeof entryOnWire>): string {
  const text = [entry.at, entry.bookingId ?? '', entry.payoutId ?? '', entry.bookName ?? '', entry.kind, entry.account].map(csvField);
  return [...text, entry.amount.toFixed(2)].join(',');
}
