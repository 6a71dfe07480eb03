import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openWorkerPglite } from './workerPglite';
import { createPostgresDb } from '../src/db/postgres';
import { PGLITE_TEMPLATE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE, TEMPLATE_SCHEMA, databaseUrl, dropTestDatabase, recordBuild, withClient } from './templateDbs';

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
 * A database of its own for one test file, every migration applied (unless `empty`): in-memory
 * PGlite, or, when TEST_DATABASE_URL is set, a database of its own on that PostgreSQL server whose
 * tables live in a uniquely named schema (dropped afterwards). Both are copies of the run's template
 * (templateDbs.ts) when jest's global set-up made one; otherwise built and migrated here.
 */
export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const started = Date.now();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = options.empty ? undefined : process.env[PGLITE_TEMPLATE_VARIABLE];
    const db = await openWorkerPglite(undefined, { loadDataDir: template });
    if (!template && !options.empty) await migrate(db);
    if (!options.empty) recordBuild(template ? 'copy' : 'fresh', started);
    // In memory and thrown away: the worker ends without shutting the database down cleanly.
    return { db, connectAgain: async () => ({ ...db, close: async () => undefined }), drop: () => db.discard() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? undefined : process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (template) {
    const copy = await copyOfTemplate(url, template, schema);
    recordBuild('copy', started);
    return copy;
  }

  await withClient(url, async (admin) => void (await admin.query(`create schema ${schema}`)));
  const db = await createPostgresDb({ connectionString: url, schema, maxConnections: 4 });
  if (!options.empty) {
    await migrate(db);
    recordBuild('fresh', started);
  }
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

/** A database created from the run's template, its schema renamed to `schema`. */
async function copyOfTemplate(url: string, template: string, schema: string): Promise<TestDb> {
  const name = schema;
  await withClient(url, async (admin) => void (await admin.query(`create database "${name}" template "${template}"`)));
  const copyUrl = databaseUrl(url, name);
  const dropDatabase = () => dropTestDatabase(url, name);
  try {
    await withClient(copyUrl, async (client) => void (await client.query(`alter schema ${TEMPLATE_SCHEMA} rename to ${schema}`)));
    const db = await createPostgresDb({ connectionString: copyUrl, schema, maxConnections: 4 });
    return {
      db,
      connectAgain: () => createPostgresDb({ connectionString: copyUrl, schema, maxConnections: 4 }),
      async drop() {
        await db.close();
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}
