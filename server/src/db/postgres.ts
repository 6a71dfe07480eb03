import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client, Pool, type ClientConfig, type Notification, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CHANGES_CHANNEL, ChangeListeners, NOTIFICATIONS_CHANNEL, NotificationListeners, type Db, type Queryable } from './db';

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

/**
 * `work` in one transaction on a connection of `pool` (`begin`, or `begin read only`): committed
 * when it resolves, rolled back when it throws.
 */
export async function poolTransaction<Result>(pool: Pool, work: (tx: Queryable) => Promise<Result>, begin = 'begin'): Promise<Result> {
  const client = await pool.connect();
  // A connection whose rollback failed may be dead or mid-transaction: never reuse it.
  let broken: Error | undefined;
  try {
    await client.query(begin);
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
}

/** How often the change listener's connection is checked, and how long the check may take. */
const LISTENER_CHECK_MS = 5_000;
const LISTENER_CHECK_TIMEOUT_MS = 2_000;
/** Reconnection of the change listener: first wait, and the longest. */
const LISTENER_RETRY_MS = [100, 5_000] as const;

/**
 * The connection that hears other processes' changes. The pool's connections may all be closed
 * while idle, so one connection of its own stays open and LISTENs; when it drops (or stops
 * answering the periodic check) `changes` is told `interrupted`, and `resumed` once a new
 * connection listens again.
 */
function changeListenerConnection(
  config: ClientConfig,
  changes: Pick<ChangeListeners, 'interrupted' | 'resumed'>,
  onNotification: (message: Notification) => void,
) {
  let client: Client | undefined;
  /** Retries only follow a connection that listened: a first connect that fails is the caller's to report. */
  let listenedOnce = false;
  let closed = false;
  let retryMs: number = LISTENER_RETRY_MS[0];
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;

  const lost = (which: Client) => {
    if (client !== which) return; // told already, or closed
    client = undefined;
    clearInterval(checkTimer);
    which.end().catch(() => undefined);
    if (closed || !listenedOnce) return;
    changes.interrupted();
    retryTimer = setTimeout(() => {
      connect().then(
        () => changes.resumed(),
        () => undefined, // the failed attempt has scheduled the next one
      );
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LISTENER_RETRY_MS[1]);
  };

  const connect = async () => {
    const next = new Client({ ...config, keepAlive: true, query_timeout: LISTENER_CHECK_TIMEOUT_MS });
    next.on('notification', onNotification);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      // New notification rows are heard here only: the pool's connections would hear each again.
      await next.query(`listen ${NOTIFICATIONS_CHANNEL}`);
    } catch (error) {
      lost(next);
      throw error;
    }
    listenedOnce = true;
    retryMs = LISTENER_RETRY_MS[0];
    // A connection that died without a word (a network partition) is noticed here.
    checkTimer = setInterval(() => {
      next.query('select 1').catch(() => lost(next));
    }, LISTENER_CHECK_MS);
    checkTimer.unref();
  };

  return {
    connect,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/** A PostgreSQL server through a pg connection pool. */
export async function createPostgresDb(options: PostgresOptions): Promise<Db> {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
    throw new Error(`Invalid schema name "${options.schema}"`);
  }
  const connection: ClientConfig = {
    connectionString: options.connectionString,
    // public stays behind it: extensions (pg_trgm) live there.
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
  };
  const changes = new ChangeListeners();
  const notifications = new NotificationListeners();
  const onNotification = (message: Notification) => {
    if (message.channel === CHANGES_CHANNEL && message.payload) changes.notified(message.payload);
    if (message.channel === NOTIFICATIONS_CHANNEL && message.payload) notifications.notified(message.payload);
  };
  // The listener connection's interruptions concern both kinds of listener.
  const everyListener = {
    interrupted: () => {
      changes.interrupted();
      notifications.interrupted();
    },
    resumed: () => {
      changes.resumed();
      notifications.resumed();
    },
  };
  const pool = new Pool({
    ...connection,
    max: options.maxConnections ?? 10,
    // Every pooled connection LISTENs too, before its first use: PostgreSQL delivers a session's
    // own notifications before the ReadyForQuery that ends its statement or COMMIT, so this
    // process hears of its own writes before they resolve, and never answers from a cache its
    // last write made stale.
    onConnect: async (client) => {
      client.on('notification', onNotification);
      await client.query(`listen ${CHANGES_CHANNEL}`);
    },
  });
  // An idle connection dropped by the server (restart, network) must not take the process down;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  // Fail at start, not on the first request, when the server is unreachable.
  const [{ schema }] = (await pool.query<{ schema: string | null }>('select current_schema() as schema')).rows;
  changes.inSchema(schema ?? 'public');
  notifications.inSchema(schema ?? 'public');
  // Named, so that pg_stat_activity tells it from the pool's connections.
  const listenerConnection = { ...connection, application_name: `book-resale change listener (${schema ?? 'public'})` };
  const listener = changeListenerConnection(listenerConnection, everyListener, onNotification);
  let listening: Promise<void> | undefined;

  return {
    ...wrap(pool),
    concurrent: true,
    transaction: (work) => poolTransaction(pool, work),
    async watchChanges(changeListener) {
      // Opened on first use: a Db nobody watches (migrations, scripts) needs no extra connection.
      listening ??= listener.connect().catch((error: unknown) => {
        listening = undefined; // the next watcher tries again
        throw error;
      });
      await listening;
      return changes.add(changeListener);
    },
    async watchNotifications(notificationListener) {
      listening ??= listener.connect().catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      return notifications.add(notificationListener);
    },
    async copyFrom(sql, data) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await pipeline(Readable.from([data]), client.query(copyFrom(sql)));
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
