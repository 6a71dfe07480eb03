import { Writable } from 'node:stream';
import { formatAccessLine } from '../src/lib/accessLine';
import { RequestLog, safeLoggerOptions } from '../src/lib/logging';
import { buildTestApp, signUp, type TestApp } from './helper';

/** A stream that keeps every line written to it. */
function lineSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** The parts of a line that differ from one app to the other: when, and the per-app request id. */
const comparable = (line: string) =>
  line
    .replace(/"time":\d+/, '"time":0')
    .replace(/"reqId":"[^"]*"/, '"reqId":"?"')
    .replace(/"responseTime":[^,}]+/, '"responseTime":0');

const REQUESTS: { url: string; method?: 'GET' | 'HEAD' | 'OPTIONS'; headers?: Record<string, string> }[] = [
  { url: '/bookCatagories' },
  { url: '/bookCatagories', method: 'HEAD' },
  { url: '/bookCatagories', headers: { 'if-none-match': '*' } },
  { url: '/bookCatagories', method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'GET' } },
  { url: '/bookCatagoriesId/fiction' },
  { url: '/books/search?limit=2&cursor=x' },
  { url: '/users/admin/someone%40example.com' },
  { url: '/no/such/route/"quoted"/\\/caf%C3%A9?email=a%40b.c&key=secret' },
  { url: '/no/such/route/ü/日本' },
];

describe('the access line written by hand', () => {
  let byHand: TestApp;
  let byPino: TestApp;
  const handLines = lineSink();
  const pinoLines = lineSink();

  beforeAll(async () => {
    byHand = await buildTestApp({}, { logger: { level: 'info', stream: handLines.stream } });
    // `messageKey: 'msg'` is pino's default: the same lines, but an option the hand-built line does not follow.
    byPino = await buildTestApp({}, { logger: { level: 'info', stream: pinoLines.stream, messageKey: 'msg' } });
    for (const t of [byHand, byPino]) {
      const buyer = await signUp(t.app, 'access-line-buyer@test.dev');
      for (const request of REQUESTS) await t.app.inject({ method: request.method ?? 'GET', url: request.url, headers: request.headers });
      await t.app.inject({ url: '/bookCatagoriesId/fiction', headers: buyer.headers });
    }
  });
  afterAll(async () => {
    await byHand.close();
    await byPino.close();
  });

  it('is used with the API’s own options, and not with options it does not follow', () => {
    expect(new RequestLog(safeLoggerOptions({ level: 'info' })).writesAccessLineByHand).toBe(true);
    expect(new RequestLog(safeLoggerOptions({ level: 'info', stream: handLines.stream })).writesAccessLineByHand).toBe(true);
    expect(new RequestLog(safeLoggerOptions({ level: 'info', messageKey: 'msg' })).writesAccessLineByHand).toBe(false);
    expect(new RequestLog(safeLoggerOptions({ level: 'info', base: null })).writesAccessLineByHand).toBe(false);
    expect(new RequestLog(safeLoggerOptions({ level: 'info', serializers: { responseTime: String } })).writesAccessLineByHand).toBe(false);
    expect(new RequestLog(safeLoggerOptions(false)).writesAccessLineByHand).toBe(false);
  });

  it('writes, request for request, the bytes pino writes', () => {
    const completed = (lines: string[]) => lines.filter((line) => line.includes('"msg":"request completed"'));
    const hand = completed(handLines.lines);
    const viaPino = completed(pinoLines.lines);
    // The sign-up's requests, the list above and the signed-in page.
    expect(hand.length).toBeGreaterThanOrEqual(REQUESTS.length + 1);
    expect(hand.map(comparable)).toEqual(viaPino.map(comparable));
    // What each request above was answered: a list, a HEAD, a 304, a preflight, a 401, a 400, 404s.
    const statuses = new Set(hand.map((line) => (JSON.parse(line) as { res: { statusCode: number } }).res.statusCode));
    for (const status of [200, 204, 304, 400, 401, 404]) expect(statuses).toContain(status);
    for (const line of hand) {
      const parsed = JSON.parse(line) as { level: number; pid: number; reqId: string; res: { statusCode: number } };
      expect(parsed).toMatchObject({ level: 30, pid: process.pid, reqId: expect.stringMatching(/\S/) as unknown });
    }
    // The same statuses on both sides, and both kinds of route: matched and unknown.
    expect(hand.some((line) => line.includes('"route":"/bookCatagories"'))).toBe(true);
    expect(hand.some((line) => line.includes('"statusCode":404') && !line.includes('"route"'))).toBe(true);
  });

  it('keeps keys and emails out, as every other line', () => {
    const log = handLines.lines.join('\n');
    expect(log).not.toContain('secret');
    expect(log).not.toMatch(/someone(@|%40)example/);
    expect(log).not.toContain('access-line-buyer');
  });

  it('quotes what it writes as JSON, and writes null for a time that is not a number', () => {
    const line = formatAccessLine(
      {
        requestIdLabel: 'reqId',
        requestId: 'req-"1"',
        statusCode: 200,
        method: 'GET',
        url: '/a"b\\c\u0001',
        route: undefined,
        remoteAddress: undefined,
        responseTime: Number.NaN,
      },
      1,
    );
    expect(JSON.parse(line)).toEqual({
      level: 30,
      time: 1,
      pid: process.pid,
      hostname: expect.any(String) as unknown,
      reqId: 'req-"1"',
      res: { statusCode: 200, method: 'GET', url: '/a"b\\c\u0001' },
      responseTime: null,
      msg: 'request completed',
    });
    expect(line.endsWith('}\n')).toBe(true);
  });

  it('is not written when the request’s logger is above info', async () => {
    const sink = lineSink();
    const t = await buildTestApp({}, { logger: { level: 'warn', stream: sink.stream } });
    try {
      await t.app.inject({ url: '/bookCatagories' });
      expect(sink.lines.filter((line) => line.includes('request completed'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
