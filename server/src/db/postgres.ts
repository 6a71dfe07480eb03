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
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  return {
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
