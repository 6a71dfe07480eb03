import { Writable } from 'node:stream';
import { loggableUrl } from '../src/lib/logging';
import { idTokenFor } from './fakes';
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';

const IMAGE_KEY = 'image-key-that-must-stay-secret';
const BUYER = 'logged-buyer@test.dev';
const SELLER = 'logged-seller@test.dev';
const STRANGER = 'stranger@test.dev';
const OTHER = 'someone-else@test.dev';
const WRONG_KEY = 'a-guessed-image-key';

/** Everything the API logs, line by line. */
const written: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    written.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string; route?: string };
  res?: { statusCode: number; method?: string; url?: string; route?: string };
  err?: Record<string, unknown>;
  remoteAddress?: string;
  responseTime?: number;
}
const lines = () => written.map((line) => JSON.parse(line) as LogLine);
const completed = () => lines().filter((line) => line.msg === 'request completed').map((line) => line.res);

let t: TestApp;
let buyer: Actor;
let seller: Actor;
beforeAll(async () => {
  t = await buildTestApp({ imageHostKey: IMAGE_KEY }, { logger: { level: 'info', stream: logStream } });
  buyer = await signUp(t.app, BUYER); // POST /users, then GET /jwt?email=logged-buyer%40test.dev
  seller = await signUp(t.app, SELLER, 'seller');
});
afterAll(() => t.close());

describe('request logs', () => {
  beforeAll(async () => {
    const get = (url: string, headers: Record<string, string> = buyer.headers) => t.app.inject({ url, headers });
    expect((await get(`/jwt?email=${OTHER}`, { authorization: `Bearer ${idTokenFor(BUYER)}` })).statusCode).toBe(403);
    expect((await get(`/bookings?email=${BUYER}`)).statusCode).toBe(200);
    expect((await get(`/bookings?email=${encodeURIComponent(STRANGER)}`)).statusCode).toBe(403);
    expect((await get(`/users/admin/${BUYER}`)).statusCode).toBe(200);
    expect((await get(`/users/seller/${encodeURIComponent(STRANGER)}`)).statusCode).toBe(403);
    expect((await get(`/users/seller/${STRANGER}`, {})).statusCode).toBe(401);
    expect((await get(`/no/such/route/${STRANGER}?email=${STRANGER}&key=${IMAGE_KEY}`)).statusCode).toBe(404);
    const upload = (key: string) =>
      t.app.inject({ method: 'POST', url: `/image-host/1/upload?key=${key}`, headers: seller.headers, payload: { image: 'not a file' } });
    expect((await upload(IMAGE_KEY)).statusCode).toBe(400);
    expect((await upload(WRONG_KEY)).statusCode).toBe(400);

    // A fault whose error quotes an email and a URL, as a database constraint error does.
    const fault = Object.assign(new Error(`lookup failed for /users/admin/${BUYER}?key=${IMAGE_KEY}`), {
      code: '23505', detail: `Key (email)=(${BUYER}) already exists.`,
    });
    const query = jest.spyOn(t.testDb.db, 'query').mockRejectedValueOnce(fault);
    const failed = await get(`/users/admin/${BUYER}`);
    query.mockRestore();
    expect(failed.statusCode).toBe(500);
  });

  it('carry no image host key and no email, in any form', () => {
    const log = written.join('\n');
    expect(written.length).toBeGreaterThan(20);
    for (const secret of [IMAGE_KEY, WRONG_KEY, BUYER, SELLER, STRANGER, OTHER]) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
    expect(log).not.toMatch(/[\w.-]+(@|%40)test\.dev/i);
  });

  it('carry no authorization header value: neither access tokens nor ID tokens', () => {
    const log = written.join('\n');
    for (const token of [buyer.accessToken, seller.accessToken, idTokenFor(BUYER), idTokenFor(SELLER)]) {
      expect(log).not.toContain(token);
    }
    expect(log).not.toMatch(/eyJ[\w-]{10,}/);
    // No header is logged at all, so no authorization value either.
    expect(log).not.toMatch(/"authorization"/i);
  });

  it('still say the method, the route or redacted path, and the status', () => {
    expect(completed()).toEqual(
      expect.arrayContaining([
        { statusCode: 200, method: 'GET', url: '/jwt?email=[redacted]', route: '/jwt' },
        { statusCode: 403, method: 'GET', url: '/jwt?email=[redacted]', route: '/jwt' },
        { statusCode: 200, method: 'GET', url: '/bookings?email=[redacted]', route: '/bookings' },
        { statusCode: 403, method: 'GET', url: '/bookings?email=[redacted]', route: '/bookings' },
        { statusCode: 200, method: 'GET', url: '/users/admin/[email]', route: '/users/admin/:email' },
        { statusCode: 403, method: 'GET', url: '/users/seller/[email]', route: '/users/seller/:email' },
        { statusCode: 401, method: 'GET', url: '/users/seller/[email]', route: '/users/seller/:email' },
        { statusCode: 404, method: 'GET', url: '/no/such/route/[email]?email=[redacted]&key=[redacted]' },
        { statusCode: 400, method: 'POST', url: '/image-host/1/upload?key=[redacted]', route: '/image-host/1/upload' },
        { statusCode: 500, method: 'GET', url: '/users/admin/[email]', route: '/users/admin/:email' },
      ]),
    );
  });

  it('are one line per request at info, with who asked and how long it took', () => {
    expect(lines().filter((line) => line.msg === 'incoming request')).toEqual([]);
    const done = lines().find((line) => line.msg === 'request completed' && line.res?.route === '/users/admin/:email');
    expect(done).toMatchObject({ remoteAddress: '127.0.0.1', responseTime: expect.any(Number) });
  });

  it('keep what an error says, with the emails and keys in it replaced', () => {
    const failure = lines().find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'Error',
      code: '23505',
      message: 'lookup failed for /users/admin/[email]?key=[redacted]',
      detail: 'Key (email)=([email]) already exists.',
    });
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/bookCatagories', '/bookCatagories'],
    ['/users/admin/A.Reader%40Mail.example', '/users/admin/[email]'],
    ['/jwt?email=a@b.c&x', '/jwt?email=[redacted]&x'],
    ['/image-host/1/upload?key=abc&key=def', '/image-host/1/upload?key=[redacted]&key=[redacted]'],
    ['/search?a@b.c=1', '/search?[email]=[redacted]'],
    ['/users/admin/reader@mail.example', '/users/admin/[email]'],
    [`/books/${'x'.repeat(400)}`, `/books/${'x'.repeat(293)}`],
  ])('%s → %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
