import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Db } from '../src/db/db';
import { openWorkerPglite } from './workerPglite';
import { createPostgresDb } from '../src/db/postgres';

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

/**
 * A fresh, empty database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a uniquely named schema on that PostgreSQL server (dropped afterwards).
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openWorkerPglite();
    return { db, connectAgain: async () => ({ ...db, close: async () => undefined }), drop: () => db.close() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await createPostgresDb({ connectionString: url, schema, maxConnections: 4 });
  return {
    db,
    connectAgain: () => createPostgresDb({ connectionString: url, schema, maxConnections: 4 }),
    async drop() {
      await db.close();
      const cleaner = new Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    },
  };
}
