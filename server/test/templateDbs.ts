import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { seedCatalogue } from '../src/seed';
import { openWorkerPglite } from './workerPglite';

/**
 * The databases a test run copies for each test file, migrated and seeded with the shop's catalogue
 * once at its start (globalSetup.ts) rather than once per file: a PGlite data directory dumped to a tarball, and on PostgreSQL
 * (TEST_DATABASE_URL) a database each file's database is created from (`CREATE DATABASE …
 * TEMPLATE`). The variables below tell the test files where they are; without them (a test run
 * outside jest's global set-up) `createTestDb` builds, migrates and seeds a database of its own.
 * PostgreSQL's side is in postgresTemplate.ts and postgresTestDb.ts, loaded only with TEST_DATABASE_URL.
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

/** What a template holds: every migration, and the catalogue the API seeds on its first start. */
export async function migratedAndSeeded(db: Db): Promise<void> {
  await migrate(db);
  await seedCatalogue(db);
}

/** Migrates and seeds an in-memory PGlite and dumps it; answers the tarball's path and how to remove it. */
export async function buildPgliteTemplate(): Promise<{ file: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'book-resale-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  const db = await openWorkerPglite();
  try {
    await migratedAndSeeded(db);
    await db.dumpTo(file);
  } finally {
    await db.close();
  }
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}
