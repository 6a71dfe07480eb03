/**
 * The database of a wants bench: PGlite in a temporary directory, or with a PostgreSQL server's
 * URL a database of its own there (bench/lib/postgres.ts), migrated, with the shop's catalogue
 * and the saved wants of bench/wants/fixtures.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { createPgliteDb } from '../../server/src/db/pglite';
import { createPostgresDb } from '../../server/src/db/postgres';
import { seedCatalogue } from '../../server/src/seed';
import { generateShop } from '../../server/src/shopGenerator/generate';
import { loadVocabulary } from '../../server/src/shopGenerator/vocabulary';
import { freshDatabase } from '../lib/postgres';
import { onStop } from '../lib/processes';
import { insertWants, keepsOne, type WantsMade } from './fixtures';
import { vocabulary, worldBooks, type Vocabulary, type WorldBook } from './world';

export interface Target {
  label: 'PGlite' | 'PostgreSQL';
  dataDir: string;
  databaseUrl?: string;
  open(): Promise<Db>;
}

export async function target(serverUrl: string | undefined, what: string): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `book-resale-wants-${what}-`));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  if (!serverUrl) return { label: 'PGlite', dataDir, open: () => createPgliteDb(path.join(dataDir, 'db')) };
  const databaseUrl = await freshDatabase(serverUrl);
  return { label: 'PostgreSQL', dataDir, databaseUrl, open: () => createPostgresDb({ connectionString: databaseUrl, maxConnections: 2 }) };
}

export interface Seeded {
  words: Vocabulary;
  world: WorldBook[];
  categories: string[];
  made: WantsMade;
  seedMs: number;
}

/**
 * Migrated, the catalogue in (with `shopBooks`, a generated shop of that many books around it, as
 * the catalogue bench makes), and `wants` wants of `buyers` buyers; analysed on PostgreSQL. With
 * `noAutovacuum`, PostgreSQL's autovacuum leaves the wants alone, so that the bench alone decides
 * when the words index's pending list is merged.
 */
export async function seedWants(
  db: Db,
  label: Target['label'],
  { wants, buyers, seed, noAutovacuum = false, shopBooks = 0 }: { wants: number; buyers: number; seed: number; noAutovacuum?: boolean; shopBooks?: number },
): Promise<Seeded> {
  await migrate(db);
  await seedCatalogue(db);
  if (shopBooks > 0) await generateShop(db, loadVocabulary(), { books: shopBooks });
  if (noAutovacuum && label === 'PostgreSQL') await db.exec('alter table wants set (autovacuum_enabled = false)');
  const began = performance.now();
  const words = await vocabulary((list) => keepsOne(db, list));
  const world = worldBooks(words);
  const categories = (await db.query<{ category: string }>('select category from categories order by position')).map((row) => row.category);
  const made = await insertWants(db, world, { count: wants, buyers, categories, seed });
  // A server's autovacuum would analyse the table after such an insert; PGlite has none, and nothing else runs ANALYZE.
  if (label === 'PostgreSQL') await db.exec('analyze');
  return { words, world, categories, made, seedMs: performance.now() - began };
}
