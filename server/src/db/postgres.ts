import { Pool, type PoolClient } from 'pg';
import type { Db, Queryable } from './db';

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on every connection's search_path (isolates test runs on one server). */
  schema?: string;
  maxConnections?: number;
}

function wrap(target: Pool | PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server through a pg connection pool. */
export async function createPostgresDb(options: PostgresOptions): Promise<Db> {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
    throw new Error(`Invalid schema name "${options.schema}"`);
  }
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // public stays behind it: extensions (pg_trgm) live there.
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
  });
  // An idle connection dropped by the server (restart, network) must not take the process down;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  return {
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A connection whose rollback failed may be dead or mid-transaction: never reuse it.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
