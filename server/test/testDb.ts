import type { Db } from '../src/db/db';
import { openWorkerPglite } from './workerPglite';
import { migratedAndSeeded, PGLITE_TEMPLATE_VARIABLE, recordBuild } from './templateDbs';

export interface TestDb {
  db: Db;
  /**
   * Another connection to the same database, as a second API process has (the caller closes it).
   * On PostgreSQL a pool of its own; PGlite belongs to one process, so there it is `db` again.
   */
  connectAgain(): Promise<Db>;
  /** Closes the database and removes what the test file created. */
  drop(): Promise<void>;
}

export interface TestDbOptions {
  /** No migration applied (for the tests of the migrations themselves); migrated by default. */
  empty?: boolean;
}

/**
 * A database of its own for one test file, every migration applied and the shop's catalogue seeded
 * as the API's first start seeds it (unless `empty`): in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a database of its own on that PostgreSQL server whose tables live in a uniquely named
 * schema (dropped afterwards; postgresTestDb.ts). Both are copies of the run's template
 * (templateDbs.ts) when jest's global set-up made one; otherwise built, migrated and seeded here.
 */
export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const started = Date.now();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = options.empty ? undefined : process.env[PGLITE_TEMPLATE_VARIABLE];
    const db = await openWorkerPglite(undefined, { loadDataDir: template });
    if (!template && !options.empty) await migratedAndSeeded(db);
    if (!options.empty) recordBuild(template ? 'copy' : 'fresh', started);
    // In memory and thrown away: the worker ends without shutting the database down cleanly.
    return { db, connectAgain: async () => ({ ...db, close: async () => undefined }), drop: () => db.discard() };
  }
  // The PostgreSQL driver loads only for a server.
  return (await import('./postgresTestDb')).createPostgresTestDb(url, options, started);
}
