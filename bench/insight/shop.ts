/** The insight bench's shop: a generated one in a database of its own, and its API in another process. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { seedCatalogue } from '../../server/src/seed';
import { generateShop, type GeneratedShop } from '../../server/src/shopGenerator/generate';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { freshDatabase } from '../lib/postgres';
import { onStop, startAndReadLine } from '../lib/processes';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret';

export interface Shop {
  /** The API's environment for this database. */
  env: NodeJS.ProcessEnv;
  /** PostgreSQL's URL of it, or undefined on PGlite (the API process holds PGlite's files). */
  url?: string;
  generated: GeneratedShop;
}

/**
 * A generated shop of `books` books and `sellers` sellers (server/src/shopGenerator), in a new
 * database on the `postgres` server, else PGlite in a temporary folder.
 */
export async function shopDatabase(postgres: string | undefined, books: number, sellers?: number): Promise<Shop> {
  const build = async (db: Db) => {
    await migrate(db);
    await seedCatalogue(db);
    return generateShop(db, loadVocabulary(), { books, sellers });
  };
  if (postgres) {
    const url = await freshDatabase(postgres);
    const db = await createPostgresDb({ connectionString: url, maxConnections: 2 });
    const generated = await build(db).finally(() => db.close());
    return { env: { DATABASE_URL: url }, url, generated };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-insight-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const db = await createPgliteDb(path.join(dataDir, 'db'));
  const generated = await build(db).finally(() => db.close());
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, generated };
}

export interface Api {
  url: string;
  pid: number | undefined;
  /** The views the API's batcher wrote, and the rows of `book_views` now. */
  count(): Promise<{ written: number; rows: number; pending: number }>;
  /** Closes it (it writes the views that wait first). */
  stop(): Promise<void>;
}

/** The API (bench/insight/apiServer.ts) on `shop`, with `settings` on top of the environment. */
export async function startApi(shop: Shop, settings: Record<string, string>): Promise<Api> {
  const waiting: ((line: string) => void)[] = [];
  const api = await startAndReadLine('API', process.execPath, ['--import', 'tsx', path.join(__dirname, 'apiServer.ts')], 'READY ', 5 * 60_000, {
    env: { ...process.env, ...shop.env, JWT_SECRET: BENCH_SECRET, ...settings },
    stopByClosingStdin: true,
    onLine: (line) => {
      if (line.startsWith('COUNT ')) waiting.shift()?.(line.slice(6));
    },
  });
  onStop(() => api.started.stop());
  return {
    url: api.value,
    pid: api.started.child.pid,
    count: () =>
      new Promise((resolve) => {
        waiting.push((line) => resolve(JSON.parse(line) as { written: number; rows: number; pending: number }));
        api.started.child.stdin?.write('COUNT\n');
      }),
    stop: () => api.started.stop(),
  };
}
