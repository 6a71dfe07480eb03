/**
 * 1,000 offers expiring in one sweep (`expireOffers`, what the order sweep runs in every API
 * process): on PGlite in one process, and on PostgreSQL by two connections sweeping at the same
 * moment, as two API processes would. Each buyer must be told once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { expireOffers } from '../../server/src/offers/sweep';
import { seedCatalogue } from '../../server/src/seed';
import { freshDatabase } from '../lib/postgres';
import { onStop } from '../lib/processes';
import { insertBooks, insertPendingOffers, insertUsers } from './fixtures';

export interface SweepFigures {
  database: string;
  offers: number;
  /** The sweep's own time; with two sweepers, the longer of the two. */
  ms: number;
  expired: number;
  /** Buyers told exactly once that their offer expired. */
  toldOnce: number;
  /** Offers with exactly one `expired` step. */
  steppedOnce: number;
}

async function prepare(db: Db, offers: number): Promise<void> {
  await migrate(db);
  await seedCatalogue(db);
  const [sellerId] = await insertUsers(db, 0x10, 1, 'seller', 'seller');
  const buyers = await insertUsers(db, 0x1000, offers, 'Buyer', 'buyer');
  const [books] = await insertBooks(db, [sellerId], offers, 1000, 0x100000);
  await insertPendingOffers(db, sellerId, buyers, books, new Date(Date.now() - 60_000));
}

async function count(db: Db): Promise<Pick<SweepFigures, 'toldOnce' | 'steppedOnce'>> {
  const [{ told }] = await db.query<{ told: number }>(
    `select count(*)::int as told from (select user_id from notifications where kind = 'offer_expired' group by user_id having count(*) = 1) once`,
  );
  const [{ stepped }] = await db.query<{ stepped: number }>(
    `select count(*)::int as stepped from (select offer_id from offer_steps where action = 'expired' group by offer_id having count(*) = 1) once`,
  );
  return { toldOnce: told, steppedOnce: stepped };
}

const timed = async (db: Db) => {
  const started = performance.now();
  const expired = await expireOffers(db, new Date());
  return { ms: performance.now() - started, expired };
};

export async function sweepOnPglite(offers: number): Promise<SweepFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-offers-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const db = await createPgliteDb(path.join(dataDir, 'db'));
  try {
    await prepare(db, offers);
    const { ms, expired } = await timed(db);
    return { database: 'PGlite', offers, ms, expired, ...(await count(db)) };
  } finally {
    await db.close();
  }
}

export async function sweepOnPostgresTwice(serverUrl: string, offers: number): Promise<SweepFigures> {
  const databaseUrl = await freshDatabase(serverUrl);
  const first = await createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 });
  const second = await createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 });
  try {
    await prepare(first, offers);
    await first.exec('analyze');
    const [a, b] = await Promise.all([timed(first), timed(second)]);
    return { database: 'PostgreSQL, two sweepers at once', offers, ms: Math.max(a.ms, b.ms), expired: a.expired + b.expired, ...(await count(first)) };
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}
