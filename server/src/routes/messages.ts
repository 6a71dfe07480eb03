import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { decodeCursor, decodeNewestCursor, LIST_MAX, linkNewestPage, nextPageLink, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { baseUrlOf } from '../lib/wire';
import { closedReason, readerOf, SEND_REFUSED } from '../messages/rules';
import { messageOnWire, threadOnWire } from '../messages/wire';
import { callerOf } from '../plugins/identity';
import { blocksRepository } from '../repositories/blocks';
import { messagesRepository, THREAD_ORDER, type ThreadRow } from '../repositories/messages';
import { rateLimitsRepository } from '../repositories/rateLimits';
import type { User } from '../repositories/users';
import { idParams, listOf, modified } from '../schemas';

const str = { type: 'string' } as const;
const party = { type: 'object', required: ['_id', 'name'], properties: { _id: str, name: str } } as const;
const message = {
  type: 'object',
  required: ['_id', 'threadId', 'author', 'text', 'at', 'hidden'],
  properties: { _id: str, threadId: str, author: party, text: str, at: str, hidden: { type: 'boolean' } },
} as const;
const thread = {
  type: 'object',
  required: ['_id', 'kind', 'bookingId', 'bookId', 'bookName', 'img', 'role', 'buyer', 'seller', 'last', 'unread', 'canSend', 'updatedAt'],
  properties: {
    _id: str, kind: str, bookingId: { type: ['string', 'null'] }, bookId: { type: ['string', 'null'] }, bookName: str, img: str,
    role: str, buyer: party, seller: party, unread: { type: 'integer' }, canSend: { type: 'boolean' }, closed: str, updatedAt: str,
    last: { type: ['object', 'null'], required: ['text', 'at', 'authorId'], properties: { text: str, at: str, authorId: str } },
  },
} as const;

/** A message as written: 1 to 2,000 characters once trimmed; line breaks and tabs allowed. */
const MESSAGE_MAX = 2_000;
const textBody = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: { text: { type: 'string', minLength: 1, maxLength: MESSAGE_MAX } },
} as const;
const threadIdParams = idParams;
const pagingQuery = { type: 'object', additionalProperties: false, properties: pagingProperties(LIST_MAX) } as const;

function trimmed(text: string): string {
  const value = text.trim();
  if (value === '') throw badRequest('Write a message first');
  return value;
}

/**
 * Messages between a book's buyer and its seller: an order's thread, or a question asked from the
 * book page (server/src/messages/README.md). New messages reach both sides' event streams
 * (`GET /events`, `event: message`) through the database's announcement of the row.
 */
