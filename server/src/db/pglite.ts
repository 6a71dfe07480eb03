import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db';

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
  return {
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}
