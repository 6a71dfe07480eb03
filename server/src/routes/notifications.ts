import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../lib/errors';
import { decodeNewestCursor, linkNewestPage, LIST_MAX, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { NOTIFICATION_KINDS, type NotificationKind } from '../mail/kinds';
import { RESUME_LOOKBACK_MS } from '../plugins/events';
import { callerOf } from '../plugins/identity';
import { notificationOnWire, notificationsRepository } from '../repositories/notifications';
import { listOf, modified } from '../schemas';

const str = { type: 'string' } as const;
const notification = {
  type: 'object',
  required: ['_id', 'kind', 'bookingId', 'bookName', 'role', 'at', 'read'],
  properties: {
    _id: str, kind: str, bookingId: str, bookName: str, role: str, at: str, read: { type: 'boolean' }, deadline: str, reason: str,
    payoutId: str, amount: { type: 'number' }, bookId: str, wantId: str, threadId: str, action: str, offerId: str,
  },
} as const;

const kindSwitches = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { type: 'boolean' }])),
} as const;
const settings = { type: 'object', required: ['email'], properties: { email: kindSwitches } } as const;

/** A notification's id on the wire: a whole number, as text. */
const notificationIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } },
} as const;

/** What each user is told: the list, read marks, email settings, the live stream, unsubscribe links. */
export default async function notificationRoutes(app: FastifyInstance) {
  const notifications = notificationsRepository(app.db);
  const now = () => app.orders.clock.now();

  /** Public: the link of an email turns its kind off, whoever opens it. */
  app.post<{ Body: { token: string } }>(
    '/notifications/unsubscribe',
    {
      schema: {
        body: { type: 'object', required: ['token'], additionalProperties: false, properties: { token: { type: 'string', minLength: 1, maxLength: 300 } } },
        response: { 200: { type: 'object', required: ['kind'], properties: { kind: str } } },
      },
    },
    async (request) => {
      const read = app.mail.tokens.read(request.body.token);
      if (!read) throw badRequest('This link is not one we sent');
      if (!(await notifications.userExists(read.userId))) throw notFound('This account no longer exists');
      await notifications.setEmail(read.userId, read.kind, false);
      return { kind: read.kind };
    },
  );

  app.register(async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get<{ Querystring: PagingQuery }>(
      '/notifications',
      {
        schema: {
          querystring: { type: 'object', additionalProperties: false, properties: pagingProperties(LIST_MAX) },
          response: { 200: listOf(notification) },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { limit = LIST_MAX, cursor } = request.query;
        const before = cursor === undefined ? undefined : decodeNewestCursor(cursor);
        const [page, unread] = await Promise.all([
          notifications.listForUser(caller.id, limit, before),
          notifications.unreadCount(caller.id),
        ]);
        reply.header('x-unread-count', String(unread));
        const last = page.rows.at(-1);
        linkNewestPage(request, reply, '/notifications', limit, page.more && last ? String(last.id) : undefined);
        return page.rows.map(notificationOnWire);
      },
    );

    signedIn.post<{ Params: { id: string } }>(
      '/notifications/:id/read',
      { schema: { params: notificationIdParams, response: { 200: modified } } },
      async (request) => {
        const caller = callerOf(request);
        if (!(await notifications.owns(caller.id, request.params.id))) throw notFound('No such notification');
        return { acknowledged: true, modifiedCount: await notifications.markRead(caller.id, request.params.id, now()) };
      },
    );

    signedIn.post('/notifications/read-all', { schema: { response: { 200: modified } } }, async (request) => ({
      acknowledged: true,
      modifiedCount: await notifications.markAllRead(callerOf(request).id, now()),
    }));

    const settingsOf = async (userId: string) => {
      const off = await notifications.emailsOff(userId);
      return { email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) };
    };

    signedIn.get('/notification-settings', { schema: { response: { 200: settings } } }, async (request) =>
      settingsOf(callerOf(request).id),
    );

    signedIn.put<{ Body: { email: Partial<Record<NotificationKind, boolean>> } }>(
      '/notification-settings',
      {
        schema: {
          body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email: kindSwitches } },
          response: { 200: settings },
        },
      },
      async (request) => {
        const userId = callerOf(request).id;
        for (const [kind, on] of Object.entries(request.body.email) as [NotificationKind, boolean][]) {
          await notifications.setEmail(userId, kind, on);
        }
        return settingsOf(userId);
      },
    );

    signedIn.get<{ Headers: { 'last-event-id'?: string } }>(
      '/events',
      {
        schema: {
          headers: { type: 'object', properties: { 'last-event-id': { type: 'string', pattern: '^(0|[1-9][0-9]{0,17})$' } } },
        },
      },
      async (request, reply) => {
        const lastEventId = request.headers['last-event-id'];
        const since = new Date(app.orders.clock.now().getTime() - RESUME_LOOKBACK_MS);
        await app.events.open(request, reply, callerOf(request).id, lastEventId === undefined ? undefined : { lastEventId, since });
      },
    );
  });
}
