import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CHANGES_CHANNEL, ChangeListeners, type Db, type Queryable } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL: on disk under `dataDir`, or in memory when none is given. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  // PGlite creates only the last folder of the path.
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  // pg_trgm (typo-tolerant search) ships with PGlite as a contrib extension, loaded here.
  const options = { extensions: { pg_trgm } };
  const pglite = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
  await pglite.waitReady;
  // One session, so every change is this process's own: PGlite hands the notification to its
  // listeners (in a microtask) while reading the statement's answer, before the statement resolves.
  const changes = new ChangeListeners('public');
  await pglite.listen(CHANGES_CHANNEL, (payload) => changes.notified(payload));
  return {
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    watchChanges: async (listener) => changes.add(listener),
    close: () => pglite.close(),
  };
}
