/**
 * `GET /isbn/:isbn` against the book-metadata stand-in (sandbox/openlibrary/), which speaks Open
 * Library's contract: validation, a found book with its cover imported, an unknown ISBN, the
 * answers kept, and a slow or failing service.
 */
import { startBookMetadataSandbox, type BookMetadataSandbox } from '../../sandbox/openlibrary/server';
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';

let sandbox: BookMetadataSandbox;
let t: TestApp;
let seller: Actor;
let buyer: Actor;

const service = (baseUrl: string, timeoutMs = 3_000) => ({ bookMetadata: { baseUrl, coversUrl: baseUrl, timeoutMs } });

beforeAll(async () => {
  sandbox = await startBookMetadataSandbox({ port: 0 });
  t = await buildTestApp(service(sandbox.url));
  seller = await signUp(t.app, 'isbn-seller@test.dev', 'seller');
  buyer = await signUp(t.app, 'isbn-buyer@test.dev');
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const lookUp = (app: TestApp['app'], isbn: string, actor = seller) => app.inject({ url: `/isbn/${encodeURIComponent(isbn)}`, headers: actor.headers });

it('fills a listing in from an ISBN-10 or -13, with the cover imported into the shop\'s image host', async () => {
  const found = await lookUp(t.app, '0-06-112008-1');
  expect(found.statusCode).toBe(200);
  expect(found.json()).toEqual({ isbn13: '9780061120084', title: 'To Kill a Mockingbird', author: 'Harper Lee', year: 1960, cover: expect.any(String) });
  const cover = found.json().cover as string;
  expect(cover).toMatch(/^http:\/\/[^/]+\/image-host\/i\/[0-9a-f]{24}\.webp$/);
  const image = await t.app.inject({ url: new URL(cover).pathname });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/webp');
  // The cover is the seller's upload: their quota counts it.
  const [owned] = await t.testDb.db.query<{ count: number }>('select count(*)::int as count from images where owner_id = $1', [seller.id]);
  expect(owned.count).toBe(1);
  expect((await lookUp(t.app, '9780061120084')).json()).toMatchObject({ title: 'To Kill a Mockingbird' });
});

it('has no cover to give for a book without one, and says plainly when it does not know the ISBN', async () => {
  expect((await lookUp(t.app, '9780739326220')).json()).toEqual({ isbn13: '9780739326220', title: 'Memoirs of a Geisha', author: 'Arthur Golden', year: 1997 });
  const unknown = await lookUp(t.app, '9780000000002');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ message: 'Not found: fill in the details yourself' });
});

it('refuses a bad checksum, and is for sellers', async () => {
  expect((await lookUp(t.app, '9780061120085')).json()).toEqual({ message: 'This is not a valid ISBN-10 or ISBN-13' });
  expect((await lookUp(t.app, 'hello')).statusCode).toBe(400);
  expect((await lookUp(t.app, '9780061120084', buyer)).statusCode).toBe(403);
  expect((await t.app.inject({ url: '/isbn/9780061120084' })).statusCode).toBe(401);
});

it('keeps each answer, found or not, so the service is asked once', async () => {
  const other = await buildTestApp(service(sandbox.url));
  try {
    const otherSeller = await signUp(other.app, 'kept@test.dev', 'seller');
    expect((await lookUp(other.app, '9780141439518', otherSeller)).statusCode).toBe(200);
    expect((await lookUp(other.app, '9780000000019', otherSeller)).statusCode).toBe(404);
    // The service's book pages go away: both answers still come, from what was kept.
    other.app.config.bookMetadata = { baseUrl: 'http://127.0.0.1:9', coversUrl: 'http://127.0.0.1:9', timeoutMs: 500 };
    expect((await lookUp(other.app, '9780141439518', otherSeller)).json()).toMatchObject({ isbn13: '9780141439518', title: 'Pride and Prejudice', author: 'Jane Austen' });
    expect((await lookUp(other.app, '9780000000019', otherSeller)).statusCode).toBe(404);
    // One it never asked about: the service is down, and the seller is told to go on by hand.
    expect((await lookUp(other.app, '9780316769174', otherSeller)).json()).toEqual({ message: 'The book lookup is not answering: fill in the details yourself' });
  } finally {
    await other.close();
  }
});

it('answers 502 for a failing service, 504 for a slow one, and 503 when none is set up', async () => {
  for (const [baseUrl, status] of [[`${sandbox.url}/_fail/500`, 502], [`${sandbox.url}/_delay/2000`, 504]] as const) {
    const app = await buildTestApp(service(baseUrl, 300));
    try {
      const who = await signUp(app.app, 'slow@test.dev', 'seller');
      const answer = await lookUp(app.app, '9780316769174', who);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status, body: { message: 'The book lookup is not answering: fill in the details yourself' } });
    } finally {
      await app.close();
    }
  }
  const none = await buildTestApp();
  try {
    const who = await signUp(none.app, 'none@test.dev', 'seller');
    expect((await lookUp(none.app, '9780316769174', who)).statusCode).toBe(503);
  } finally {
    await none.close();
  }
});
