import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migrate } from '../src/db/migrate';
import { createPostgresDb } from '../src/db/postgres';
import { openWorkerPglite } from './workerPglite';

/**
 * The databases a test run copies for each test file, migrated once at its start (globalSetup.ts)
 * rather than once per file: a PGlite data directory dumped to a tarball, and on PostgreSQL
 * (TEST_DATABASE_URL) a database each file's database is created from (`CREATE DATABASE …
 * TEMPLATE`). The variables below tell the test files where they are; without them (a test run
 * outside jest's global set-up) `createTestDb` builds and migrates a database of its own as before.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'BOOK_RESALE_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'BOOK_RESALE_TEST_POSTGRES_TEMPLATE';
/** `TEST_DB_TEMPLATE=off`: no template; each file builds and migrates its own database (to compare). */
export const templatesOff = () => process.env.TEST_DB_TEMPLATE === 'off';

/**
 * With TEST_DB_TIMINGS (a file; scripts/test-timings.mjs sets it), appends how long building a
 * database took, and how: `template`, `copy` of it, or `fresh` (built and migrated by itself).
 */
export function recordBuild(how: 'template' | 'copy' | 'fresh', startedAt: number): void {
  const log = process.env.TEST_DB_TIMINGS;
  if (log) appendFileSync(log, `${JSON.stringify({ how, ms: Date.now() - startedAt })}\n`);
}

/** The schema the PostgreSQL template is migrated in; each copy renames it to a name of its own. */
export const TEMPLATE_SCHEMA = 'template_schema';

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

/** Migrates an in-memory PGlite and dumps it; answers the tarball's path and how to remove it. */
export async function buildPgliteTemplate(): Promise<{ file: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'book-resale-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  const db = await openWorkerPglite();
  try {
    await migrate(db);
    await db.dumpTo(file);
  } finally {
    await db.close();
  }
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * Creates a database for this run on the server of `url` and migrates it in TEMPLATE_SCHEMA;
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
      await migrate(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
