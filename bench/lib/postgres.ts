/**
 * With DATABASE_URL, each run gets a database of its own on that server, made empty at the start
 * and dropped at the end: the Auth emulator starts empty every run, so the demo accounts of an
 * earlier run would clash with the new ones, and the figures of two runs should start from the
 * same data. The role in DATABASE_URL needs the right to create databases.
 */
import { Client } from 'pg';
import { onStop } from './processes';

async function run(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's SQLSTATE when a role may not end another role's session (an autovacuum worker's). */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Drops the database with its sessions. An autovacuum worker busy on it (after a bench's bulk
 * writes) is not the bench role's to end, and refuses the drop; it ends by itself soon, so the
 * drop is tried again for up to half a minute.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run(url, `drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** The URL of a new, empty database beside the one `url` names; it is dropped when the part ends. */
export async function freshDatabase(url: string): Promise<string> {
  const name = `book_resale_bench_${process.pid}_${Date.now()}`;
  try {
    await run(url, `create database ${name}`);
  } catch (error) {
    throw new Error(`DATABASE_URL: could not create the bench's own database (${error instanceof Error ? error.message : error}).`);
  }
  onStop(() => dropDatabase(url, name));
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
