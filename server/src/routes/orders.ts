import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { answerPage, decodeCursor, LIST_MAX, OLDEST_FIRST, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { baseUrlOf } from '../lib/wire';
import { moveOrders, refundOrder } from '../orders/moves';
import { mayMove, needsReason, ORDER_MOVES, wrongMoveMessage, type OrderMove } from '../orders/states';
import { ordersForCaller, viewerOf } from '../orders/wire';
import { rateLimitedPerOrder } from '../plugins/config';
import { callerOf } from '../plugins/identity';
import { bookingsRepository, type BookingRow } from '../repositories/bookings';
import { DISPUTES_OLDEST_FIRST, ordersRepository } from '../repositories/orders';
import type { User } from '../repositories/users';
import { booking, idParams, listOf, text } from '../schemas';

interface TransitionBody {
  to: OrderMove;
  code?: string;
  carrier?: string;
  tracking?: string;
  reason?: string;
}

const transitionBody = {
  type: 'object',
  required: ['to'],
  additionalProperties: false,
  properties: {
    to: { type: 'string', enum: ORDER_MOVES },
    code: { type: 'string', pattern: '^[0-9]{6}$' },
    carrier: text(60),
    tracking: text(100),
    reason: text(1000),
  },
} as const;

/** The 409s that are not about the order's state alone still say where it is and what comes next. */
const WINDOW_CLOSED = 'The time to report a problem with this order has passed. This order is received. What may happen next: completed.';
const REFUND_UNDER_WAY = 'A refund of this order is under way. What may happen next: refunded.';

/** Wrong hand-over codes allowed before codes are refused for a while, and for how long. */
export const CODE_TRIES = 5;
export const CODE_LOCK_MS = 15 * 60_000;

/** An order is carried to its end through its moves; who may make which is in orders/states.ts. */
export default async function orderRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const bookings = bookingsRepository(app.db);
  const orders = ordersRepository(app.db);

  const answer = async (request: FastifyRequest, caller: User, id: string) => {
    const row = await bookings.findById(id);
    if (!row) throw notFound('No such booking');
    const [order] = await ordersForCaller(app.db, baseUrlOf(request), [row], caller, app.orders.reading());
    return order;
  };

  const lockedAnswer = (until: Date) =>
    new HttpError(429, `Too many wrong codes: codes are refused until ${until.toISOString().slice(11, 16)} UTC`);

  /** Checks the seller's code for a meet-up's hand-over; refuses (and counts) a wrong one. */
  async function checkCode(row: BookingRow, code: string | undefined): Promise<void> {
    const now = app.orders.clock.now();
    if (row.code_locked_until !== null && row.code_locked_until > now) throw lockedAnswer(row.code_locked_until);
    if (code === undefined) throw badRequest("Enter the buyer's 6-digit hand-over code");
    const lockUntil = new Date(now.getTime() + CODE_LOCK_MS);
    const tried = await orders.tryCode(row.id, code, now, { tries: CODE_TRIES, lockUntil });
    if (tried === undefined) {
      // Locked, or moved on, by a try or a move at the same moment.
      const current = await bookings.findById(row.id);
      if (current?.code_locked_until && current.code_locked_until > now) throw lockedAnswer(current.code_locked_until);
      throw conflict(wrongMoveMessage(current?.state ?? row.state, row.delivery_method));
    }
    if (tried.matched) return;
    if (tried.locked) {
      // This try locked the codes: the buyer is told once per lock.
      if (row.buyer_id !== null) {
        await orders.tell({
          userId: row.buyer_id, bookingId: row.id, kind: 'code_locked', role: 'buyer', bookName: row.book_name,
          deadline: null, at: now,
        });
        app.orders.told();
      }
      throw new HttpError(429, 'Too many wrong codes: codes are refused for 15 minutes, and the buyer was told');
    }
    const left = CODE_TRIES - tried.failures;
    throw badRequest(`That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left`);
  }

  app.post<{ Params: { id: string }; Body: TransitionBody }>(
    '/bookings/:id/transitions',
    {
      // Per caller and order, after `authenticate`: a hand-over code cannot be guessed by volume.
      config: { multiLineFields: ['reason'], ...rateLimitedPerOrder(app.config) },
      schema: { params: idParams, body: transitionBody, response: { 200: booking } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { to, code, carrier, tracking } = request.body;
      const reason = request.body.reason?.trim() || undefined;
      const row = await bookings.findById(request.params.id);
      if (!row) throw notFound('No such booking');
      const viewer = viewerOf(row, caller);
      if (viewer === undefined) throw forbidden('This is not your order');
      const now = app.orders.clock.now();
      const verdict = mayMove(to, {
        state: row.state,
        method: row.delivery_method,
        side: viewer === 'admin' ? undefined : viewer,
        admin: caller.role === 'admin',
        problemWindowOpen: row.state === 'received' && row.due_at !== null && row.due_at > now,
      });
      if (verdict === 'wrong') throw conflict(wrongMoveMessage(row.state, row.delivery_method));
      if (verdict === 'window closed') throw conflict(WINDOW_CLOSED);
      if (verdict === 'forbidden') throw forbidden(`You cannot mark this order ${to}`);
      if (row.refund_started_at !== null) throw conflict(REFUND_UNDER_WAY);
      if (needsReason(to, row.state) && reason === undefined) throw badRequest('Say why (reason)');
      if (to === 'received' && row.state === 'ready') await checkCode(row, code);

      const actor = viewer;
      const deps = app.orders.deps(request.log);
      const moved =
        to === 'refunded'
          ? await refundOrder(deps, row, { actor, reason: reason ?? '' })
          : (await moveOrders(deps, [row.id], row.state, to, { actor, reason, carrier, tracking })).length === 1;
      if (!moved) {
        // Another move won at the same moment: say where the order is now.
        const now = await bookings.findById(row.id);
        if (now?.refund_started_at) throw conflict(REFUND_UNDER_WAY);
        throw conflict(wrongMoveMessage(now?.state ?? row.state, row.delivery_method));
      }
      return answer(request, caller, row.id);
    },
  );

  if (app.config.orderTimeTravel) {
    // Tests only (see `orderTimeTravel`): the order's clock runs `ms` ahead, then a sweep runs.
    app.post<{ Params: { id: string }; Body: { ms: number } }>(
      '/test/orders/:id/elapse',
      {
        onRequest: app.requireAdmin,
        schema: {
          params: idParams,
          body: { type: 'object', required: ['ms'], additionalProperties: false, properties: { ms: { type: 'integer', minimum: 1, maximum: 31_622_400_000 } } },
        },
      },
      async (request) => {
        const moved = await orders.elapse(request.params.id, request.body.ms);
        if (!moved) throw notFound('No such booking');
        await app.orders.sweep();
        return answer(request, callerOf(request), request.params.id);
      },
    );
  }

  const disputesQuery = { type: 'object', additionalProperties: false, properties: pagingProperties(LIST_MAX) } as const;

  app.get<{ Querystring: PagingQuery }>(
    '/admin/disputes',
    { onRequest: app.requireAdmin, schema: { querystring: disputesQuery, response: { 200: listOf(booking) } } },
    async (request, reply) => {
      const { limit = LIST_MAX, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, OLDEST_FIRST, DISPUTES_OLDEST_FIRST);
      const { page, total } = await orders.listDisputed(limit, after);
      reply.header('x-total-count', String(total));
      const rows = answerPage(request, reply, { path: '/admin/disputes', limit, sort: OLDEST_FIRST, page });
      return ordersForCaller(app.db, baseUrlOf(request), rows, callerOf(request), app.orders.reading());
    },
  );
}
