import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CHANGES_CHANNEL, ChangeListeners, NOTIFICATIONS_CHANNEL, NotificationListeners, type Db, type Queryable } from '../src/db/db';

/** A change notification, as the worker forwards it (see pgliteWorker.cjs). */
interface WorkerNotification {
  notification: string;
  channel: string;
}

interface WorkerAnswer {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string };
}

export interface WorkerPglite extends Db {
  /** Writes the whole data directory to `file` (a tarball `openWorkerPglite` can load again). */
  dumpTo(file: string): Promise<void>;
  /** Ends the worker at once, after the calls already made: for a database in memory no longer wanted. */
  discard(): Promise<void>;
}

/**
 * A real PGlite database running in a worker thread (see pgliteWorker.cjs for why), behind the
 * same `Db` interface as production. PGlite has one session, so every top-level call and every
 * transaction runs in turn: a transaction's statements never interleave with other requests.
 * `loadDataDir` starts it from a tarball `dumpTo` wrote instead of an empty cluster.
 */
export async function openWorkerPglite(dataDir?: string, options: { loadDataDir?: string } = {}): Promise<WorkerPglite> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(path.join(__dirname, 'pgliteWorker.cjs'), {
    workerData: { dataDir, loadDataDir: options.loadDataDir, channels: [CHANGES_CHANNEL, NOTIFICATIONS_CHANNEL] },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const changes = new ChangeListeners('public');
  const notifications = new NotificationListeners('public');
  let nextId = 0;
  worker.on('message', (message: WorkerNotification | WorkerAnswer) => {
    if ('notification' in message) {
      if (message.channel === NOTIFICATIONS_CHANNEL) notifications.notified(message.notification);
      else changes.notified(message.notification);
      return;
    }
    const { id, result, error } = message;
    const call = pending.get(id);
    pending.delete(id);
    if (!call) return;
    if (error) call.reject(Object.assign(new Error(error.message), { code: error.code }));
    else call.resolve(result);
  });
  worker.on('error', (error) => pending.forEach((call) => call.reject(error)));

  const send = (op: 'query' | 'exec' | 'close' | 'dump' | 'copy', sql = '', params: readonly unknown[] = []) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params: [...params] });
    });

  const direct: Queryable = {
    query: async <Row>(sql: string, params?: readonly unknown[]) => (await send('query', sql, params)) as Row[],
    exec: async (sql: string) => {
      await send('exec', sql);
    },
  };

  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <Result>(work: () => Promise<Result>): Promise<Result> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  await direct.query('select 1');
  return {
    query: (sql, params) => inTurn(() => direct.query(sql, params)),
    exec: (sql) => inTurn(() => direct.exec(sql)),
    copyFrom: (sql, data) => inTurn(async () => void (await send('copy', sql, [data]))),
    transaction: (work) =>
      inTurn(async () => {
        await direct.exec('begin');
        try {
          const result = await work(direct);
          await direct.exec('commit');
          return result;
        } catch (error) {
          await direct.exec('rollback');
          throw error;
        }
      }),
    watchChanges: async (listener) => changes.add(listener),
    watchNotifications: async (listener) => notifications.add(listener),
    dumpTo: (file) =>
      inTurn(async () => {
        await send('dump', file);
      }),
    discard: () =>
      inTurn(async () => {
        await worker.terminate();
      }),
    close: () =>
      inTurn(async () => {
        await send('close');
        await worker.terminate();
      }),
  };
}
