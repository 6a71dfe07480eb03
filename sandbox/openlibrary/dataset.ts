/**
 * Reading goodbooks-10k's books.csv: its ISBN columns repaired, its titles and authors cleaned.
 * Pure functions; build-catalogue.ts puts them together.
 */
import ISBN from 'isbn3';

/** The columns of books.csv this catalogue reads. */
export interface DatasetRow {
  goodreads_book_id: string;
  isbn: string;
  isbn13: string;
  authors: string;
  original_publication_year: string;
  title: string;
  language_code: string;
  image_url: string;
}

export interface DatasetBook {
  title: string;
  subtitle?: string;
  series?: string;
  authors: string[];
  year?: number;
  isbn10: string;
  isbn13: string;
  hasCover: boolean;
  goodreads: string;
}

/** Why a row was passed over; counted in the build's report. */
export type Skip = 'not English' | 'no valid ISBN-10' | 'ISBN-13 column disagrees' | 'no title or author';

/** English in the data set: `eng`, `en`, `en-US`, `en-GB`, `en-CA`, … (an empty code is not counted). */
export const isEnglish = (code: string) => code === 'eng' || code === 'en' || code.startsWith('en-');

/**
 * The ISBN-10 of the `isbn` column, which was stored as a number: leading zeros dropped
 * (`439023483` is `0439023483`). Undefined unless isbn3 finds it a valid ISBN-10.
 */
export function isbn10FromColumn(column: string): string | undefined {
  const text = column.trim().toUpperCase();
  if (!/^\d{1,9}[\dX]$/.test(text)) return undefined;
  const isbn10 = text.padStart(10, '0');
  const parsed = ISBN.parse(isbn10);
  return parsed?.isValid && parsed.isIsbn10 ? isbn10 : undefined;
}

/** 978 + the first nine digits + the ISBN-13 check digit (weights 1, 3, 1, 3, …). */
export function isbn13FromIsbn10(isbn10: string): string {
  const first12 = `978${isbn10.slice(0, 9)}`;
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/**
 * The `isbn13` column lost its last digit to a float (`9.78043902348e+12`): it agrees with an
 * ISBN-13 when it is that number rounded to the digits the column kept. An empty column agrees.
 */
export function agreesWithIsbn13Column(column: string, isbn13: string): boolean {
  const text = column.trim();
  if (text === '') return true;
  const stored = Number(text);
  if (!Number.isFinite(stored)) return false;
  const mantissa = /^(\d)(?:\.(\d+))?e\+?(\d+)$/i.exec(text);
  // The digits the column kept: 1 + its decimals; the rest were rounded away.
  const kept = mantissa ? 1 + (mantissa[2]?.length ?? 0) : 13;
  const unit = 10 ** Math.max(0, 13 - kept);
  // Within half a unit: the writer rounded, and halves went either way.
  return Math.abs(Number(isbn13) - stored) <= unit / 2;
}

/**
 * A Goodreads title split as Open Library keeps it: the series note in parentheses
 * (`(The Hunger Games, #1)`) goes to `series`, what follows the first `: ` to `subtitle`.
 */
export function cleanTitle(raw: string): { title: string; subtitle?: string; series?: string } {
  let text = raw.replace(/\s+/g, ' ').trim();
  let series: string | undefined;
  const seriesNote = /\s*\(([^()]*#[^()]*)\)$/.exec(text);
  if (seriesNote) {
    series = seriesNote[1].trim();
    text = text.slice(0, seriesNote.index).trim();
  }
  const colon = text.indexOf(': ');
  const title = colon > 0 ? text.slice(0, colon).trim() : text;
  const subtitle = colon > 0 ? text.slice(colon + 2).trim() : undefined;
  return { title, ...(subtitle ? { subtitle } : {}), ...(series ? { series } : {}) };
}

/** `"J.K. Rowling, Mary GrandPré"` → both names, the first one first, each once. */
export function splitAuthors(raw: string): string[] {
  const names = raw.split(',').map((name) => name.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return [...new Set(names)];
}

/** `2008.0` → 2008, `-720.0` → -720, empty → undefined. */
export function yearFromColumn(column: string): number | undefined {
  const text = column.trim();
  if (text === '') return undefined;
  const year = Number(text);
  return Number.isFinite(year) && Number.isInteger(year) ? year : undefined;
}

/** Goodreads' stand-in picture for a book without a cover. */
const NO_PHOTO = /\/nophoto\//;

export function bookFromRow(row: DatasetRow): DatasetBook | Skip {
  if (!isEnglish(row.language_code.trim())) return 'not English';
  const isbn10 = isbn10FromColumn(row.isbn);
  if (!isbn10) return 'no valid ISBN-10';
  const isbn13 = isbn13FromIsbn10(isbn10);
  if (ISBN.asIsbn13(isbn10) !== isbn13 || !ISBN.parse(isbn13)?.isValid) return 'no valid ISBN-10';
  if (!agreesWithIsbn13Column(row.isbn13, isbn13)) return 'ISBN-13 column disagrees';
  const { title, subtitle, series } = cleanTitle(row.title);
  const authors = splitAuthors(row.authors);
  if (!title || authors.length === 0) return 'no title or author';
  const year = yearFromColumn(row.original_publication_year);
  return {
    title,
    ...(subtitle ? { subtitle } : {}),
    ...(series ? { series } : {}),
    authors,
    ...(year !== undefined ? { year } : {}),
    isbn10,
    isbn13,
    hasCover: !NO_PHOTO.test(row.image_url),
    goodreads: row.goodreads_book_id.trim(),
  };
}
