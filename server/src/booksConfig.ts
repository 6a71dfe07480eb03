import type { MetadataService } from './books/metadata';

type Env = Record<string, string | undefined>;

export interface BooksConfig {
  /** `BOOK_METADATA_URL` (with `BOOK_COVERS_URL`, `BOOK_METADATA_TIMEOUT_MS`); unset, `GET /isbn/:isbn` answers 503. */
  bookMetadata: MetadataService | null;
}

const httpUrl = (value: string) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value);

/** Where ISBNs are looked up: Open Library (https://openlibrary.org) or its local stand-in. */
export function booksConfig(env: Env, problems: string[]): BooksConfig {
  const baseUrl = env.BOOK_METADATA_URL?.trim().replace(/\/+$/, '');
  if (!baseUrl) return { bookMetadata: null };
  const coversUrl = env.BOOK_COVERS_URL?.trim().replace(/\/+$/, '') || baseUrl;
  for (const [name, value] of [['BOOK_METADATA_URL', baseUrl], ['BOOK_COVERS_URL', coversUrl]]) {
    if (!httpUrl(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
  }
  const timeoutRaw = env.BOOK_METADATA_TIMEOUT_MS?.trim();
  let timeoutMs = 5_000;
  if (timeoutRaw) {
    const value = Number(timeoutRaw);
    if (!/^\d+$/.test(timeoutRaw) || value < 100 || value > 60_000) {
      problems.push(`BOOK_METADATA_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000, got "${timeoutRaw}"`);
    } else {
      timeoutMs = value;
    }
  }
  return { bookMetadata: { baseUrl, coversUrl, timeoutMs } };
}
