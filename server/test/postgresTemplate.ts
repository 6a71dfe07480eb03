import { Client } from 'pg';
import { createPostgresDb } from '../src/db/postgres';
import { migratedAndSeeded, TEMPLATE_SCHEMA } from './templateDbs';

/*
 * The PostgreSQL side of the run's template (templateDbs.ts), with TEST_DATABASE_URL: a database
 * each file's database is created from, and the admin connections that create and drop them.
 */

/** `url` with another database name. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export async function withClient<Result>(url: string, work: (client: Client) => Promise<Result>): Promise<Result> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's SQLSTATE when a role may not do something: here, end another role's session. */
const INSUFFICIENT_PRIVILEGE = '42501';
const DROP_TRIES = 20;

/**
 * Drops a test database with the sessions still on it. `WITH (FORCE)` ends them, but only those
 * the test role may signal: a session of another role on it (an autovacuum worker that just
 * started on the new database) refuses the drop. Such a session ends by itself within moments, so
 * the drop is tried again a little later.
 */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withClient(url, async (admin) => void (await admin.query(`drop database if exists "${name}" with (force)`)));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE || attempt >= DROP_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Creates a database for this run on the server of `url`, migrated and seeded in TEMPLATE_SCHEMA;
 * answers its name and how to drop it. Needs the CREATEDB privilege (server/scripts/test-postgres.sh
 * grants it to its test role).
 */
export async function buildPostgresTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `${new URL(url).pathname.slice(1)}_template_${process.pid}`.slice(0, 63);
  await withClient(url, async (admin) => {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  });
  const drop = () => dropTestDatabase(url, name);
  try {
    const templateUrl = databaseUrl(url, name);
    await withClient(templateUrl, async (client) => void (await client.query(`create schema ${TEMPLATE_SCHEMA}`)));
    const db = await createPostgresDb({ connectionString: templateUrl, schema: TEMPLATE_SCHEMA, maxConnections: 1 });
    try {
      await migratedAndSeeded(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
