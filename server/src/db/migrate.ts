import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from './db';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

/** Any fixed number: serialises migrations when several API processes start on one database. */
const MIGRATION_LOCK_KEY = 720_451;

/** The migration files of `directory`, in the order they apply. */
export async function migrationFiles(directory = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(directory)).filter((name) => name.endsWith('.sql')).sort();
}

/** Of `files`, those the database has not recorded as applied (all of them on an empty database). */
export async function unappliedMigrations(db: Queryable, files: readonly string[]): Promise<string[]> {
  const [{ present }] = await db.query<{ present: boolean }>("select to_regclass('schema_migrations') is not null as present");
  if (!present) return [...files];
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
  return files.filter((file) => !done.has(file));
}

/** Applies, in name order, every `.sql` file of the migrations folder not yet recorded. */
export async function migrate(db: Db, directory = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(directory);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      `create table if not exists schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(directory, file), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