export default async function messageRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const now = () => app.orders.clock.now();
  const repo = messagesRepository(app.db);

  /**
   * `MESSAGES_PER_MINUTE` per user, messages and questions together, counted in the database so
   * every API process counts in the same row (a fixed window of a minute).
   */
  async function limitMessages(request: FastifyRequest, reply: FastifyReply) {
    const max = app.config.messagesPerMinute;
    if (max <= 0) return;
    const { hits, ttlMs } = await rateLimitsRepository(app.db).hit(`message:${callerOf(request).id}`, 60_000);
    if (hits > max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
      throw new HttpError(429, `You can send at most ${max} messages a minute: wait a moment and send it again`);
    }
  }

  /** The thread `id` and how the caller reads it; 404 unless they are a side (or an admin of a reported one). */
  async function threadFor(request: FastifyRequest, threadId: string) {
    const caller = callerOf(request);
    const row = (await repo.thread(threadId)) ?? (await repo.openOrderThreadFor(threadId, caller, now()));
    const role = row && (await readerOf(app.db, row, caller));
    if (!row || !role) throw notFound('No such conversation');
    return { row, role, caller };
  }

  async function answerThread(request: FastifyRequest, row: ThreadRow, caller: User, role: 'buyer' | 'seller' | 'admin') {
    const summary = await repo.summary(row.id, caller.id);
    if (!summary) throw notFound('No such conversation');
    const closed = await closedReason(app.db, row, caller, role, now());
    return threadOnWire(baseUrlOf(request), summary, { role, closed });
  }

  app.get<{ Querystring: PagingQuery }>(
    '/threads',
    { schema: { querystring: pagingQuery, response: { 200: listOf(thread) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { limit = LIST_MAX, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, 'updated_desc', THREAD_ORDER);
      const [page, unread] = await Promise.all([repo.listFor(caller.id, limit, after), repo.unreadTotal(caller.id)]);
      reply.header('x-unread-count', String(unread));
      const link = nextPageLink(request, { path: '/threads', limit, sort: 'updated_desc', page });
      if (link !== undefined) reply.header('link', link);
      const base = baseUrlOf(request);
      const at = now();
      return Promise.all(
        page.rows.map(async (row) => {
          const role = row.buyer_id === caller.id ? 'buyer' : 'seller';
          return threadOnWire(base, row, { role, closed: await closedReason(app.db, row, caller, role, at) });
        }),
      );
    },
  );

  app.get<{ Params: { id: string } }>('/threads/:id', { schema: { params: threadIdParams, response: { 200: thread } } }, async (request) => {
    const { row, role, caller } = await threadFor(request, request.params.id);
    return answerThread(request, row, caller, role);
  });

  app.get<{ Params: { id: string }; Querystring: PagingQuery }>(
    '/threads/:id/messages',
    { schema: { params: threadIdParams, querystring: pagingQuery, response: { 200: listOf(message) } } },
    async (request, reply) => {
      const { row, role } = await threadFor(request, request.params.id);
      const { limit = LIST_MAX, cursor } = request.query;
      const before = cursor === undefined ? undefined : decodeNewestCursor(cursor);
      const page = await repo.messages(row.id, limit, before);
      const last = page.rows.at(-1);
      linkNewestPage(request, reply, `/threads/${row.id}/messages`, limit, page.more && last ? String(last.id) : undefined);
      return page.rows.map((item) => messageOnWire(item, { admin: role === 'admin' }));
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/threads/:id/messages',
    {
      schema: { params: threadIdParams, body: textBody, response: { 201: message } },
      config: { multiLineFields: ['text'] },
      preHandler: limitMessages,
    },
    async (request, reply) => {
      const text = trimmed(request.body.text);
      const { row, role, caller } = await threadFor(request, request.params.id);
      if (role === 'admin') throw forbidden(SEND_REFUSED.admin);
      const at = now();
      const closed = await closedReason(app.db, row, caller, role, at);
      if (closed !== undefined) throw SEND_REFUSED.error(closed);
      // The message and the thread's time and read mark commit together (the event goes at commit).
      const saved = await app.db.transaction((tx) => messagesRepository(tx).insert(row, caller, role, text, at));
      reply.code(201);
      return messageOnWire(saved);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/threads/:id/read',
    { schema: { params: threadIdParams, response: { 200: modified } } },
    async (request) => {
      const { row, role, caller } = await threadFor(request, request.params.id);
      if (role === 'admin') return { acknowledged: true, modifiedCount: 0 };
      return { acknowledged: true, modifiedCount: await repo.markRead(row.id, caller.id, role) };
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/books/:id/questions',
    {
      schema: { params: idParams, body: textBody, response: { 201: thread } },
      config: { multiLineFields: ['text'] },
      preHandler: limitMessages,
    },
    async (request, reply) => {
      const text = trimmed(request.body.text);
      const caller = callerOf(request);
      const book = await repo.bookAskedAbout(request.params.id);
      if (!book || book.seller_id === null) throw notFound('No such book');
      if (book.seller_id === caller.id) throw badRequest('This is your own book');
      const blocks = await blocksRepository(app.db).between(caller.id, book.seller_id);
      if (blocks.bBlockedA) throw forbidden(SEND_REFUSED.blockedByOther);
      if (blocks.aBlockedB) throw forbidden(SEND_REFUSED.blockedOther);
      const at = now();
      const sellerId = book.seller_id;
      const row = await app.db.transaction(async (tx) => {
        const threads = messagesRepository(tx);
        const opened = await threads.openQuestionThread(
          newId(),
          { id: book.id, name: book.name, img: book.img, sellerId, sellerName: book.seller_name },
          caller,
          at,
        );
        await threads.insert(opened, caller, 'buyer', text, at);
        return opened;
      });
      reply.code(201);
      return answerThread(request, row, caller, 'buyer');
    },
  );
}
