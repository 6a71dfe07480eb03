/**
 * Makes catalogue.json: the shop's seed books (server/src/catalogue.ts), then the first English
 * books of goodbooks-10k's books.csv whose ISBN-10 is valid. See CATALOGUE.md.
 *
 *   git -C <goodbooks-10k clone> show HEAD:books.csv > /tmp/books.csv
 *   npx tsx sandbox/openlibrary/build-catalogue.ts /tmp/books.csv [--limit 400] [--out <file>]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import ISBN from 'isbn3';
import { SEED_CATALOGUE } from '../../server/src/catalogue';
import { CATALOGUE_FILE, type Catalogue, type CatalogueAuthor, type CatalogueBook } from './catalogue';
import { parseCsv } from './csv';
import { type DatasetRow, type Skip, bookFromRow } from './dataset';

export const DEFAULT_LIMIT = 400;
/** Where the sandbox's own Open Library style ids start, so they read as made up. */
const FIRST_ID = 90_000_001;

export const ABOUT = [
  'Book metadata for the Open Library sandbox (sandbox/openlibrary/).',
  'Entries marked "from": "goodbooks-10k" are derived from goodbooks-10k by Zygmunt Zając',
  '(https://github.com/zygmuntz/goodbooks-10k), metadata extracted from Goodreads,',
  'licensed CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).',
  'This file is shared under the same licence. Changes: see CATALOGUE.md.',
].join(' ');

/** A seed book as the shop states it: title, authors (`A and B` is two), ISBN-13. */
interface SourceBook {
  title: string;
  subtitle?: string;
  series?: string;
  authors: string[];
  year?: number;
  isbn10: string;
  isbn13: string;
  hasCover: boolean;
  goodreads?: string;
  language?: string;
  from: CatalogueBook['from'];
}

export function seedBooks(): SourceBook[] {
  return SEED_CATALOGUE.flatMap((category) =>
    category.books.map((book) => {
      const isbn10 = ISBN.asIsbn10(book.isbn);
      if (!isbn10 || ISBN.asIsbn13(book.isbn) !== book.isbn) throw new Error(`seed book ${book.name}: ${book.isbn} is not an ISBN-13 with an ISBN-10`);
      return {
        title: book.name,
        authors: book.author.split(' and ').map((name) => name.trim()),
        isbn10,
        isbn13: book.isbn,
        hasCover: true,
        from: 'shop' as const,
      };
    }),
  );
}

export interface BuildReport {
  seed: number;
  fromDataset: number;
  rowsRead: number;
  skipped: Record<Skip | 'ISBN already listed', number>;
}

export function buildCatalogue(rows: DatasetRow[], limit = DEFAULT_LIMIT): { catalogue: Catalogue; report: BuildReport } {
  const sources: SourceBook[] = seedBooks();
  const seen = new Set(sources.flatMap((book) => [book.isbn10, book.isbn13]));
  const report: BuildReport = {
    seed: sources.length,
    fromDataset: 0,
    rowsRead: 0,
    skipped: { 'not English': 0, 'no valid ISBN-10': 0, 'ISBN-13 column disagrees': 0, 'no title or author': 0, 'ISBN already listed': 0 },
  };
  for (const row of rows) {
    if (report.fromDataset >= limit) break;
    report.rowsRead += 1;
    const book = bookFromRow(row);
    if (typeof book === 'string') {
      report.skipped[book] += 1;
    } else if (seen.has(book.isbn10) || seen.has(book.isbn13)) {
      report.skipped['ISBN already listed'] += 1;
    } else {
      seen.add(book.isbn10).add(book.isbn13);
      sources.push({ ...book, language: 'eng', from: 'goodbooks-10k' });
      report.fromDataset += 1;
    }
  }
  return { catalogue: numbered(sources), report };
}

/** Ids in order: authors by first appearance, editions and works by position, covers likewise. */
function numbered(sources: SourceBook[]): Catalogue {
  const authors = new Map<string, CatalogueAuthor>();
  const authorKey = (name: string) => {
    let author = authors.get(name);
    if (!author) {
      author = { key: `OL${FIRST_ID + authors.size}A`, name };
      authors.set(name, author);
    }
    return author.key;
  };
  const books = sources.map((source, index): CatalogueBook => {
    const id = FIRST_ID + index;
    return {
      edition: `OL${id}M`,
      work: `OL${id}W`,
      title: source.title,
      ...(source.subtitle ? { subtitle: source.subtitle } : {}),
      ...(source.series ? { series: source.series } : {}),
      authors: source.authors.map(authorKey),
      ...(source.year !== undefined ? { year: source.year } : {}),
      isbn10: source.isbn10,
      isbn13: source.isbn13,
      ...(source.hasCover ? { cover: id } : {}),
      ...(source.goodreads ? { goodreads: source.goodreads } : {}),
      ...(source.language ? { language: source.language } : {}),
      from: source.from,
    };
  });
  return { about: ABOUT, authors: [...authors.values()], books };
}

/** One author or book a line, so a rebuild's diff shows what changed. */
export function formatCatalogue(catalogue: Catalogue): string {
  const list = (items: unknown[]) => `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
  return `{\n  "about": ${JSON.stringify(catalogue.about)},\n  "authors": ${list(catalogue.authors)},\n  "books": ${list(catalogue.books)}\n}\n`;
}

function main(args: string[]): void {
  const [csvPath, ...rest] = args;
  if (!csvPath) throw new Error('usage: build-catalogue.ts <books.csv> [--limit N] [--out file]');
  const option = (name: string) => {
    const at = rest.indexOf(name);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const limit = Number(option('--limit') ?? DEFAULT_LIMIT);
  const out = option('--out') ?? CATALOGUE_FILE;
  const rows = parseCsv(readFileSync(csvPath, 'utf8')) as unknown as DatasetRow[];
  const { catalogue, report } = buildCatalogue(rows, limit);
  writeFileSync(out, formatCatalogue(catalogue));
  console.error(
    `${out}: ${catalogue.books.length} books (${report.seed} from the shop, ${report.fromDataset} from goodbooks-10k after reading ${report.rowsRead} rows), ${catalogue.authors.length} authors`,
  );
  for (const [reason, count] of Object.entries(report.skipped)) if (count) console.error(`  skipped ${count}: ${reason}`);
}

if (typeof require !== 'undefined' && require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
