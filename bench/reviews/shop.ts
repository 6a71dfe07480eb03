/**
 * One API process of the reviews bench: an in-memory embedded database (or, with
 * BENCH_SHOP_DATABASE_URL, that PostgreSQL database) with the seed catalogue, `books` generated
 * books and, when `reviews` > 0, that many shown reviews (bench/reviews/data.ts). Listens on
 * 127.0.0.1 and prints, before anything else, the plan of the measured page's statement
 * (`PLAN <json>`), then `READY <url> <access token>`; the token is a buyer's, signed by the API
 * itself (the identity provider is a stand-in that finds every account active, so it is out of
 * the figures). A line `uncached` on standard input makes every book page a read of the
 * database (the kept pages are set aside), `cached` keeps them again; each is answered `MODE …`.
 * Stops when its parent closes standard input.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../../server/src/app';
import type { Db, Queryable } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { booksRepository } from '../../server/src/repositories/books';
import { seedCatalogue } from '../../server/src/seed';
import { generateShop } from '../bookData';
import { addShownReviews, CATEGORY, PAGE_SIZE } from './data';

const BUYER = { id: 'b'.repeat(24), email: 'reader@bench.test' };

const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Infinity);

/**
 * The plan of the page's statement, run as the route runs it: EXPLAIN ANALYZE after 20 warm-up
 * reads, five times, the fastest kept (the first reads of a fresh database are slower).
 */
async function pagePlan(db: Db): Promise<string> {
  const plans: string[] = [];
  const explaining: Queryable = {
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
      const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, timing off) ${sql}`, params);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      return [];
    },
    exec: (sql) => db.exec(sql),
  };
  for (let read = 0; read < 20; read += 1) await booksRepository(db).listForSale(CATEGORY, PAGE_SIZE);
  for (let read = 0; read < 5; read += 1) await booksRepository(explaining).listForSale(CATEGORY, PAGE_SIZE);
  return plans.reduce((fastest, plan) => (executionMs(plan) < executionMs(fastest) ? plan : fastest));
}

async function main() {
  const [books, reviews] = [Number(process.argv[2]), Number(process.argv[3])];
  const sellers = Math.min(10_000, Math.max(10, Math.floor(books / 5)));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-reviews-'));
  const url = process.env.BENCH_SHOP_DATABASE_URL;
  const db = url ? await createPostgresDb({ connectionString: url, maxConnections: 10 }) : await createPgliteDb();
  await migrate(db);
  await seedCatalogue(db);
  await generateShop(db, { books, sellers });
  if (reviews > 0) await addShownReviews(db, { reviews, sellers, buyers: 1_000 });
  await db.query(`insert into users (id, name, email, role, firebase_uid) values ($1, 'Reader', $2, 'Buyer', 'bench-reader')`, [
    BUYER.id, BUYER.email,
  ]);
  process.stdout.write(`PLAN ${JSON.stringify(await pagePlan(db))}\n`);
  const app = await buildApp({
    db,
    seed: false,
    config: { dataDir, rateLimitPerMinute: 0, jwtSecret: 'bench-secret-bench-secret-bench-secret', orderSweepIntervalMs: 0 },
    env: {},
    checkAccount: async () => ({ active: true }),
  });
  const listening = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await app.accessTokens.sign({ userId: BUYER.id, email: BUYER.email });
  process.stdout.write(`READY ${listening} ${token}\n`);
  const stop = async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      if (line === 'uncached') app.caches.bookPages.suspend();
      else if (line === 'cached') app.caches.bookPages.resume();
      else return;
      process.stdout.write(`MODE ${line}\n`);
    })
    .on('close', () => void stop());
  setTimeout(() => void stop(), 30 * 60_000).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
