import type { FastifyInstance } from 'fastify';
import { migrationFiles, unappliedMigrations } from '../db/migrate';

const statusAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

const notReady = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/**
 * For load balancers and orchestrators. `GET /health` (liveness): the process answers HTTP.
 * `GET /ready` (readiness): the database answers and has every migration this code expects, so
 * the process can serve; otherwise 503, and a balancer sends its traffic elsewhere. While the
 * process shuts down, Fastify answers 503 to new requests itself.
 */
export default async function healthRoutes(app: FastifyInstance) {
  const expected = await migrationFiles();

  app.get('/health', { schema: { response: { 200: statusAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', { schema: { response: { 200: statusAnswer, 503: notReady } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let missing: string[];
    try {
      missing = await unappliedMigrations(app.db, expected);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database did not answer');
      return reply.code(503).send({ message: 'The database is not reachable' });
    }
    if (missing.length > 0) {
      return reply.code(503).send({ message: `Migrations not applied yet: ${missing.join(', ')}` });
    }
    return { status: 'ready' };
  });
}
