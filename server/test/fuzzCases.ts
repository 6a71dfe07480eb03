import { brokenMultipartCases, UPLOAD_URL, wellFormed } from './brokenMultipart';
import { bodyCases } from './fuzzBodies';
import { framingCases } from './fuzzFraming';
import {
  BAD_AMOUNTS, CONTROL_CHARACTERS, ENCODED_CONTROLS, insertAt, ODD_SEGMENTS, seededRandom, type Random,
} from './fuzzInputs';
import { pathCases } from './fuzzPaths';
import {
  json, rawRequest, rightfulAuthorization, someAuthorization, withRawField, writeTargets, type FuzzCase, type FuzzCast,
} from './fuzzRequest';
import { tokenCases } from './fuzzTokens';
import { uploadCases } from './fuzzUploads';

export { rawRequest, type FuzzCase, type FuzzCast } from './fuzzRequest';

/** The routes, with `:x` where a path parameter goes; PUT and DELETE ones always get an odd one. */
const ROUTES = [
  ['GET', '/bookCatagories'], ['GET', '/bookCatagoriesId'], ['GET', '/bookCatagoriesId/:x'], ['GET', '/jwt?email=:x'],
  ['GET', '/users/admin/:x'], ['GET', '/users/seller/:x'], ['GET', '/bookings?email=:x'], ['GET', '/bookings/:x'],
  ['DELETE', '/bookings/:x'], ['GET', '/products'], ['DELETE', '/products/:x'], ['GET', '/mybuyers'], ['GET', '/seller'],
  ['GET', '/buyer'], ['PUT', '/users/seller/:x'], ['PUT', '/users/admin/:x'], ['DELETE', '/users/admin/:x'],
  ['GET', '/image-host/i/:x'], ['POST', '/image-host/1/upload?key=:x'], ['GET', '/no/such/route/:x'],
  ['POST', '/bookings/:x/transitions'], ['GET', '/admin/disputes?cursor=:x'], ['GET', '/notifications?cursor=:x'],
  ['POST', '/notifications/:x/read'], ['GET', '/earnings/entries?cursor=:x'],
  ['GET', '/threads?cursor=:x'], ['GET', '/threads/:x'], ['GET', '/threads/:x/messages'], ['POST', '/threads/:x/messages'],
  ['POST', '/threads/:x/read'], ['POST', '/books/:x/questions'], ['POST', '/blocks/:x'], ['DELETE', '/blocks/:x'],
  ['POST', '/reports'], ['GET', '/admin/reports?cursor=:x'], ['POST', '/admin/reports/:x/actions'],
  ['POST', '/admin/users/:x/reinstate'], ['GET', '/users/:x/reviews'], ['POST', '/bookings/:x/reviews'],
  ['GET', '/bundles/:x'], ['PUT', '/bundles/:x/books/ffffffffffffffffffffffff'], ['DELETE', '/bundles/ffffffffffffffffffffffff/books/:x'],
  ['POST', '/bundles/:x/checkout'], ['GET', '/shop-policy/:x'], ['GET', '/offers?role=:x'], ['GET', '/offers/:x'],
  ['POST', '/offers/:x/accept'], ['POST', '/offers/:x/decline'], ['POST', '/offers/:x/counter'],
  ['GET', '/insight/seller?days=:x'], ['GET', '/insight/seller.csv?table=:x'], ['GET', '/insight/seller/books?sort=:x'],
  ['GET', '/insight/seller/books?cursor=:x'], ['GET', '/insight/admin?days=:x'], ['GET', '/users/:x/reliability'],
  ['GET', '/seller.csv?sort=:x'], ['GET', '/admin/orders.csv?state=:x'], ['GET', '/admin/reports.csv?reason=:x'],
] as const;

const ODD_METHODS = ['TRACE', 'PROPFIND', 'FOO', 'get', 'post', 'delete', 'PATCH', 'OPTIONS', 'SEARCH', 'M-SEARCH', 'PURGE', 'MKCOL'] as const;

function controlInJson(random: Random, cast: FuzzCast): FuzzCase {
  const target = random.pick(writeTargets(cast));
  const field = random.pick(target.fields);
  const base: Record<string, unknown> = { ...target.body };
  const poisoned = insertAt(random, String(base[field] ?? 'x'), random.pick(CONTROL_CHARACTERS));
  const nested = random.chance(0.2);
  const body = nested ? { ...base, extra: { list: [poisoned] } } : { ...base, [field]: poisoned };
  const headers = { ...(random.chance(0.75) ? rightfulAuthorization(target.url, cast) : someAuthorization(random, cast)), 'content-type': 'application/json' };
  const label = `control character in ${target.url} ${nested ? 'extra' : field}`;
  return { kind: 'control characters', label, bytes: rawRequest('POST', target.url, headers, json(body)), expect: 'refused' };
}

const isAmount = (field: string) => field.endsWith('price');

function oddAmount(random: Random, cast: FuzzCast): FuzzCase {
  if (random.chance(0.2)) {
    // The search's price bounds are amounts too, read from the query.
    const url = `/books/search?${random.pick(['minPrice', 'maxPrice'])}=${encodeURIComponent(random.pick(BAD_AMOUNTS))}`;
    return { kind: 'odd amounts', label: `GET ${url.slice(0, 60)}`, bytes: rawRequest('GET', url, {}), expect: 'refused', statuses: [400] };
  }
  const target = random.pick(writeTargets(cast).filter((candidate) => candidate.fields.some(isAmount)));
  const field = random.pick(target.fields.filter(isAmount));
  const amount = random.pick(BAD_AMOUNTS);
  const headers = { ...rightfulAuthorization(target.url, cast), 'content-type': 'application/json' };
  const bytes = rawRequest('POST', target.url, headers, withRawField(target.body, field, amount));
  return { kind: 'odd amounts', label: `${target.url} ${field}=${amount.slice(0, 20)}`, bytes, expect: 'refused' };
}

