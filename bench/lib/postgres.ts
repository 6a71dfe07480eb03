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

/** The URL of a new, empty database beside the one `url` names; it is dropped when the part ends. */
export async function freshDatabase(url: string): Promise<string> {
  const name = `book_resale_bench_${process.pid}_${Date.now()}`;
  try {
    await run(url, `create database ${name}`);
  } catch (error) {
    throw new Error(`DATABASE_URL: could not create the bench's own database (${error instanceof Error ? error.message : error}).`);
  }
  onStop(() => run(url, `drop database if exists ${name} with (force)`));
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
