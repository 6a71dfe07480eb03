/**
 * The book-metadata service (Open Library's contract, or the local stand-in in
 * sandbox/openlibrary/ that speaks it): an edition by ISBN, its first author's name, and where its
 * cover is. Only what a listing needs is read; every call is bounded in time and size.
 */

/** What a listing can be filled in with. */
export interface BookMetadata {
  title: string;
  author: string;
  publisher: string | null;
  year: number | null;
  /** The service's cover (covers API), if the edition has one. */
  coverUrl: string | null;
}

export interface MetadataService {
  /** Open Library, or the stand-in: `BOOK_METADATA_URL`. */
  baseUrl: string;
  /** The covers API: `BOOK_COVERS_URL`, by default the same origin. */
  coversUrl: string;
  timeoutMs: number;
}

/** The service did not answer in time, or answered with an error. */
export class MetadataUnavailable extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'MetadataUnavailable';
  }
}

const MAX_JSON_BYTES = 512 * 1024;

type Json = Record<string, unknown>;

/** A JSON document from the service; undefined for a 404; MetadataUnavailable for anything else. */
async function getJson(service: MetadataService, path: string): Promise<Json | undefined> {
  let response: Response;
  try {
    response = await fetch(`${service.baseUrl}${path}`, {
      headers: { accept: 'application/json', 'user-agent': 'BookResale/1.0 (book listing lookup)' },
      redirect: 'follow',
      signal: AbortSignal.timeout(service.timeoutMs),
    });
  } catch (error) {
    // A DOMException, which need not be an Error of this realm.
    const timedOut = typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError';
    throw new MetadataUnavailable(timedOut ? 'The book lookup took too long' : 'The book lookup could not be reached', timedOut);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new MetadataUnavailable(`The book lookup answered ${response.status}`, false);
  }
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_JSON_BYTES) throw new MetadataUnavailable('The book lookup answered too much', false);
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Json;
  } catch {
    throw new MetadataUnavailable('The book lookup answered something that is not JSON', false);
  }
}

const text = (value: unknown, max = 200) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);
const KEY = /^\/(authors|works)\/OL[0-9]+[AW]$/;

/** The first author's key: the edition's, else its work's. */
async function firstAuthorKey(service: MetadataService, edition: Json): Promise<string | null> {
  const fromList = (list: unknown, pick: (entry: Json) => unknown) => {
    if (!Array.isArray(list)) return null;
    for (const entry of list) {
      const key = typeof entry === 'object' && entry !== null ? pick(entry as Json) : undefined;
      if (typeof key === 'string' && KEY.test(key)) return key;
    }
    return null;
  };
  const own = fromList(edition.authors, (entry) => entry.key);
  if (own) return own;
  const workKey = fromList(edition.works, (entry) => entry.key);
  if (!workKey) return null;
  const work = await getJson(service, `${workKey}.json`);
  return work ? fromList(work.authors, (entry) => (typeof entry.author === 'object' && entry.author !== null ? (entry.author as Json).key : undefined)) : null;
}

/** The edition of `isbn13`, or null when the service does not know it. */
export async function lookUpIsbn(service: MetadataService, isbn13: string): Promise<BookMetadata | null> {
  const edition = await getJson(service, `/isbn/${isbn13}.json`);
  const title = edition && text(edition.title);
  if (!edition || !title) return null;
  const subtitle = text(edition.subtitle);
  const authorKey = await firstAuthorKey(service, edition);
  const author = authorKey ? text((await getJson(service, `${authorKey}.json`))?.name) : null;
  const publisher = Array.isArray(edition.publishers) ? text(edition.publishers[0]) : null;
  const year = /\b(1[5-9][0-9]{2}|20[0-9]{2})\b/.exec(text(edition.publish_date) ?? '')?.[1];
  const cover = Array.isArray(edition.covers) ? edition.covers.find((id) => typeof id === 'number' && Number.isInteger(id) && id > 0) : undefined;
  return {
    title: subtitle ? `${title}: ${subtitle}`.slice(0, 200) : title,
    author: author ?? text(edition.by_statement) ?? '',
    publisher,
    year: year === undefined ? null : Number(year),
    coverUrl: typeof cover === 'number' ? `${service.coversUrl}/b/id/${cover}-L.jpg?default=false` : null,
  };
}

/** The cover's bytes (at most `maxBytes`), or null when there is none or it cannot be had. */
export async function fetchCover(service: MetadataService, url: string, maxBytes: number): Promise<Buffer | null> {
  try {
    const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(service.timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    return bytes.length > 0 && bytes.length <= maxBytes ? bytes : null;
  } catch {
    return null;
  }
}