function oddUrl(random: Random, cast: FuzzCast): FuzzCase {
  const [method, template] = random.pick(ROUTES);
  const segment = random.chance(0.5) ? random.pick(ODD_SEGMENTS) : insertAt(random, 'a@x.y', random.pick(ENCODED_CONTROLS));
  let url = template.replace(':x', segment);
  if (random.chance(0.3)) url += `${url.includes('?') ? '&' : '?'}${random.pick(['x', 'email', '__proto__', 'constructor[prototype]', 'key'])}=${random.pick(ENCODED_CONTROLS)}`;
  if (random.chance(0.05)) url += '/'.concat('9'.repeat(20_000)); // past Node's header size limit: 431
  if (random.chance(0.05)) url = insertAt(random, url, random.pick(CONTROL_CHARACTERS)); // raw, not encoded
  // Some of these are valid requests (a list with an odd but harmless query parameter).
  return { kind: 'odd URLs', label: `${method} ${url.slice(0, 60)}`, bytes: rawRequest(method, url, someAuthorization(random, cast)), expect: 'answered' };
}

function oddMethod(random: Random, cast: FuzzCast): FuzzCase {
  const [, template] = random.pick(ROUTES);
  const url = template.replace(':x', random.pick(ODD_SEGMENTS));
  if (random.chance(0.1)) {
    const target = random.pick(['127.0.0.1:80', 'example.com:443', url]);
    // No tunnels here: the connection is closed unanswered.
    return { kind: 'odd methods', label: `CONNECT ${target}`, bytes: rawRequest('CONNECT', target, someAuthorization(random, cast)), expect: 'refused or closed' };
  }
  const method = random.pick(ODD_METHODS);
  const body = random.chance(0.3) ? json({ name: 'x' }) : undefined;
  const headers = { ...someAuthorization(random, cast), ...(body ? { 'content-type': 'application/json' } : {}) };
  // A bare OPTIONS is answered like a CORS preflight (204).
  return { kind: 'odd methods', label: `${method} ${url.slice(0, 60)}`, bytes: rawRequest(method, url, headers, body), expect: 'answered' };
}

/** Uploads need a seller: the broken bodies come with one, so they reach the multipart parser. */
function brokenMultipart(random: Random, cast: FuzzCast): FuzzCase {
  const known = brokenMultipartCases();
  const seller = { authorization: cast.authorization.seller };
  if (random.chance(0.4)) {
    const broken = random.pick(known);
    const bytes = rawRequest('POST', UPLOAD_URL, { ...seller, 'content-type': broken.contentType }, broken.body);
    return { kind: 'broken multipart', label: `multipart: ${broken.label}`, bytes, expect: 'refused', statuses: [broken.status] };
  }
  // A well-formed upload cut short, or with bytes overwritten, or under a mangled boundary.
  const body = Buffer.from(wellFormed());
  const mangle = random.pick(['cut', 'overwrite', 'boundary'] as const);
  if (mangle === 'overwrite') for (let i = 0; i < 1 + random.int(4); i += 1) body[random.int(body.length)] = random.int(256);
  const sent = mangle === 'cut' ? body.subarray(0, random.int(body.length - 8)) : body;
  const boundary = mangle === 'boundary' ? random.pick(['', '"', 'x'.repeat(400), 'a b', 'book-resale-boundar']) : 'book-resale-boundary';
  const headers = { ...seller, 'content-type': `multipart/form-data; boundary=${boundary}` };
  return { kind: 'broken multipart', label: `multipart: ${mangle}`, bytes: rawRequest('POST', UPLOAD_URL, headers, sent), expect: 'refused' };
}

/** Announces more body than it sends, or never finishes its headers. */
export function unfinished(random: Random, cast: FuzzCast): FuzzCase {
  const url = random.pick(['/products', '/bookings', '/users', '/payment', UPLOAD_URL, '/bookCatagories']);
  if (random.chance(0.2)) {
    const bytes = Buffer.from(`POST ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ab`);
    return { kind: 'unfinished', label: `unfinished headers ${url}`, bytes, expect: 'refused or closed', slow: true };
  }
  const contentType = url === UPLOAD_URL ? 'multipart/form-data; boundary=book-resale-boundary' : 'application/json';
  const announced = 100 + random.int(50_000);
  const sent = (url === UPLOAD_URL ? wellFormed() : Buffer.from('{"name":"unfinished", "price": 12')).subarray(0, random.int(30));
  const authorization = url === UPLOAD_URL ? { authorization: cast.authorization.seller } : someAuthorization(random, cast);
  const headers = { ...authorization, 'content-type': contentType, 'content-length': announced };
  const label = `unfinished body ${url} (${sent.length} of ${announced} bytes)`;
  return { kind: 'unfinished', label, bytes: rawRequest('POST', url, headers, sent), expect: 'refused or closed', slow: true };
}

/**
 * `count` requests drawn from every class in turn, the same ones for the same seed. Made one at a
 * time as they are sent, so large bodies do not all sit in memory at once.
 */
export function* fuzzCases(seed: number, count: number, cast: FuzzCast): Generator<FuzzCase> {
  const random = seededRandom(seed);
  const classes = [controlInJson, oddAmount, oddUrl, oddMethod, brokenMultipart, ...pathCases, ...bodyCases, ...uploadCases, ...tokenCases, ...framingCases];
  for (let index = 0; index < count; index += 1) yield classes[index % classes.length](random, cast);
}
