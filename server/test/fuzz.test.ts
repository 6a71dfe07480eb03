import type { AddressInfo } from 'node:net';
import type { TimeLimits } from '../src/config';
import { fuzzCases, rawRequest, unfinished, type FuzzCase, type FuzzCast } from './fuzzCases';
import { seededRandom } from './fuzzInputs';
import { addProduct, buildTestApp, signUpCast, type TestApp } from './helper';
import { rawExchange, type RawAnswer } from './rawHttp';
import { tableDigests } from './tableDigests';

/**
 * Replays malformed requests of every class the API has been caught on (broken multipart, control
 * characters in bodies, queries and paths, odd amounts, odd methods, unfinished bodies and headers)
 * against a listening server, over raw sockets. The seed fixes the requests, so a failure replays.
 */
const SEED = 0x5eed_b00c;
const FAST_CASES = 1500;
const SLOW_CASES = 24;
const CONCURRENCY = 8;
// The idle limit is longer than the request limit here, so unfinished bodies are answered 408.
const LIMITS: TimeLimits = { requestMs: 2000, headersMs: 1500, keepAliveMs: 1000, idleSocketMs: 3000 };
/** Room for a busy machine on top of the request limit. */
const SLACK_MS = 2500;

let t: TestApp;
let port: number;
let cast: FuzzCast;
let sellerHeaders: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp({ timeouts: LIMITS });
  const actors = await signUpCast(t.app);
  sellerHeaders = actors.seller.headers;
  cast = {
    authorization: { buyer: actors.buyer.headers.authorization, seller: sellerHeaders.authorization, admin: actors.admin.headers.authorization },
    sellerEmail: actors.seller.email,
    sellerBookId: await addProduct(t.app, actors.seller),
  };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** What is wrong with one answer, if anything. */
function problemWith(answer: RawAnswer): string | undefined {
  if (answer.end === 'deadline') return `neither answered nor closed within ${LIMITS.requestMs + SLACK_MS} ms`;
  if (answer.status === undefined) return undefined; // closed without an answer (CONNECT, cut-off sockets)
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status >= 400) {
    try {
      const body: unknown = JSON.parse(answer.body);
      const hasMessage = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string';
      if (!hasMessage) return `answered ${answer.status} without a message: ${answer.body.slice(0, 200)}`;
    } catch {
      return `answered ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
    }
  }
  return undefined;
}

/** Sends every case, `CONCURRENCY` at a time, and answers them in order. */
async function replay(cases: FuzzCase[], concurrency: number): Promise<RawAnswer[]> {
  const answers: RawAnswer[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < cases.length; index = next++) {
      answers[index] = await rawExchange(port, { send: cases[index].bytes, deadlineMs: LIMITS.requestMs + SLACK_MS });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

it('answers every malformed request with a 4xx JSON message or closes it in time, and changes no data', async () => {
  const before = await tableDigests(t.testDb.db);
  const fast = fuzzCases(SEED, FAST_CASES, cast);
  const slowRandom = seededRandom(SEED + 1);
  const slow = Array.from({ length: SLOW_CASES }, () => unfinished(slowRandom, cast));

  const [fastAnswers, slowAnswers] = await Promise.all([replay(fast, CONCURRENCY), replay(slow, SLOW_CASES)]);

  const problems = [...fast, ...slow]
    .map((sent, index) => ({ sent, answer: [...fastAnswers, ...slowAnswers][index] }))
    .flatMap(({ sent, answer }) => {
      const problem = problemWith(answer);
      return problem ? [`${sent.label}: ${problem}`] : [];
    });
  expect(problems.slice(0, 30)).toEqual([]);

  // The requests reached the server: nearly all got an answer (CONNECT is closed unanswered).
  const answered = fastAnswers.filter((answer) => answer.status !== undefined).length;
  expect(answered).toBeGreaterThan(FAST_CASES * 0.9);
  expect(await tableDigests(t.testDb.db)).toEqual(before);

  // And it keeps serving, signed in or not.
  expect((await fetch(`http://127.0.0.1:${port}/bookCatagories`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/products`, { headers: sellerHeaders })).status).toBe(200);
}, 90_000);

describe('odd methods, one of each', () => {
  it.each([
    ['CONNECT 127.0.0.1:80', 'closed'], // no tunnels here: the connection is closed unanswered
    ['TRACE /bookCatagories', 404],
    ['PROPFIND /products', 404],
    ['FOO /bookCatagories', 400],
    ['get /bookCatagories', 400],
    ['OPTIONS /products', 204], // a bare OPTIONS, without Origin: answered like a preflight
  ] as const)('%s → %s', async (requestLine, expected) => {
    const [method, target] = requestLine.split(' ');
    const answer = await rawExchange(port, { send: rawRequest(method, target, {}), deadlineMs: 5_000 });
    expect(answer.end).not.toBe('deadline');
    expect(answer.status ?? 'closed').toBe(expected);
    expect(problemWith(answer)).toBeUndefined();
  });
});
