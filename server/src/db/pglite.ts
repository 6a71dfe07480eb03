import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import { CHANGES_CHANNEL, ChangeListeners, fromBlob, NOTIFICATIONS_CHANNEL, NotificationListeners, type Db, type Queryable } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL: on disk under `dataDir`, or in memory when none is given. On disk, the
 * folder is locked for this process (`dataDirLock.ts`) until `close`: a second process on it is
 * refused with `DataDirInUseError`.
 *
 * What a write that resolved survives is in docs/DURABILITY.md: every commit is written to the
 * operating system before it resolves (a process crash keeps it), never fsynced (power loss may not).
 */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  let lock: DataDirLock | undefined;
  if (dataDir !== undefined) {
    // PGlite creates only the last folder of the path.
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir);
  }
  try {
    return await open(dataDir, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function open(dataDir: string | undefined, lock: DataDirLock | undefined): Promise<Db> {
  const options = {
    // pg_trgm (typo-tolerant search) ships with PGlite as a contrib extension, loaded here.
    extensions: { pg_trgm },
    // PostgreSQL's default, said out loud: a commit writes its WAL to the files before it resolves,
    // so a write the API answered survives the process being killed (docs/DURABILITY.md). Off,
    // commits would wait in memory for a WAL writer that single-user PGlite does not run.
    startParams: [...PGlite.defaultStartParams, '-c', 'synchronous_commit=on'],
  };
  const pglite = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
  await pglite.waitReady;
  // One session, so every change is this process's own: PGlite hands the notification to its
  // listeners (in a microtask) while reading the statement's answer, before the statement resolves.
  const changes = new ChangeListeners('public');
  await pglite.listen(CHANGES_CHANNEL, (payload) => changes.notified(payload));
  const notifications = new NotificationListeners('public');
  await pglite.listen(NOTIFICATIONS_CHANNEL, (payload) => notifications.notified(payload));
  return {
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    watchChanges: async (listener) => changes.add(listener),
    watchNotifications: async (listener) => notifications.add(listener),
    async copyFrom(sql, data) {
      await pglite.query(fromBlob(sql), [], { blob: new Blob([data]) });
    },
    async close() {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
