import type { AddressInfo } from 'node:net';
import type { TimeLimits } from '../src/config';
import { buildTestApp, signUpCast, type TestApp } from './helper';
import { rawExchange, requestHead, type RawAnswer } from './rawHttp';

/** Small limits so a slow client is cut off within seconds; production defaults are in config.ts. */
const LIMITS: TimeLimits = { requestMs: 1500, headersMs: 1000, keepAliveMs: 1000, idleSocketMs: 1500 };
/** Room for a busy machine: the server's checking step plus scheduling delays. */
const SLACK_MS = 1500;

let t: TestApp;
let port: number;
let sellerAuthorization: string;
beforeAll(async () => {
  t = await buildTestApp({ timeouts: LIMITS });
  sellerAuthorization = (await signUpCast(t.app)).seller.headers.authorization;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

afterEach(async () => {
  const response = await fetch(`http://127.0.0.1:${port}/bookCatagories`);
  expect(response.status).toBe(200);
});

/** Cut off in time: answered 408 (or simply closed) by the server before `limitMs` plus slack. */
function expectCutOff(answer: RawAnswer, limitMs: number) {
  expect({ end: answer.end, status: answer.status ?? 408 }).toEqual({ end: expect.stringMatching(/^(answered|closed)$/), status: 408 });
  expect(answer.ms).toBeLessThanOrEqual(limitMs + SLACK_MS);
}

/** Waits longer than the server should, so a server that never cuts off shows as `deadline`. */
const deadlineAfter = (limitMs: number) => limitMs + SLACK_MS + 500;

describe('a request that arrives too slowly is cut off (hole: slow bodies held sockets open forever)', () => {
  it('twenty JSON bodies trickling a byte at a time are answered 408 or closed at the request limit', async () => {
    const head = requestHead('POST', '/products', {
      authorization: sellerAuthorization, 'content-type': 'application/json', 'content-length': 1000,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        rawExchange(port, {
          send: `${head}{"name":"`,
          trickle: { bytes: 'a', everyMs: 200 },
          deadlineMs: deadlineAfter(LIMITS.requestMs),
        }),
      ),
    );
    for (const answer of answers) expectCutOff(answer, LIMITS.requestMs);
  });

  it('a body that stops arriving (content-length larger than sent) is cut off', async () => {
    const answer = await rawExchange(port, {
      send: `${requestHead('POST', '/products', { authorization: sellerAuthorization, 'content-type': 'application/json', 'content-length': 500 })}{"na`,
      deadlineMs: deadlineAfter(LIMITS.requestMs),
    });
    // Whichever comes first: the request limit (408) or the idle limit (closed).
    expectCutOff(answer, Math.min(LIMITS.requestMs, LIMITS.idleSocketMs));
  });

  it('a multipart upload trickling its file is cut off at the request limit', async () => {
    const boundary = 'slowboundary';
    const answer = await rawExchange(port, {
      send:
        requestHead('POST', '/image-host/1/upload?key=book-resale-local', {
          authorization: sellerAuthorization,
          'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 100_000,
        }) +
        `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`,
      trickle: { bytes: '\x89PNG', everyMs: 200 },
      deadlineMs: deadlineAfter(LIMITS.requestMs),
    });
    expectCutOff(answer, LIMITS.requestMs);
  });

  it('headers that never finish are cut off at the header limit', async () => {
    const answers = await Promise.all([
      rawExchange(port, {
        send: 'GET /bookCatagories HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ',
        trickle: { bytes: 'a', everyMs: 100 },
        deadlineMs: deadlineAfter(LIMITS.headersMs),
      }),
      rawExchange(port, { send: 'POST /products HTTP/1.1\r\nhost: 127.0.0.1\r\n', deadlineMs: deadlineAfter(LIMITS.headersMs) }),
    ]);
    for (const answer of answers) expectCutOff(answer, LIMITS.headersMs);
  });

  it('a connection that sends nothing is cut off (the header limit runs from connecting)', async () => {
    const answer = await rawExchange(port, { deadlineMs: deadlineAfter(LIMITS.idleSocketMs) });
    expectCutOff(answer, Math.min(LIMITS.headersMs, LIMITS.idleSocketMs));
  });

  it('an idle keep-alive connection is closed after the keep-alive limit', async () => {
    // Node keeps an idle keep-alive socket up to a second past keepAliveTimeout.
    const keepAliveCloseMs = LIMITS.keepAliveMs + 1000;
    const answer = await rawExchange(port, {
      send: requestHead('GET', '/bookCatagories'),
      waitForClose: true,
      deadlineMs: deadlineAfter(keepAliveCloseMs),
    });
    expect(answer).toMatchObject({ end: 'closed', status: 200 });
    expect(answer.ms).toBeLessThanOrEqual(keepAliveCloseMs + SLACK_MS);
  });
});

describe('a body over the size limit (hole: answered 413 and closed on unread data, so the reset could lose the answer)', () => {
  it('is answered 413 while the rest is read and thrown away, and the connection serves the next request', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(300_000) });
    const oversized = requestHead('POST', '/products', {
      authorization: sellerAuthorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
    });
    const answer = await rawExchange(port, {
      send: `${oversized}${body}${requestHead('GET', '/bookCatagories')}`,
      waitForClose: true,
      deadlineMs: deadlineAfter(LIMITS.keepAliveMs + 1000),
    });
    expect(answer.status).toBe(413);
    expect(answer.received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
  });

  it('that stops arriving is still cut off in time once answered', async () => {
    const answer = await rawExchange(port, {
      send: `${requestHead('POST', '/products', {
        authorization: sellerAuthorization, 'content-type': 'application/json', 'content-length': 1_000_000,
      })}{"name":"${'x'.repeat(100_000)}`,
      waitForClose: true,
      deadlineMs: deadlineAfter(LIMITS.requestMs),
    });
    expect({ status: answer.status, end: answer.end }).toEqual({ status: 413, end: 'closed' });
    expect(answer.ms).toBeLessThanOrEqual(Math.max(LIMITS.requestMs, LIMITS.idleSocketMs) + SLACK_MS);
  });
});

it('the listening server carries the configured limits', () => {
  const server = t.app.server;
  expect({
    requestTimeout: server.requestTimeout, headersTimeout: server.headersTimeout,
    keepAliveTimeout: server.keepAliveTimeout, idle: server.timeout,
  }).toEqual({
    requestTimeout: LIMITS.requestMs, headersTimeout: LIMITS.headersMs,
    keepAliveTimeout: LIMITS.keepAliveMs, idle: LIMITS.idleSocketMs,
  });
});

it('a request within the limits is served as usual', async () => {
  const answer = await rawExchange(port, { send: requestHead('GET', '/bookCatagories'), deadlineMs: 5_000 });
  expect(answer).toMatchObject({ end: 'answered', status: 200 });
  expect(JSON.parse(answer.body)).toHaveLength(5);
});
