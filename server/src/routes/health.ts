import type { FastifyInstance } from 'fastify';
import { migrationFiles, unappliedMigrations } from '../db/migrate';

const statusAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

/** What `GET /ready` says of each replica (`DATABASE_REPLICA_URLS`). */
const replicaState = {
  type: 'object',
  required: ['name', 'healthy', 'lagMs', 'lagBytes'],
  properties: {
    name: { type: 'string' },
    healthy: { type: 'boolean' },
    lagMs: { type: ['integer', 'null'] },
    lagBytes: { type: ['integer', 'null'] },
    problem: { type: 'string' },
  },
} as const;

const readyAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' }, replicas: { type: 'array', items: replicaState } },
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
 * process shuts down, Fastify answers 503 to new requests itself. With replicas, the answer lists
 * each with its lag (server/src/db/replicas.ts); a replica that is down or late does not make the
 * process unready, since its reads go to the primary meanwhile.
 */
export default async function healthRoutes(app: FastifyInstance) {
  const expected = await migrationFiles();

  app.get('/health', { schema: { response: { 200: statusAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', { schema: { response: { 200: readyAnswer, 503: notReady } } }, async (request, reply) => {
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
    const replicas = app.replicaStatus();
    return { status: 'ready', ...(replicas.length > 0 && { replicas }) };
  });
}
