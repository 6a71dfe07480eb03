import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../lib/errors';
import { cursorFields, LIST_MAX, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { toDollars } from '../lib/money';
import { baseUrlOf } from '../lib/wire';
import { callerOf } from '../plugins/identity';
import { onboardingLink } from '../payouts/accounts';
import { payOut, type NoPayout } from '../payouts/pay';
import { lastReconciliation } from '../payouts/reconcile';
import { payoutsRepository, type AdminPayoutRow, type PayoutRow } from '../repositories/payouts';
import { idParams, listOf } from '../schemas';

const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;

const payout = {
  type: 'object',
  required: ['_id', 'sellerId', 'amount', 'state', 'origin', 'createdAt'],
  properties: {
    _id: str, sellerId: str, sellerName: strOrNull, sellerEmail: strOrNull, amount: num, state: str, origin: str,
    retryOf: strOrNull, failureCode: strOrNull, failureMessage: strOrNull, createdAt: str, paidAt: strOrNull, failedAt: strOrNull,
  },
} as const;

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

const payoutOnWire = (row: PayoutRow | AdminPayoutRow) => ({
  _id: row.id,
  sellerId: row.seller_id,
  ...('seller_name' in row && { sellerName: row.seller_name, sellerEmail: row.seller_email }),
  amount: toDollars(row.amount_cents),
  state: row.state,
  origin: row.origin,
  retryOf: row.retry_of,
  failureCode: row.failure_code,
  failureMessage: row.failure_message,
  createdAt: new Date(row.created_at).toISOString(),
  paidAt: iso(row.paid_at),
  failedAt: iso(row.failed_at),
});

/** Why no payout was made, as the seller (or admin) reads it: 409. */
const WHY_NOT: Record<NoPayout, string> = {
  'no-account': 'Set up payouts first: there is no payout account to pay',
  'account-not-active': 'Your payout account is not active yet: finish setting it up',
  nothing: 'There is nothing available to pay out yet',
  busy: 'A payout is being sent already: try again in a minute',
};

/** The admin grid's pages: a cursor holds how many rows came before. */
const FAILED_FIRST = 'failed_first';
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const invalid = () => badRequest('The cursor is not one this list handed out');
  const { s, o } = cursorFields(cursor, invalid);
  if (s !== FAILED_FIRST || typeof o !== 'number' || !Number.isInteger(o) || o < 0 || o > 10_000_000) throw invalid();
  return o;
}
function linkNext(request: FastifyRequest, reply: FastifyReply, limit: number, offset: number) {
  const cursor = Buffer.from(JSON.stringify({ s: FAILED_FIRST, o: offset })).toString('base64url');
  reply.header('link', `<${baseUrlOf(request)}/admin/payouts?limit=${limit}&cursor=${cursor}>; rel="next"`);
}

/** Sellers' payout accounts and payouts, and the admin's view of them (docs/API.md, "Payouts"). */
export default async function payoutRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const payouts = payoutsRepository(app.db);

  app.post(
    '/payout-account/link',
    { onRequest: app.requireSeller, schema: { response: { 200: { type: 'object', required: ['url'], properties: { url: str } } } } },
    async (request) => {
      const seller = callerOf(request);
      return { url: await onboardingLink(app.payouts.deps(request.log), seller, app.config.mail.clientUrl) };
    },
  );

  app.post('/payouts', { onRequest: app.requireSeller, schema: { response: { 200: payout } } }, async (request) => {
    const made = await payOut(app.payouts.deps(request.log), callerOf(request).id, 'withdraw');
    if (typeof made === 'string') throw conflict(WHY_NOT[made]);
    return payoutOnWire(made);
  });

  app.get<{ Querystring: PagingQuery }>(
    '/admin/payouts',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: pagingProperties(LIST_MAX) },
        response: { 200: listOf(payout) },
      },
    },
    async (request, reply) => {
      const { limit = LIST_MAX, cursor } = request.query;
      const offset = offsetOf(cursor);
      const { rows, total } = await payouts.adminPage(limit, offset);
      reply.header('x-total-count', String(total));
      if (offset + rows.length < total && rows.length === limit) linkNext(request, reply, limit, offset + limit);
      return rows.map(payoutOnWire);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/payouts/:id/retry',
    { onRequest: app.requireAdmin, schema: { params: idParams, response: { 200: payout } } },
    async (request) => {
      const failed = await payouts.byId(request.params.id);
      if (!failed) throw notFound('No such payout');
      if (failed.state !== 'failed') throw conflict(`Only a failed payout can be retried; this one is ${failed.state}`);
      const made = await payOut(app.payouts.deps(request.log), failed.seller_id, 'retry', failed.id);
      if (typeof made === 'string') throw conflict(WHY_NOT[made].replace('Your payout account', "The seller's payout account").replace('Set up payouts first', 'The seller has not set up payouts'));
      return payoutOnWire(made);
    },
  );

  app.get('/admin/payouts/waiting', { onRequest: app.requireAdmin }, async () =>
    (await payouts.waiting(LIST_MAX)).map((row) => ({
      sellerId: row.seller_id,
      name: row.name,
      email: row.email,
      available: toDollars(row.available),
      account: row.account === null ? 'none' : row.payouts_enabled ? 'active' : 'pending',
    })),
  );

  app.get('/admin/commission', { onRequest: app.requireAdmin }, async () =>
    (await payouts.commissionByMonth(24)).map((row) => ({ month: row.month, commission: toDollars(row.cents) })),
  );

  app.get('/admin/reconciliation', { onRequest: app.requireAdmin }, async () => (await lastReconciliation({ db: app.db })) ?? null);

  app.post('/admin/reconciliation', { onRequest: app.requireAdmin }, async () => app.payouts.reconcile());
}
