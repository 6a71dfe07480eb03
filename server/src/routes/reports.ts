import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { decodeCursor, LIST_MAX, nextPageLink, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { callerOf } from '../plugins/identity';
import { ACTIONS, actOnReport, reinstate } from '../reports/actions';
import { reportOnWire } from '../reports/wire';
import {
  REPORT_KINDS, REPORT_REASONS, REPORT_SORTS, REPORT_STATES, reportOrder, reportsRepository,
  type ReportFilters, type ReportKind, type ReportReason, type ReportSort,
} from '../repositories/reports';
import { usersRepository } from '../repositories/users';
import { idParams, listOf, modified } from '../schemas';

const str = { type: 'string' } as const;
const party = { type: 'object', required: ['_id', 'name'], properties: { _id: str, name: str } } as const;
const adminReport = {
  type: 'object',
  required: ['_id', 'kind', 'targetId', 'reason', 'text', 'at', 'state', 'reporter', 'target', 'user', 'actions'],
  properties: {
    _id: str, kind: str, targetId: str, reason: str, text: { type: ['string', 'null'] }, at: str, state: str,
    reporter: { type: 'object', properties: { _id: str, name: str, email: str } },
    target: { type: 'object', required: ['summary', 'hidden'], properties: { summary: str, hidden: { type: 'boolean' }, threadId: str } },
    user: {
      type: ['object', 'null'],
      properties: { _id: str, name: str, email: str, suspended: { type: 'boolean' } },
    },
    actions: {
      type: 'array',
      items: { type: 'object', required: ['action', 'reason', 'by', 'at'], properties: { action: str, reason: str, by: party, at: str } },
    },
  },
} as const;

/** Whatever is reported: a listing, a user or a review (24 hex), or a message (its number). */
const targetId = { type: 'string', pattern: '^([0-9a-f]{24}|[1-9][0-9]{0,17})$' } as const;
const reason = { type: 'string', minLength: 1, maxLength: 500 } as const;

interface ReportBody {
  kind: ReportKind;
  id: string;
  reason: ReportReason;
  text?: string;
}

interface AdminListQuery extends PagingQuery, ReportFilters {
  sort?: ReportSort;
}

/** Reports of listings, users, messages and reviews, and the admin's trust queue (server/src/reports/README.md). */
export default async function reportRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const now = () => app.orders.clock.now();
  const reports = reportsRepository(app.db);

  app.post<{ Body: ReportBody }>(
    '/reports',
    {
      schema: {
        body: {
          type: 'object',
          required: ['kind', 'id', 'reason'],
          additionalProperties: false,
          properties: {
            kind: { type: 'string', enum: REPORT_KINDS },
            id: targetId,
            reason: { type: 'string', enum: REPORT_REASONS },
            text: { type: 'string', maxLength: 2_000 },
          },
        },
        response: { 201: { type: 'object', required: ['_id', 'state'], properties: { _id: str, state: str } } },
      },
      config: { multiLineFields: ['text'] },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { kind, id, reason: why, text } = request.body;
      const target = await reports.target(kind, id, caller.id);
      if (!target) throw notFound('There is nothing like that to report');
      if (target.userId === caller.id) throw badRequest(kind === 'user' ? 'You cannot report yourself' : 'You cannot report your own');
      const saved = await reports.insert({
        id: newId(),
        reporter_id: caller.id,
        kind,
        target_id: id,
        target_user_id: target.userId,
        summary: target.summary,
        thread_id: target.threadId,
        reason: why,
        text: text?.trim() || null,
        created_at: now(),
      });
      if (saved === 'duplicate') throw conflict('You already reported this');
      reply.code(201);
      return { _id: saved.id, state: saved.state };
    },
  );

  app.register(async (admin) => {
    admin.addHook('onRequest', app.requireAdmin);

    admin.get<{ Querystring: AdminListQuery }>(
      '/admin/reports',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              ...pagingProperties(LIST_MAX),
              state: { type: 'string', enum: REPORT_STATES },
              kind: { type: 'string', enum: REPORT_KINDS },
              reason: { type: 'string', enum: REPORT_REASONS },
              sort: { type: 'string', enum: Object.keys(REPORT_SORTS) },
            },
          },
          response: { 200: listOf(adminReport) },
        },
      },
      async (request, reply) => {
        const { limit = LIST_MAX, cursor, sort = 'created_desc', state, kind, reason: why } = request.query;
        const filters: ReportFilters = { state, kind, reason: why };
        const after = cursor === undefined ? undefined : decodeCursor(cursor, sort, reportOrder(sort));
        const [page, total] = await Promise.all([reports.page(filters, sort, limit, after), reports.count(filters)]);
        const actions = await reports.actions(page.rows.map((row) => row.id));
        reply.header('x-total-count', String(total));
        const link = nextPageLink(request, { path: '/admin/reports', query: { state, kind, reason: why, sort }, limit, sort, page });
        if (link !== undefined) reply.header('link', link);
        return page.rows.map((row) => reportOnWire(row, actions));
      },
    );

    admin.post<{ Params: { id: string }; Body: { action: (typeof ACTIONS)[number]; reason: string } }>(
      '/admin/reports/:id/actions',
      {
        schema: {
          params: idParams,
          body: {
            type: 'object',
            required: ['action', 'reason'],
            additionalProperties: false,
            properties: { action: { type: 'string', enum: ACTIONS }, reason },
          },
          response: { 200: adminReport },
        },
        config: { multiLineFields: ['reason'] },
      },
      async (request) => {
        const caller = callerOf(request);
        const why = request.body.reason.trim();
        if (why === '') throw badRequest('Give a reason');
        await app.db.transaction((tx) =>
          actOnReport(tx, app.orders, { reportId: request.params.id, action: request.body.action, reason: why, admin: caller }),
        );
        app.orders.told();
        const row = await reports.adminRow(request.params.id);
        if (!row) throw notFound('No such report');
        return reportOnWire(row, await reports.actions([row.id]));
      },
    );

    admin.post<{ Params: { id: string }; Body: { reason: string } }>(
      '/admin/users/:id/reinstate',
      {
        schema: {
          params: idParams,
          body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason } },
          response: { 200: modified },
        },
        config: { multiLineFields: ['reason'] },
      },
      async (request) => {
        const caller = callerOf(request);
        const why = request.body.reason.trim();
        if (why === '') throw badRequest('Give a reason');
        const user = await usersRepository(app.db).findById(request.params.id);
        if (!user) throw notFound('No such user');
        const at = now();
        const lifted = await app.db.transaction(async (tx) => {
          if (!(await reinstate(tx, user.id))) return false;
          const trust = reportsRepository(tx);
          await trust.record({ reportId: null, admin: caller, action: 'reinstate', reason: why, kind: 'user', targetId: user.id, userId: user.id, at });
          await trust.tell({ userId: user.id, kind: 'moderated', summary: 'your account', action: 'reinstate', reason: why, at });
          return true;
        });
        if (lifted) app.orders.told();
        return { acknowledged: true, modifiedCount: lifted ? 1 : 0 };
      },
    );
  });
}
