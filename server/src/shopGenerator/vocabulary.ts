import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The words a generated shop is made of, drawn from the book-metadata stand-in's catalogue
 * (sandbox/openlibrary/catalogue.json: 417 real titles, authors and ISBNs), so that a generated
 * catalogue is searched like a real one: real books in many copies, and titles and names made of
 * the words real titles use.
 */
export interface Vocabulary {
  /** The real books, most-rated first: one copy in ten is one of them. */
  books: { title: string; author: string; isbn13: string }[];
  /** Title words, most frequent first (stop words kept out: the templates add them). */
  words: string[];
  firstNames: string[];
  lastNames: string[];
}

interface CatalogueFile {
  authors: { key: string; name: string }[];
  books: { title: string; authors: string[]; isbn13: string }[];
}

const STOP_WORDS = new Set(['the', 'a', 'an', 'and', 'of', 'in', 'on', 'to', 'for', 'with', 'at', 'by', 'from', 'is', 'or', 'its']);

export const CATALOGUE_FILE = path.join(__dirname, '..', '..', '..', 'sandbox', 'openlibrary', 'catalogue.json');

export function loadVocabulary(file = CATALOGUE_FILE): Vocabulary {
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as CatalogueFile;
  const authors = new Map(catalogue.authors.map((author) => [author.key, author.name]));
  const books = catalogue.books.map((book) => ({ title: book.title, author: authors.get(book.authors[0]) ?? '', isbn13: book.isbn13 }));
  const counts = new Map<string, number>();
  for (const book of books) {
    for (const word of book.title.split(/[^A-Za-z']+/)) {
      if (word.length < 3 || STOP_WORDS.has(word.toLowerCase())) continue;
      const shaped = word[0].toUpperCase() + word.slice(1).toLowerCase();
      counts.set(shaped, (counts.get(shaped) ?? 0) + 1);
    }
  }
  const words = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
  const names = [...authors.values()].map((name) => name.split(/\s+/).filter((part) => /^[A-Za-z][A-Za-z'-]+$/.test(part)));
  const unique = (values: string[]) => [...new Set(values)].sort();
  return {
    books,
    words,
    firstNames: unique(names.filter((parts) => parts.length >= 2).map((parts) => parts[0])),
    lastNames: unique(names.filter((parts) => parts.length >= 1).map((parts) => parts[parts.length - 1])),
  };
}
