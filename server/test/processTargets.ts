import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Db } from '../src/db/db';
import { createPostgresDb } from '../src/db/postgres';
import { openWorkerPglite } from './workerPglite';

/**
 * Where an API process started by a test keeps its data: a PGlite folder of its own, or a schema
 * of its own on the PostgreSQL server of TEST_DATABASE_URL. `name` labels the folder or schema.
 */
export interface Target {
  env: Record<string, string>;
  /** PGlite's lock file, present while an API process has the folder open. */
  lockFile?: string;
  /** The database the API wrote, opened by the test (after the API stopped, for PGlite). */
  open(): Promise<Db>;
  drop(): Promise<void>;
}

export async function pgliteTarget(name: string): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `book-resale-${name}-`));
  return {
    env: { DATA_DIR: dataDir },
    lockFile: path.join(dataDir, 'db.lock'),
    open: () => openWorkerPglite(path.join(dataDir, 'db')),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(url: string, name: string): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `book-resale-${name}-`));
  const schema = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() },
    open: () => createPostgresDb({ connectionString: url, schema, maxConnections: 2 }),
    async drop() {
      const cleaner = new Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

