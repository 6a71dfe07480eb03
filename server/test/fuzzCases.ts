import { brokenMultipartCases, UPLOAD_URL, wellFormed } from './brokenMultipart';
import { idTokenFor } from './fakes';
import {
  BAD_AMOUNTS, CONTROL_CHARACTERS, ENCODED_CONTROLS, insertAt, ODD_SEGMENTS, seededRandom, type Random,
} from './fuzzInputs';

/** One raw request. A `slow` one sends less than it announces, so the server has to cut it off. */
export interface FuzzCase {
  label: string;
  bytes: Buffer;
  slow?: boolean;
}

/** Who the requests can be sent as, and the seller's own book (a booking of it is always refused). */
export interface FuzzCast {
  authorization: { buyer: string; seller: string; admin: string };
  sellerEmail: string;
  sellerBookId: string;
}

const UNKNOWN_ID = 'f'.repeat(24);

export function rawRequest(method: string, url: string, headers: Record<string, string | number>, body?: Buffer | string): Buffer {
  const all: Record<string, string | number> = { host: '127.0.0.1', ...headers };
  if (body !== undefined && all['content-length'] === undefined) all['content-length'] = Buffer.byteLength(body);
  const head = [`${method} ${url} HTTP/1.1`, ...Object.entries(all).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')]);
}

const json = (value: object) => JSON.stringify(value);
/** JSON with one field's raw JSON text in place (so `1e400` reaches the server as typed). */
const withRawField = (value: object, field: string, rawJson: string) =>
  JSON.stringify({ ...value, [field]: '__RAW__' }).replace('"__RAW__"', rawJson);

function someAuthorization(random: Random, cast: FuzzCast): Record<string, string> {
  const choice = random.pick(['none', 'buyer', 'seller', 'admin', 'id-token', 'garbage'] as const);
  if (choice === 'none') return {};
  if (choice === 'id-token') return { authorization: `Bearer ${idTokenFor('fuzz@test.dev')}` };
  if (choice === 'garbage') return { authorization: 'bearer x.y.z' };
  return { authorization: cast.authorization[choice] };
}

/** The caller a write route expects, so a request gets past authentication to its body. */
function rightfulAuthorization(url: string, cast: FuzzCast): Record<string, string> {
  if (url === '/users') return { authorization: `Bearer ${idTokenFor('fuzz@test.dev')}` };
  // The seller booking their own book: refused after validation, whatever the body says.
  if (url === '/products' || url === '/bookings') return { authorization: cast.authorization.seller };
  return { authorization: cast.authorization.buyer };
}

/** Bodies of the routes that write, each with a place to poison; none of them may be stored. */
function writeTargets(cast: FuzzCast) {
  const product = {
    name: 'Fuzz', price: 12.5, phone: '1', location: 'L', condition: 'Good', description: 'Fine',
    image: 'https://images.example/x.png', category: 'fiction', orginal_price: 20, uses: '1 year',
  };
  return [
    { url: '/products', body: product, texts: ['name', 'phone', 'location', 'condition', 'description', 'image', 'uses'], amounts: ['price', 'orginal_price'] },
    { url: '/bookings', body: { bookId: cast.sellerBookId, email: cast.sellerEmail, cusTomername: 'C', location: 'L', phone: '1', bookName: 'B' }, texts: ['cusTomername', 'location', 'phone', 'bookName', 'email'], amounts: ['resale_price'] },
    { url: '/create-payment-intent', body: { bookingId: UNKNOWN_ID }, texts: ['bookingId'], amounts: ['resale_price'] },
    { url: '/payment', body: { bookingId: UNKNOWN_ID, transactionId: 'pi_fuzz' }, texts: ['transactionId', 'email'], amounts: ['resale_price'] },
    { url: '/users', body: { name: 'Fuzz', email: 'fuzz@test.dev', role: 'Buyer' }, texts: ['name', 'email'], amounts: [] },
  ] as const;
}

/** The routes, with `:x` where a path parameter goes; PUT and DELETE ones always get an odd one. */
const ROUTES = [
  ['GET', '/bookCatagories'], ['GET', '/bookCatagoriesId'], ['GET', '/bookCatagoriesId/:x'], ['GET', '/jwt?email=:x'],
  ['GET', '/users/admin/:x'], ['GET', '/users/seller/:x'], ['GET', '/bookings?email=:x'], ['GET', '/bookings/:x'],
  ['DELETE', '/bookings/:x'], ['GET', '/products'], ['DELETE', '/products/:x'], ['GET', '/mybuyers'], ['GET', '/seller'],
  ['GET', '/buyer'], ['PUT', '/users/seller/:x'], ['PUT', '/users/admin/:x'], ['DELETE', '/users/admin/:x'],
  ['GET', '/image-host/i/:x'], ['POST', '/image-host/1/upload?key=:x'], ['GET', '/no/such/route/:x'],
] as const;

const ODD_METHODS = ['TRACE', 'PROPFIND', 'FOO', 'get', 'post', 'delete', 'PATCH', 'OPTIONS', 'SEARCH', 'M-SEARCH', 'PURGE', 'MKCOL'] as const;

function controlInJson(random: Random, cast: FuzzCast): FuzzCase {
  const target = random.pick(writeTargets(cast));
  const field = random.pick(target.texts);
  const base: Record<string, unknown> = { ...target.body };
  const poisoned = insertAt(random, String(base[field] ?? 'x'), random.pick(CONTROL_CHARACTERS));
  const nested = random.chance(0.2);
  const body = nested ? { ...base, extra: { list: [poisoned] } } : { ...base, [field]: poisoned };
  const headers = { ...(random.chance(0.75) ? rightfulAuthorization(target.url, cast) : someAuthorization(random, cast)), 'content-type': 'application/json' };
  return { label: `control character in ${target.url} ${nested ? 'extra' : field}`, bytes: rawRequest('POST', target.url, headers, json(body)) };
}

function oddAmount(random: Random, cast: FuzzCast): FuzzCase {
  const target = random.pick(writeTargets(cast).filter((candidate) => candidate.amounts.length > 0));
  const field = random.pick(target.amounts);
  const amount = random.pick(BAD_AMOUNTS);
  const headers = { ...rightfulAuthorization(target.url, cast), 'content-type': 'application/json' };
  return { label: `${target.url} ${field}=${amount.slice(0, 20)}`, bytes: rawRequest('POST', target.url, headers, withRawField(target.body, field, amount)) };
}

function oddUrl(random: Random, cast: FuzzCast): FuzzCase {
  const [method, template] = random.pick(ROUTES);
  const segment = random.chance(0.5) ? random.pick(ODD_SEGMENTS) : insertAt(random, 'a@x.y', random.pick(ENCODED_CONTROLS));
  let url = template.replace(':x', segment);
  if (random.chance(0.3)) url += `${url.includes('?') ? '&' : '?'}${random.pick(['x', 'email', '__proto__', 'constructor[prototype]', 'key'])}=${random.pick(ENCODED_CONTROLS)}`;
  if (random.chance(0.05)) url += '/'.concat('9'.repeat(20_000)); // past Node's header size limit: 431
  if (random.chance(0.05)) url = insertAt(random, url, random.pick(CONTROL_CHARACTERS)); // raw, not encoded
  return { label: `${method} ${url.slice(0, 60)}`, bytes: rawRequest(method, url, someAuthorization(random, cast)) };
}

function oddMethod(random: Random, cast: FuzzCast): FuzzCase {
  const [, template] = random.pick(ROUTES);
  const url = template.replace(':x', random.pick(ODD_SEGMENTS));
  if (random.chance(0.1)) {
    const target = random.pick(['127.0.0.1:80', 'example.com:443', url]);
    return { label: `CONNECT ${target}`, bytes: rawRequest('CONNECT', target, someAuthorization(random, cast)) };
  }
  const method = random.pick(ODD_METHODS);
  const body = random.chance(0.3) ? json({ name: 'x' }) : undefined;
  const headers = { ...someAuthorization(random, cast), ...(body ? { 'content-type': 'application/json' } : {}) };
  return { label: `${method} ${url.slice(0, 60)}`, bytes: rawRequest(method, url, headers, body) };
}

/** Uploads need a seller: the broken bodies come with one, so they reach the multipart parser. */
function brokenMultipart(random: Random, cast: FuzzCast): FuzzCase {
  const known = brokenMultipartCases();
  const seller = { authorization: cast.authorization.seller };
  if (random.chance(0.4)) {
    const broken = random.pick(known);
    return { label: `multipart: ${broken.label}`, bytes: rawRequest('POST', UPLOAD_URL, { ...seller, 'content-type': broken.contentType }, broken.body) };
  }
  // A well-formed upload cut short, or with bytes overwritten, or under a mangled boundary.
  const body = Buffer.from(wellFormed());
  const mangle = random.pick(['cut', 'overwrite', 'boundary'] as const);
  if (mangle === 'overwrite') for (let i = 0; i < 1 + random.int(4); i += 1) body[random.int(body.length)] = random.int(256);
  const sent = mangle === 'cut' ? body.subarray(0, random.int(body.length - 8)) : body;
  const boundary = mangle === 'boundary' ? random.pick(['', '"', 'x'.repeat(400), 'a b', 'book-resale-boundar']) : 'book-resale-boundary';
  const headers = { ...seller, 'content-type': `multipart/form-data; boundary=${boundary}` };
  return { label: `multipart: ${mangle}`, bytes: rawRequest('POST', UPLOAD_URL, headers, sent) };
}

/** Announces more body than it sends, or never finishes its headers. */
export function unfinished(random: Random, cast: FuzzCast): FuzzCase {
  const url = random.pick(['/products', '/bookings', '/users', '/payment', UPLOAD_URL, '/bookCatagories']);
  if (random.chance(0.2)) return { label: `unfinished headers ${url}`, bytes: Buffer.from(`POST ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ab`), slow: true };
  const contentType = url === UPLOAD_URL ? 'multipart/form-data; boundary=book-resale-boundary' : 'application/json';
  const announced = 100 + random.int(50_000);
  const sent = (url === UPLOAD_URL ? wellFormed() : Buffer.from('{"name":"unfinished", "price": 12')).subarray(0, random.int(30));
  const authorization = url === UPLOAD_URL ? { authorization: cast.authorization.seller } : someAuthorization(random, cast);
  const headers = { ...authorization, 'content-type': contentType, 'content-length': announced };
  return { label: `unfinished body ${url} (${sent.length} of ${announced} bytes)`, bytes: rawRequest('POST', url, headers, sent), slow: true };
}

/** `count` requests drawn from every class, the same ones for the same seed. */
export function fuzzCases(seed: number, count: number, cast: FuzzCast): FuzzCase[] {
  const random = seededRandom(seed);
  const classes = [controlInJson, oddAmount, oddUrl, oddMethod, brokenMultipart] as const;
  return Array.from({ length: count }, (_, index) => classes[index % classes.length](random, cast));
}
