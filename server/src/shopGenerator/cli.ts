/**
 * `npm run seed -- --books 1000000 [--sellers 4000] [--seed 1]`: a generated shop in the database
 * the API's configuration names (DATABASE_URL, or the PGlite data folder while no API holds it),
 * migrated and seeded first. See README.md beside this file.
 */
import { openDatabase } from '../app';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { seedCatalogue } from '../seed';
import { generateShop } from './generate';
import { loadVocabulary } from './vocabulary';

const USAGE = 'Usage: npm run seed -- --books <count> [--sellers <count>] [--seed <number>]';

function option(args: string[], name: string): number | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 100_000_000) {
    throw new Error(`--${name} needs a whole number from 1 to 100,000,000, not "${args[at + 1] ?? ''}"\n${USAGE}`);
  }
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const books = option(args, 'books');
  if (books === undefined) throw new Error(USAGE);
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Generating ${books.toLocaleString('en-US')} books in ${where}…`);
    const shop = await generateShop(db, loadVocabulary(), { books, sellers: option(args, 'sellers'), seed: option(args, 'seed') }, (done, total) =>
      console.log(`  ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} books`),
    );
    console.log(
      `Done in ${(shop.ms / 1000).toFixed(1)} s: ${shop.books.toLocaleString('en-US')} books (${shop.sold.toLocaleString('en-US')} sold) from ${shop.sellers.toLocaleString('en-US')} sellers.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
