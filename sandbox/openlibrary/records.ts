/**
 * Catalogue entries as Open Library's JSON records: the edition (`/books/OL…M.json`), the work
 * (`/works/OL…W.json`) and the author (`/authors/OL…A.json`), with Open Library's field names.
 * Fields the catalogue has no fact for (publishers, number_of_pages) are left out, as Open
 * Library leaves out what a record lacks.
 */
import type { CatalogueAuthor, CatalogueBook } from './catalogue';

interface KeyRef {
  key: string;
}

export interface EditionRecord {
  key: string;
  title: string;
  subtitle?: string;
  authors: KeyRef[];
  publishers?: string[];
  publish_date?: string;
  isbn_10: string[];
  isbn_13: string[];
  covers?: number[];
  number_of_pages?: number;
  series?: string[];
  languages?: KeyRef[];
  identifiers?: { goodreads: string[] };
  works: KeyRef[];
  type: KeyRef;
}

export interface WorkRecord {
  key: string;
  title: string;
  subtitle?: string;
  authors: { author: KeyRef; type: KeyRef }[];
  covers?: number[];
  first_publish_date?: string;
  type: KeyRef;
}

export interface AuthorRecord {
  key: string;
  name: string;
  type: KeyRef;
}

export interface NotFoundRecord {
  error: 'notfound';
  key: string;
}

export const editionKey = (book: CatalogueBook) => `/books/${book.edition}`;
const workKey = (book: CatalogueBook) => `/works/${book.work}`;
const authorKey = (key: string) => `/authors/${key}`;

/** A year as Open Library writes a publish date ('1937'); none for years before the common era. */
const yearText = (year: number | undefined) => (year !== undefined && year > 0 ? String(year) : undefined);

export function editionRecord(book: CatalogueBook): EditionRecord {
  const publishDate = yearText(book.year);
  return {
    key: editionKey(book),
    title: book.title,
    ...(book.subtitle ? { subtitle: book.subtitle } : {}),
    authors: book.authors.map((key) => ({ key: authorKey(key) })),
    ...(publishDate ? { publish_date: publishDate } : {}),
    isbn_10: [book.isbn10],
    isbn_13: [book.isbn13],
    ...(book.cover !== undefined ? { covers: [book.cover] } : {}),
    ...(book.series ? { series: [book.series] } : {}),
    ...(book.language ? { languages: [{ key: `/languages/${book.language}` }] } : {}),
    ...(book.goodreads ? { identifiers: { goodreads: [book.goodreads] } } : {}),
    works: [{ key: workKey(book) }],
    type: { key: '/type/edition' },
  };
}

export function workRecord(book: CatalogueBook): WorkRecord {
  const firstPublished = yearText(book.year);
  return {
    key: workKey(book),
    title: book.title,
    ...(book.subtitle ? { subtitle: book.subtitle } : {}),
    authors: book.authors.map((key) => ({ author: { key: authorKey(key) }, type: { key: '/type/author_role' } })),
    ...(book.cover !== undefined ? { covers: [book.cover] } : {}),
    ...(firstPublished ? { first_publish_date: firstPublished } : {}),
    type: { key: '/type/work' },
  };
}

export function authorRecord(author: CatalogueAuthor): AuthorRecord {
  return { key: authorKey(author.key), name: author.name, type: { key: '/type/author' } };
}

/** Open Library's answer for a key it does not have: `{"error": "notfound", "key": "/isbn/…"}`. */
export const notFound = (key: string): NotFoundRecord => ({ error: 'notfound', key });
