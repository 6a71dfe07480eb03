import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createPostgresDb } from '../src/db/postgres';
import { databaseUrl, dropTestDatabase, withClient } from './postgresTemplate';
import { migratedAndSeeded, POSTGRES_TEMPLATE_VARIABLE, recordBuild, TEMPLATE_SCHEMA } from './templateDbs';
import type { TestDb, TestDbOptions } from './testDb';

/** `createTestDb` on the PostgreSQL server at `url` (TEST_DATABASE_URL). */
export async function createPostgresTestDb(url: string, options: TestDbOptions, started: number): Promise<TestDb> {
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
    await migratedAndSeeded(db);
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
