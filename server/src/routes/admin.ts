import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../lib/errors';
import { answerPage, decodeCursor, LIST_MAX, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { userOnWire } from '../lib/wire';
import { callerOf } from '../plugins/identity';
import { USER_ORDERS, USER_SORTS, usersRepository, type Role, type UserSort } from '../repositories/users';
import { deleted, idParams, listOf, modified, text, user } from '../schemas';
import { deleteAccount } from '../users/deleteAccount';

interface UserListParams extends PagingQuery {
  /** Part of the name or the email, any case. */
  q?: string;
  sort?: UserSort;
}

const userListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: text(100),
    sort: { type: 'string', enum: USER_SORTS },
    ...pagingProperties(LIST_MAX),
  },
} as const;

/** Admin-only user management: every route here needs an admin access token. */
export default async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);
  const users = usersRepository(app.db);

  // The Data Grid pages, sorts and filters on the server: a page, its next link, and the total.
  const listRoute = (path: string, roles: Role[]) =>
    app.get<{ Querystring: UserListParams }>(
      path,
      { schema: { querystring: userListQuery, response: { 200: listOf(user) } } },
      async (request, reply) => {
        const { q, sort = 'created_asc', limit = LIST_MAX, cursor } = request.query;
        const query = { roles, contains: q?.trim() || undefined };
        const after = cursor === undefined ? undefined : decodeCursor(cursor, sort, USER_ORDERS[sort]);
        const [page, total] = await Promise.all([users.listByRoles(query, sort, limit, after), users.countByRoles(query)]);
        reply.header('x-total-count', String(total));
        return answerPage(request, reply, { path, query: { q: query.contains, sort: request.query.sort }, limit, sort, page }).map(userOnWire);
      },
    );
  listRoute('/seller', ['seller', 'admin']);
  listRoute('/buyer', ['Buyer']);

  const promoteRoute = (path: string, from: Role, to: Role) =>
    app.put<{ Params: { id: string } }>(
      path,
      { schema: { params: idParams, response: { 200: modified } } },
      async (request) => {
        const target = await users.findById(request.params.id);
        if (!target) throw notFound('No such user');
        // Only the documented step (Buyer → seller, seller → admin); anything else changes nothing.
        return { acknowledged: true, modifiedCount: await users.changeRole(target.id, from, to) };
      },
    );
  promoteRoute('/users/seller/:id', 'Buyer', 'seller');
  promoteRoute('/users/admin/:id', 'seller', 'admin');

  app.delete<{ Params: { id: string } }>(
    '/users/admin/:id',
    { schema: { params: idParams, response: { 200: deleted } } },
    async (request) => {
      const { id } = request.params;
      if (id === callerOf(request).id) throw badRequest('You cannot delete your own account');
      const deletedCount = await app.db.transaction((tx) => deleteAccount(tx, app.orders, id));
      app.orders.told();
      if (deletedCount === 0) throw notFound('No such user');
      return { acknowledged: true, deletedCount };
    },
  );
}
