/**
 * The sandbox over HTTP, as the API will call Open Library: editions by ISBN (followed through
 * the redirect), works and authors, Open Library's 404 body, covers as real JPEGs in three
 * sizes, the missing-cover answers, and the slow and failing modes.
 */
import sharp from 'sharp';
import { COVER_SIZES, type CoverSize } from './covers';
import { type BookMetadataSandbox, optionsFromEnvironment, startBookMetadataSandbox } from './server';

// The Hunger Games, from goodbooks-10k; a cover.
const HUNGER_GAMES = { isbn10: '0439023483', isbn13: '9780439023481' };
// The Iliad, from goodbooks-10k: Goodreads has no cover for this edition.
const NO_COVER = { isbn10: '0140275363', isbn13: '9780140275360' };
// Pride and Prejudice, one of the shop's own seed books.
const SEED = { isbn10: '0141439513', isbn13: '9780141439518' };

let sandbox: BookMetadataSandbox;

beforeAll(async () => {
  sandbox = await startBookMetadataSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

async function getJson(path: string, target = sandbox) {
  const response = await fetch(`${target.url}${path}`);
  return { status: response.status, url: response.url, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

async function getBytes(path: string) {
  const response = await fetch(`${sandbox.url}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('editions by ISBN', () => {
  it('redirects /isbn/ to the edition, as Open Library does, keeping the query', async () => {
    const response = await fetch(`${sandbox.url}/isbn/${HUNGER_GAMES.isbn13}.json?fields=title`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/books\/OL\d+M\.json\?fields=title$/);
  });

  it('answers the same edition for the ISBN-10 and the ISBN-13, in Open Library’s shape', async () => {
    const by10 = await getJson(`/isbn/${HUNGER_GAMES.isbn10}.json`);
    const by13 = await getJson(`/isbn/${HUNGER_GAMES.isbn13}.json`);
    expect(by10.status).toBe(200);
    expect(by10.type).toBe('application/json');
    expect(by13.body).toEqual(by10.body);
    expect(by10.url).toMatch(/\/books\/OL\d+M\.json$/);
    expect(by10.body).toEqual({
      key: expect.stringMatching(/^\/books\/OL\d+M$/),
      title: 'The Hunger Games',
      authors: [{ key: expect.stringMatching(/^\/authors\/OL\d+A$/) }],
      publish_date: '2008',
      isbn_10: [HUNGER_GAMES.isbn10],
      isbn_13: [HUNGER_GAMES.isbn13],
      covers: [expect.any(Number)],
      series: ['The Hunger Games, #1'],
      languages: [{ key: '/languages/eng' }],
      identifiers: { goodreads: ['2767052'] },
      works: [{ key: expect.stringMatching(/^\/works\/OL\d+W$/) }],
      type: { key: '/type/edition' },
    });
  });

  it('takes hyphens and a lower-case x, as Open Library does', async () => {
    const hyphenated = await getJson('/isbn/978-0-439-02348-1.json');
    expect(hyphenated.body.title).toBe('The Hunger Games');
    const withX = await getJson('/isbn/043965548x.json');
    expect(withX.status).toBe(200);
    expect(withX.body.isbn_10).toEqual(['043965548X']);
  });

  it('serves the shop’s seed books with what the shop states about them', async () => {
    const { status, body } = await getJson(`/isbn/${SEED.isbn10}.json`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Pride and Prejudice', isbn_13: [SEED.isbn13], covers: [expect.any(Number)] });
    expect(body).not.toHaveProperty('publish_date');
    const author = await getJson(`${(body.authors as { key: string }[])[0].key}.json`);
    expect(author.body.name).toBe('Jane Austen');
  });

  it('leaves out what the catalogue has no fact for: publishers, pages, a cover it lacks', async () => {
    const { body } = await getJson(`/isbn/${NO_COVER.isbn13}.json`);
    expect(body.title).toBe('The Iliad');
    expect(body).not.toHaveProperty('covers');
    expect(body).not.toHaveProperty('publishers');
    expect(body).not.toHaveProperty('number_of_pages');
    // First published c. 750 BCE: no publish date is made up for it.
    expect(body).not.toHaveProperty('publish_date');
  });

  it('answers an unknown or malformed ISBN with Open Library’s 404 body', async () => {
    for (const isbn of ['9780000000002', '0000000000', 'not-an-isbn']) {
      const { status, type, body } = await getJson(`/isbn/${isbn}.json`);
      expect(status).toBe(404);
      expect(type).toBe('application/json');
      expect(body).toEqual({ error: 'notfound', key: `/isbn/${isbn}` });
    }
  });
});

describe('works and authors', () => {
  it('serves the author record the edition points to', async () => {
    const { body: edition } = await getJson(`/isbn/${HUNGER_GAMES.isbn13}.json`);
    const authorKey = (edition.authors as { key: string }[])[0].key;
    const { status, body } = await getJson(`${authorKey}.json`);
    expect(status).toBe(200);
    expect(body).toEqual({ key: authorKey, name: 'Suzanne Collins', type: { key: '/type/author' } });
  });

  it('serves the work record, with the first publication year and author roles', async () => {
    const { body: edition } = await getJson(`/isbn/${HUNGER_GAMES.isbn13}.json`);
    const workKey = (edition.works as { key: string }[])[0].key;
    const { body } = await getJson(`${workKey}.json`);
    expect(body).toEqual({
      key: workKey,
      title: 'The Hunger Games',
      authors: [{ author: edition.authors && (edition.authors as unknown[])[0], type: { key: '/type/author_role' } }],
      covers: edition.covers,
      first_publish_date: '2008',
      type: { key: '/type/work' },
    });
  });

  it('answers unknown keys with the 404 body naming the key', async () => {
    for (const key of ['/authors/OL1A', '/books/OL1M', '/works/OL1W', '/authors/nobody', '/search']) {
      const { status, body } = await getJson(`${key}.json`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'notfound', key });
    }
  });
});

describe('covers', () => {
  it.each(['S', 'M', 'L'] as CoverSize[])('draws a %s cover as a JPEG of Open Library’s size', async (size) => {
    const { status, headers, bytes } = await getBytes(`/b/isbn/${HUNGER_GAMES.isbn13}-${size}.jpg`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', ...COVER_SIZES[size] });
  });

  it('gives the same cover by ISBN-10, ISBN-13, cover id and edition id', async () => {
    const { body } = await getJson(`/isbn/${HUNGER_GAMES.isbn13}.json`);
    const coverId = (body.covers as number[])[0];
    const editionId = String(body.key).split('/').pop();
    const paths = [`/b/isbn/${HUNGER_GAMES.isbn10}-M.jpg`, `/b/isbn/${HUNGER_GAMES.isbn13}-M.jpg`, `/b/id/${coverId}-M.jpg`, `/b/olid/${editionId}-M.jpg`];
    const images = await Promise.all(paths.map(getBytes));
    for (const image of images) expect(image.bytes).toEqual(images[0].bytes);
    expect(images[2].headers.get('cache-control')).toMatch(/^public, max-age=\d{7,}$/);
    expect(images[1].headers.get('cache-control')).toBe('public, max-age=600');
  });

  it('serves the large size when no size is named', async () => {
    const { bytes } = await getBytes(`/b/isbn/${HUNGER_GAMES.isbn13}.jpg`);
    expect(await sharp(bytes).metadata()).toMatchObject(COVER_SIZES.L);
  });

  it('answers a missing cover with a blank 1×1 GIF, as covers.openlibrary.org does by default', async () => {
    for (const path of [`/b/isbn/${NO_COVER.isbn13}-M.jpg`, '/b/isbn/9780000000002-S.jpg', '/b/id/1-L.jpg']) {
      const { status, headers, bytes } = await getBytes(path);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('image/gif');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'gif', width: 1, height: 1 });
    }
  });

  it('answers a missing cover with 404 under ?default=false, and redirects to a default URL', async () => {
    expect((await getBytes(`/b/isbn/${NO_COVER.isbn10}-M.jpg?default=false`)).status).toBe(404);
    expect((await getBytes('/b/id/1-M.jpg?default=false')).status).toBe(404);
    const elsewhere = await getBytes(`/b/isbn/${NO_COVER.isbn13}-M.jpg?default=https://example.test/blank.png`);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toBe('https://example.test/blank.png');
    // A cover that exists is served whatever `default` says.
    expect((await getBytes(`/b/isbn/${HUNGER_GAMES.isbn13}-S.jpg?default=false`)).status).toBe(200);
  });
});

describe('the service itself', () => {
  it('answers /healthz', async () => {
    expect(await getJson('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(`${sandbox.url}/b/isbn/${HUNGER_GAMES.isbn13}-S.jpg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await fetch(`${sandbox.url}/isbn/${HUNGER_GAMES.isbn13}.json`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('fails every call but /healthz with `failWith`, as a broken service would', async () => {
    const failing = await startBookMetadataSandbox({ port: 0, failWith: 503 });
    try {
      const response = await fetch(`${failing.url}/isbn/${HUNGER_GAMES.isbn13}.json`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('text/html');
      expect(await response.text()).toContain('503 Service Unavailable');
      expect((await fetch(`${failing.url}/b/id/1-S.jpg`)).status).toBe(503);
      expect((await fetch(`${failing.url}/healthz`)).status).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('waits `delayMs` before each answer but /healthz', async () => {
    const slow = await startBookMetadataSandbox({ port: 0, delayMs: 300 });
    try {
      let began = performance.now();
      await fetch(`${slow.url}/healthz`);
      expect(performance.now() - began).toBeLessThan(250);
      began = performance.now();
      const { body } = await getJson(`/isbn/${HUNGER_GAMES.isbn13}.json`, slow);
      // Two answers: the redirect and the edition, each delayed.
      expect(performance.now() - began).toBeGreaterThanOrEqual(590);
      expect(body.title).toBe('The Hunger Games');
    } finally {
      await slow.close();
    }
  });

  it('takes /_fail/<status> and /_delay/<ms> ahead of a path, for one call', async () => {
    const failed = await fetch(`${sandbox.url}/_fail/500/isbn/${HUNGER_GAMES.isbn13}.json`);
    expect(failed.status).toBe(500);
    const began = performance.now();
    const delayed = await fetch(`${sandbox.url}/_delay/200/isbn/${HUNGER_GAMES.isbn13}.json`);
    expect(performance.now() - began).toBeGreaterThanOrEqual(390);
    // The redirect kept the prefix, so the edition was delayed too.
    expect(delayed.url).toMatch(/\/_delay\/200\/books\/OL\d+M\.json$/);
    expect(((await delayed.json()) as { title: string }).title).toBe('The Hunger Games');
  });

  it('closes at once even with an answer waiting out its delay', async () => {
    const slow = await startBookMetadataSandbox({ port: 0, delayMs: 60_000 });
    const pending = fetch(`${slow.url}/isbn/${HUNGER_GAMES.isbn13}.json`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const began = performance.now();
    await slow.close();
    expect(performance.now() - began).toBeLessThan(1000);
    // The waiting call sees its connection closed, not an answer.
    expect(await pending).toHaveProperty('message', 'fetch failed');
  });

  it('refuses options it cannot honour', async () => {
    await expect(startBookMetadataSandbox({ port: 0, failWith: 200 })).rejects.toThrow(/failWith/);
    await expect(startBookMetadataSandbox({ port: 0, delayMs: -1 })).rejects.toThrow(/delayMs/);
  });

  it('reads its options from the environment', () => {
    expect(optionsFromEnvironment({})).toEqual({ port: 12121, delayMs: undefined, failWith: undefined });
    expect(
      optionsFromEnvironment({ BOOK_METADATA_SANDBOX_PORT: '12122', BOOK_METADATA_SANDBOX_DELAY_MS: '250', BOOK_METADATA_SANDBOX_FAIL_WITH: '503' }),
    ).toEqual({ port: 12122, delayMs: 250, failWith: 503 });
    expect(() => optionsFromEnvironment({ BOOK_METADATA_SANDBOX_PORT: 'x' })).toThrow(/BOOK_METADATA_SANDBOX_PORT/);
    expect(() => optionsFromEnvironment({ BOOK_METADATA_SANDBOX_DELAY_MS: '1.5' })).toThrow(/DELAY_MS/);
  });
});
