/**
 * Open Library's read API as the sandbox answers it: a request path in, an answer out (JSON, a
 * redirect or image bytes). No HTTP here, so the rules read on their own.
 */
import { type CatalogueIndex, canonicalIsbn } from './catalogue';
import { BLANK_GIF, type CoverCache, type CoverSize } from './covers';
import { authorRecord, editionKey, editionRecord, notFound, workRecord } from './records';

export type Answer =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'redirect'; location: string }
  | { kind: 'image'; contentType: string; bytes: Buffer; maxAgeSeconds: number }
  | { kind: 'text'; status: number; body: string };

/** How long a browser may keep a cover: by id for good (as covers.openlibrary.org), else 10 minutes. */
const COVER_BY_ID_MAX_AGE = 365 * 24 * 3600;
const COVER_BY_KEY_MAX_AGE = 600;

const ISBN_PATH = /^\/isbn\/(.{10,})\.json$/i;
const RECORD_PATH = /^\/(books|works|authors)\/(OL\d+[MWA])\.json$/;
const COVER_PATH = /^\/b\/(isbn|id|olid)\/([^/]+?)(?:-([SML]))?\.jpg$/i;

export class OpenLibraryRoutes {
  constructor(
    private readonly index: CatalogueIndex,
    private readonly covers: CoverCache,
  ) {}

  /**
   * `path` is the request path after any sandbox prefix, `prefix` that prefix (kept on
   * redirects), `query` the query string without its `?`.
   */
  async answer(path: string, query: string, prefix = ''): Promise<Answer> {
    const isbn = ISBN_PATH.exec(path);
    if (isbn) return this.isbn(decodeURIComponent(isbn[1]), query, prefix);
    const record = RECORD_PATH.exec(path);
    if (record) return this.record(record[1] as 'books' | 'works' | 'authors', record[2]);
    const cover = COVER_PATH.exec(path);
    if (cover) {
      const size = (cover[3]?.toUpperCase() ?? 'L') as CoverSize;
      return this.cover(cover[1].toLowerCase() as 'isbn' | 'id' | 'olid', decodeURIComponent(cover[2]), size, new URLSearchParams(query));
    }
    if (path.endsWith('.json')) return { kind: 'json', status: 404, body: notFound(path.slice(0, -'.json'.length)) };
    return { kind: 'text', status: 404, body: 'not found\n' };
  }

  /** Open Library redirects an ISBN (10 or 13, hyphens allowed) to its edition, query kept. */
  private isbn(isbn: string, query: string, prefix: string): Answer {
    const book = this.index.byIsbn(canonicalIsbn(isbn));
    if (!book) return { kind: 'json', status: 404, body: notFound(`/isbn/${isbn}`) };
    return { kind: 'redirect', location: `${prefix}${editionKey(book)}.json${query ? `?${query}` : ''}` };
  }

  private record(kind: 'books' | 'works' | 'authors', id: string): Answer {
    const missing: Answer = { kind: 'json', status: 404, body: notFound(`/${kind}/${id}`) };
    if (kind === 'authors') {
      const author = this.index.author(id);
      return author ? { kind: 'json', status: 200, body: authorRecord(author) } : missing;
    }
    const book = kind === 'books' ? this.index.byEdition(id) : this.index.byWork(id);
    if (!book) return missing;
    return { kind: 'json', status: 200, body: kind === 'books' ? editionRecord(book) : workRecord(book) };
  }

  private async cover(key: 'isbn' | 'id' | 'olid', value: string, size: CoverSize, params: URLSearchParams): Promise<Answer> {
    const book =
      key === 'isbn'
        ? this.index.byIsbn(value)
        : key === 'olid'
          ? this.index.byEdition(value)
          : /^\d+$/.test(value)
            ? this.index.byCover(Number(value))
            : undefined;
    if (book?.cover === undefined) return coverNotFound(params.get('default'));
    const bytes = await this.covers.get(book.cover, size, {
      isbn13: book.isbn13,
      title: book.title,
      author: this.index.authorNames(book)[0] ?? '',
    });
    return { kind: 'image', contentType: 'image/jpeg', bytes, maxAgeSeconds: key === 'id' ? COVER_BY_ID_MAX_AGE : COVER_BY_KEY_MAX_AGE };
  }
}

/**
 * covers.openlibrary.org's answers for a missing cover: a blank 1×1 GIF by default, a 404 with
 * `default=false`, a redirect when `default` is an http(s) URL.
 */
function coverNotFound(fallback: string | null): Answer {
  if (fallback && /^https?:\/\//.test(fallback)) return { kind: 'redirect', location: fallback };
  if (fallback?.toLowerCase() === 'false') return { kind: 'text', status: 404, body: 'not found\n' };
  return { kind: 'image', contentType: 'image/gif', bytes: BLANK_GIF, maxAgeSeconds: COVER_BY_KEY_MAX_AGE };
}
