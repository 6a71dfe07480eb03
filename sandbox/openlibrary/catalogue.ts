/**
 * The books the sandbox knows: `catalogue.json` (made by build-catalogue.ts, see CATALOGUE.md),
 * and lookups by ISBN, Open Library key and cover id.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const CATALOGUE_FILE = path.join(__dirname, 'catalogue.json');

export interface CatalogueAuthor {
  /** Open Library style id, e.g. `OL90000001A` (the sandbox's own, not openlibrary.org's). */
  key: string;
  name: string;
}

export interface CatalogueBook {
  /** Edition id, e.g. `OL90000001M`. */
  edition: string;
  /** Work id, e.g. `OL90000001W`. */
  work: string;
  title: string;
  subtitle?: string;
  /** Goodreads' series note, e.g. `The Hunger Games, #1`. */
  series?: string;
  /** Author keys, the first author first. */
  authors: string[];
  /** Year the work was first published (negative: BCE); not necessarily this edition's year. */
  year?: number;
  isbn10: string;
  isbn13: string;
  /** Cover id; absent when the book has no cover. */
  cover?: number;
  /** Goodreads book id (the edition). */
  goodreads?: string;
  /** Where the facts come from: the shop's own seed catalogue, or the goodbooks-10k data set. */
  from: 'shop' | 'goodbooks-10k';
  /** ISO 639-2 code, when the source states it. */
  language?: string;
}

export interface Catalogue {
  about: string;
  authors: CatalogueAuthor[];
  books: CatalogueBook[];
}

export function readCatalogue(file = CATALOGUE_FILE): Catalogue {
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

/** Digits and X only, upper-cased: what Open Library does to an ISBN before looking it up. */
export const canonicalIsbn = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

export class CatalogueIndex {
  readonly #byIsbn = new Map<string, CatalogueBook>();
  readonly #byEdition = new Map<string, CatalogueBook>();
  readonly #byWork = new Map<string, CatalogueBook>();
  readonly #byCover = new Map<number, CatalogueBook>();
  readonly #authors = new Map<string, CatalogueAuthor>();

  constructor(readonly catalogue: Catalogue) {
    for (const author of catalogue.authors) this.#authors.set(author.key, author);
    for (const book of catalogue.books) {
      this.#byIsbn.set(book.isbn10, book);
      this.#byIsbn.set(book.isbn13, book);
      this.#byEdition.set(book.edition, book);
      this.#byWork.set(book.work, book);
      if (book.cover !== undefined) this.#byCover.set(book.cover, book);
    }
  }

  byIsbn(isbn: string): CatalogueBook | undefined {
    return this.#byIsbn.get(canonicalIsbn(isbn));
  }

  byEdition(key: string): CatalogueBook | undefined {
    return this.#byEdition.get(key);
  }

  byWork(key: string): CatalogueBook | undefined {
    return this.#byWork.get(key);
  }

  byCover(id: number): CatalogueBook | undefined {
    return this.#byCover.get(id);
  }

  author(key: string): CatalogueAuthor | undefined {
    return this.#authors.get(key);
  }

  authorNames(book: CatalogueBook): string[] {
    return book.authors.map((key) => this.#authors.get(key)?.name ?? '');
  }
}
