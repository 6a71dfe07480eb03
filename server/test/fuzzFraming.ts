import type { Random } from './fuzzInputs';
import { json, PRODUCT, NO_SUCH_CATEGORY, type Expectation, type FuzzCase, type FuzzCast } from './fuzzRequest';

/**
 * Requests whose HTTP framing is wrong or unusual: conflicting lengths, broken chunks, malformed
 * header lines, other versions and forms of the request target. RFC 9112 says which must be
 * refused (400); where it lets a server choose, any answer below 500 will do.
 */
interface Framing {
  label: string;
  head: (authorization: string, body: string) => string;
  body: string;
  expect: Expectation;
}

const product = json({ ...PRODUCT, category: NO_SUCH_CATEGORY });
const length = (body: string) => Buffer.byteLength(body);
const post = (lines: string[]) => `POST /products HTTP/1.1\r\nhost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n`;
const chunked = (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;

const FRAMINGS: Framing[] = [
  // Must be refused (RFC 9112 §6.3, §5.1, §3.2, §7.1).
  { label: 'two different content-lengths', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', `content-length: ${length(b)}`, `content-length: ${length(b) + 5}`]), body: product, expect: 'refused' },
  { label: 'content-length list of two values', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', `content-length: ${length(b)}, ${length(b) + 1}`]), body: product, expect: 'refused' },
  { label: 'negative content-length', head: (a) => post([`authorization: ${a}`, 'content-type: application/json', 'content-length: -1']), body: product, expect: 'refused' },
  { label: 'content-length that is not a number', head: (a) => post([`authorization: ${a}`, 'content-type: application/json', 'content-length: 1e3']), body: product, expect: 'refused' },
  { label: 'chunk size that is not hex', head: (a) => post([`authorization: ${a}`, 'content-type: application/json', 'transfer-encoding: chunked']), body: `zz\r\n${product}\r\n0\r\n\r\n`, expect: 'refused' },
  { label: 'chunk longer than its size', head: (a) => post([`authorization: ${a}`, 'content-type: application/json', 'transfer-encoding: chunked']), body: `2\r\n${product}\r\n0\r\n\r\n`, expect: 'refused' },
  { label: 'header line without a colon', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', 'x-broken header', `content-length: ${length(b)}`]), body: product, expect: 'refused' },
  { label: 'space before the colon', head: (a, b) => post([`authorization: ${a}`, 'content-type : application/json', `content-length: ${length(b)}`]), body: product, expect: 'refused' },
  { label: 'no host on HTTP/1.1', head: () => 'GET /bookCatagories HTTP/1.1\r\n\r\n', body: '', expect: 'refused' },
  { label: 'header name with a space', head: () => 'GET /bookCatagories HTTP/1.1\r\nhost: 127.0.0.1\r\nx bad: 1\r\n\r\n', body: '', expect: 'refused' },
  // A server may choose (reject, or read it one way and close).
  { label: 'request line with two spaces', head: () => 'GET  /bookCatagories HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n', body: '', expect: 'answered' },
  { label: 'content-length and chunked', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', `content-length: ${length(b)}`, 'transfer-encoding: chunked']), body: chunked(product), expect: 'answered' },
  { label: 'transfer-encoding gzip, chunked', head: (a) => post([`authorization: ${a}`, 'content-type: application/json', 'transfer-encoding: gzip, chunked']), body: chunked(product), expect: 'answered' },
  { label: 'transfer-encoding identity', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', 'transfer-encoding: identity', `content-length: ${length(b)}`]), body: product, expect: 'answered' },
  { label: 'Chunked in capitals', head: (a) => post([`authorization: ${a}`, 'content-type: application/json', 'transfer-encoding: CHUNKED']), body: chunked(product), expect: 'answered' },
  { label: 'folded header line', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', 'x-folded: one', ' two', `content-length: ${length(b)}`]), body: product, expect: 'answered' },
  { label: 'two host headers', head: () => 'GET /bookCatagories HTTP/1.1\r\nhost: 127.0.0.1\r\nhost: evil.example\r\n\r\n', body: '', expect: 'answered' },
  { label: 'bare LF line endings', head: () => 'GET /bookCatagories HTTP/1.1\nhost: 127.0.0.1\n\n', body: '', expect: 'answered' },
  { label: 'content-encoding gzip over plain JSON', head: (a, b) => post([`authorization: ${a}`, 'content-type: application/json', 'content-encoding: gzip', `content-length: ${length(b)}`]), body: product, expect: 'answered' },
  // Other versions and request-target forms.
  { label: 'HTTP/1.0', head: () => 'GET /bookCatagories HTTP/1.0\r\n\r\n', body: '', expect: 'answered' },
  { label: 'HTTP/0.9 style', head: () => 'GET /bookCatagories\r\n\r\n', body: '', expect: 'answered or closed' },
  { label: 'HTTP/2.0 in a text request line', head: () => 'GET /bookCatagories HTTP/2.0\r\nhost: 127.0.0.1\r\n\r\n', body: '', expect: 'answered or closed' },
  { label: 'HTTP/1.9', head: () => 'GET /bookCatagories HTTP/1.9\r\nhost: 127.0.0.1\r\n\r\n', body: '', expect: 'answered or closed' },
  { label: 'HTTP/2 preface', head: () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', body: '', expect: 'refused or closed' },
  { label: 'absolute-form target', head: () => 'GET http://127.0.0.1/bookCatagories HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n', body: '', expect: 'answered' },
  { label: 'absolute-form target of another host', head: () => 'GET http://evil.example/products HTTP/1.1\r\nhost: evil.example\r\n\r\n', body: '', expect: 'answered' },
  { label: 'asterisk-form target for GET', head: () => 'GET * HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n', body: '', expect: 'answered' },
  { label: 'method of 300 letters', head: () => `${'A'.repeat(300)} / HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`, body: '', expect: 'refused or closed' },
  { label: 'binary instead of a request', head: () => '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003', body: '', expect: 'refused or closed' },
];

function oddFraming(random: Random, cast: FuzzCast): FuzzCase {
  const framing = random.pick(FRAMINGS);
  const bytes = Buffer.from(`${framing.head(cast.authorization.seller, framing.body)}${framing.body}`, 'latin1');
  return { kind: 'HTTP framing', label: framing.label, bytes, expect: framing.expect };
}

export const framingCases = [oddFraming] as const;
