import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';
import { isSellerRole } from '../repositories/users';
import { callerOf } from './identity';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook after `authenticate`: role seller or admin (a verified seller). */
    requireSeller(request: FastifyRequest): Promise<void>;
    /** onRequest hook after `authenticate`: role admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

export default fp(
  async (app) => {
    app.decorate('requireSeller', async (request: FastifyRequest) => {
      if (!isSellerRole(callerOf(request).role)) throw forbidden('Only sellers can do this');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (callerOf(request).role !== 'admin') throw forbidden('Only admins can do this');
    });
  },
  { name: 'authorization', dependencies: ['identity'] },
);
