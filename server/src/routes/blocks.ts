import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../lib/errors';
import { callerOf } from '../plugins/identity';
import { blocksRepository } from '../repositories/blocks';
import { usersRepository } from '../repositories/users';
import { id, listOf } from '../schemas';

const str = { type: 'string' } as const;
const userIdParams = { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: id } } as const;
const blockState = { type: 'object', required: ['_id', 'blocked'], properties: { _id: str, blocked: { type: 'boolean' } } } as const;
const blocked = { type: 'object', required: ['_id', 'name', 'at'], properties: { _id: str, name: str, at: str } } as const;

/**
 * Blocks, one way: the blocked user can no longer message the blocker, ask about their books or
 * book them (docs/API.md, "Messages, reviews and reports").
 */
export default async function blockRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const now = () => app.orders.clock.now();

  app.get('/blocks', { schema: { response: { 200: listOf(blocked) } } }, async (request) =>
    (await blocksRepository(app.db).list(callerOf(request).id)).map((row) => ({
      _id: row.id,
      name: row.name,
      at: new Date(row.created_at).toISOString(),
    })),
  );

  app.post<{ Params: { userId: string } }>(
    '/blocks/:userId',
    { schema: { params: userIdParams, response: { 200: blockState } } },
    async (request) => {
      const caller = callerOf(request);
      const { userId } = request.params;
      if (userId === caller.id) throw badRequest('You cannot block yourself');
      const other = await usersRepository(app.db).findById(userId);
      if (!other || other.system_account) throw notFound('No such user');
      await blocksRepository(app.db).add(caller.id, userId, now());
      return { _id: userId, blocked: true };
    },
  );

  app.delete<{ Params: { userId: string } }>(
    '/blocks/:userId',
    { schema: { params: userIdParams, response: { 200: blockState } } },
    async (request) => {
      await blocksRepository(app.db).remove(callerOf(request).id, request.params.userId);
      return { _id: request.params.userId, blocked: false };
    },
  );
}
