import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Reader } from '../db/db';
import type { ReplicaReads, ReplicaStatus } from '../db/replicas';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * Public catalogue reads (search, a book's page, a seller's page) on the streaming replicas
     * that are well, else on the primary; without `DATABASE_REPLICA_URLS`, the primary itself.
     * Only for requests `mayReadReplica` allows.
     */
    replicaReader: Reader;
    /** The replicas as last probed (`GET /ready`); empty without `DATABASE_REPLICA_URLS`. */
    replicaStatus(): ReplicaStatus[];
  }
}

/**
 * A signed-out visitor's catalogue reads may come from a replica, a moment behind the primary. A
 * signed-in caller's always come from the primary, so that what they have just written (a
 * listing, a price, a sale) is there when they look, whichever process they wrote through.
 */
export const mayReadReplica = (request: FastifyRequest): boolean => request.headers.authorization === undefined;

/** A repository over the primary and one over the replicas: `(request) =>` the one that request reads (`mayReadReplica`). */
export function readerFor<Repository>(app: FastifyInstance, make: (db: Reader) => Repository): (request: FastifyRequest) => Repository {
  const onPrimary = make(app.db);
  const onReplicas = make(app.replicaReader);
  return (request) => (mayReadReplica(request) ? onReplicas : onPrimary);
}

export interface DatabaseOptions {
  db: Db;
  /** Close the database with the app (false when the caller owns it, as tests do). */
  closeOnShutdown: boolean;
  /** `DATABASE_REPLICA_URLS` and `REPLICA_MAX_LAG` (server/src/db/replicas.ts). */
  replicas?: { urls: readonly string[]; maxLagMs: number; probeEveryMs?: number };
}

export default fp<DatabaseOptions>(
  async (app, { db, closeOnShutdown, replicas }) => {
    app.decorate('db', db);
    let reads: ReplicaReads | undefined;
    if (replicas && replicas.urls.length > 0) {
      // The PostgreSQL driver the replicas need loads only with them.
      const { createReplicaReads } = await import('../db/replicas');
      reads = await createReplicaReads(db, {
        ...replicas,
        onChange: (replica) =>
          replica.healthy
            ? app.log.info({ replica: replica.name, lagMs: replica.lagMs }, 'replica in use for catalogue reads')
            : app.log.warn({ replica: replica.name, problem: replica.problem }, 'replica skipped: catalogue reads go to the primary'),
      });
      app.addHook('onClose', () => reads?.close());
    }
    app.decorate('replicaReader', reads?.reader ?? db);
    app.decorate('replicaStatus', () => reads?.status() ?? []);
    if (closeOnShutdown) app.addHook('onClose', () => db.close());
  },
  { name: 'database' },
);
