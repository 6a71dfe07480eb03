/**
 * The shipped catalogue.json: big enough, every ISBN valid and its two forms agreeing, nothing
 * listed twice, every key resolving, and every book of the shop's seed catalogue in it.
 */
import { readFileSync } from 'node:fs';
import ISBN from 'isbn3';
import { SEED_CATALOGUE } from '../../server/src/catalogue';
import { formatCatalogue } from './build-catalogue';
import { CATALOGUE_FILE, CatalogueIndex, readCatalogue } from './catalogue';

const catalogue = readCatalogue();
const index = new CatalogueIndex(catalogue);

it('holds at least 300 books', () => {
  expect(catalogue.books.length).toBeGreaterThanOrEqual(300);
  expect(catalogue.books.filter((book) => book.from === 'goodbooks-10k').length).toBeGreaterThanOrEqual(300);
});

it('says where its facts come from and under which licence', () => {
  expect(catalogue.about).toMatch(/goodbooks-10k/);
  expect(catalogue.about).toMatch(/CC BY-SA 4\.0/);
  expect(catalogue.about).toMatch(/Goodreads/);
});

it('has only valid ISBN-10s and ISBN-13s, each pair the same book', () => {
  for (const book of catalogue.books) {
    const from10 = ISBN.parse(book.isbn10);
    const from13 = ISBN.parse(book.isbn13);
    expect({ book: book.title, isbn10: from10?.isValid && from10.isIsbn10 }).toEqual({ book: book.title, isbn10: true });
    expect({ book: book.title, isbn13: from13?.isValid && from13.isIsbn13 }).toEqual({ book: book.title, isbn13: true });
    expect(ISBN.asIsbn13(book.isbn10)).toBe(book.isbn13);
    expect(ISBN.asIsbn10(book.isbn13)).toBe(book.isbn10);
  }
});

it('lists no ISBN, edition, work or cover twice', () => {
  const isbns = catalogue.books.flatMap((book) => [book.isbn10, book.isbn13]);
  expect(new Set(isbns).size).toBe(isbns.length);
  for (const field of ['edition', 'work', 'cover'] as const) {
    const values = catalogue.books.map((book) => book[field]).filter((value) => value !== undefined);
    expect(new Set(values).size).toBe(values.length);
  }
  const authorKeys = catalogue.authors.map((author) => author.key);
  expect(new Set(authorKeys).size).toBe(authorKeys.length);
});

it('names every book’s authors, titles it, and keeps Open Library’s id forms', () => {
  for (const book of catalogue.books) {
    expect(book.title.trim()).not.toBe('');
    expect(book.authors.length).toBeGreaterThan(0);
    for (const key of book.authors) expect(index.author(key)?.name).toBeTruthy();
    expect(book.edition).toMatch(/^OL\d+M$/);
    expect(book.work).toMatch(/^OL\d+W$/);
    if (book.year !== undefined) expect(Number.isInteger(book.year)).toBe(true);
  }
  // The series note and the subtitle were taken out of the titles.
  expect(catalogue.books.some((book) => /\(.*#\d/.test(book.title))).toBe(false);
  expect(catalogue.books.some((book) => book.title.includes(': '))).toBe(false);
});

it('has books without a cover, as Goodreads had none for them', () => {
  const withoutCover = catalogue.books.filter((book) => book.cover === undefined);
  expect(withoutCover.length).toBeGreaterThan(10);
  expect(withoutCover.every((book) => book.from === 'goodbooks-10k')).toBe(true);
});

it('has every seed book of the shop, with the shop’s title, authors and ISBN', () => {
  const seeds = SEED_CATALOGUE.flatMap((category) => category.books);
  expect(seeds.length).toBeGreaterThan(0);
  for (const seed of seeds) {
    const book = index.byIsbn(seed.isbn);
    expect({ isbn: seed.isbn, title: book?.title, from: book?.from }).toEqual({ isbn: seed.isbn, title: seed.name, from: 'shop' });
    expect(index.authorNames(book!).join(' and ')).toBe(seed.author);
  }
});

it('is written as build-catalogue.ts writes it', () => {
  expect(readFileSync(CATALOGUE_FILE, 'utf8')).toBe(formatCatalogue(catalogue));
});
