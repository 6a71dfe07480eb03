/**
 * One API process for the benches: an in-memory embedded database with the seed catalogue plus
 * `BOOKS` generated books, listening on 127.0.0.1. Prints `READY <url>` once it serves. With a
 * second and third argument, the Auth emulator's host:port and the web app's origin, it accepts
 * that emulator's sign-ins from that origin. Stops when its parent closes stdin, or after 15
 * minutes at most.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { createPgliteDb } from '../server/src/db/pglite';
import { migrate } from '../server/src/db/migrate';
import { seedCatalogue } from '../server/src/seed';
import { generateShop } from './bookData';

async function main() {
  const books = Number(process.argv[2] ?? 1000);
  const [authEmulatorHost, clientOrigin] = process.argv.slice(3);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-shop-'));
  const db = await createPgliteDb();
  await migrate(db);
  await seedCatalogue(db);
  const started = Date.now();
  await generateShop(db, { books, sellers: Math.min(10_000, Math.max(10, Math.floor(books / 5))) });
  const identity = authEmulatorHost
    ? { firebaseAuthEmulatorHost: authEmulatorHost, firebaseProjectId: 'demo-book-resale', clientOrigins: [clientOrigin ?? ''] }
    : {};
  const app = await buildApp({
    db,
    config: { dataDir, rateLimitPerMinute: 0, jwtSecret: 'bench-secret-bench-secret-bench-secret', ...identity },
    env: {},
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stderr.write(`generated ${books} books in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  process.stdout.write(`READY ${url}\n`);
  const stop = async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.stdin.on('end', stop);
  process.stdin.resume();
  setTimeout(stop, 15 * 60_000).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
