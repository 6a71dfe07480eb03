import type { Random } from './fuzzInputs';
import {
  json, rawHead, rawRequest, rightfulAuthorization, UNKNOWN_ID, withRawField, writeTargets, type FuzzCase, type FuzzCast,
} from './fuzzRequest';

const JSON_TYPE = { 'content-type': 'application/json' };
const targetOf = (random: Random, cast: FuzzCast) => random.pick(writeTargets(cast));

/** Past the 64 KB JSON limit, announced or chunked: 413 once the caller is let in. */
function oversizedJson(random: Random, cast: FuzzCast): FuzzCase {
  const target = targetOf(random, cast);
  const size = random.pick([64 * 1024 + 1, 100_000, 1_000_000, 3_000_000]);
  const body = withRawField(target.body, random.pick(target.fields), JSON.stringify('x'.repeat(size)));
  const headers = { ...rightfulAuthorization(target.url, cast), ...JSON_TYPE };
  if (random.chance(0.3)) {
    const chunks = body.match(/[\s\S]{1,16384}/g) ?? [];
    const chunked = `${chunks.map((chunk) => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('')}0\r\n\r\n`;
    const bytes = Buffer.concat([rawHead('POST', target.url, { host: '127.0.0.1', ...headers, 'transfer-encoding': 'chunked' }), Buffer.from(chunked)]);
    return { kind: 'oversized JSON', label: `${target.url} chunked ${body.length} bytes`, bytes, expect: 'refused', statuses: [413] };
  }
  return { kind: 'oversized JSON', label: `${target.url} ${body.length} bytes`, bytes: rawRequest('POST', target.url, headers, body), expect: 'refused', statuses: [413] };
}

/** Arrays and objects nested thousands deep, as the body or inside a field, within the size limit. */
function deepJson(random: Random, cast: FuzzCast): FuzzCase {
  const target = targetOf(random, cast);
  const depth = random.pick([100, 1000, 5000, 10_000, 20_000]);
  const nested = random.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const unclosed = random.chance(0.2);
  const inner = unclosed ? nested.slice(0, nested.length / 2) : nested;
  const body = random.chance(0.5) ? inner : withRawField(target.body, random.pick(target.fields), inner);
  const headers = { ...rightfulAuthorization(target.url, cast), ...JSON_TYPE };
  return { kind: 'deep JSON', label: `${target.url} ${depth} deep${unclosed ? ', unclosed' : ''}`, bytes: rawRequest('POST', target.url, headers, body), expect: 'refused' };
}

const CONTENT_TYPES = [
  'text/plain', 'text/html', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/jsonx', 'application/json-patch+json', 'application/octet-stream',
  'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x', 'image/png', '*/*', '', ';',
  'application/json, text/plain', 'APPLICATION/JSON', ' application/json ', 'application/json;;;', 'application/json; boundary=x',
] as const;

/** The body under a type the route does not take, or a JSON type with a body that is not JSON. */
function wrongContentType(random: Random, cast: FuzzCast): FuzzCase {
  const target = random.pick(writeTargets(cast).filter((candidate) => candidate.refused));
  const contentType = random.pick(CONTENT_TYPES);
  const body = random.pick([json(target.body), 'name=Fuzz&price=12', '<product><name>x</name></product>', '\u00ff\u00fe{\u0000}', '']);
  const headers: Record<string, string> = { ...rightfulAuthorization(target.url, cast) };
  if (!random.chance(0.1)) headers['content-type'] = contentType;
  const bytes = rawRequest('POST', target.url, headers, body);
  return { kind: 'wrong content types', label: `${target.url} as ${headers['content-type'] ?? '(none)'}: ${body.slice(0, 20)}`, bytes, expect: 'refused' };
}

/** One header past Node's 16 KB limit, thousands of small ones, or a huge cookie. */
function hugeHeaders(random: Random, cast: FuzzCast): FuzzCase {
  const url = random.pick(['/bookCatagories', '/products', '/books/search?q=x', '/no/such/route']);
  const headers: Record<string, string> = { authorization: cast.authorization.seller };
  const shape = random.pick(['one', 'many', 'cookie', 'authorization'] as const);
  if (shape === 'one') headers['x-huge'] = 'h'.repeat(17_000 + random.int(100_000));
  if (shape === 'many') for (let index = 0; index < 1000 + random.int(3000); index += 1) headers[`x-h${index}`] = 'v'.repeat(16);
  if (shape === 'cookie') headers.cookie = `a=${'c'.repeat(20_000 + random.int(50_000))}`;
  if (shape === 'authorization') headers.authorization = `Bearer ${'t'.repeat(17_000 + random.int(20_000))}`;
  return { kind: 'huge headers', label: `GET ${url} with ${shape} huge`, bytes: rawRequest('GET', url, headers), expect: 'refused', statuses: [431] };
}

const PROTO_KEYS = [
  '"__proto__":{"role":"admin","isAdmin":true}', '"constructor":{"prototype":{"role":"admin"}}', '"__proto__":null',
  '"prototype":{"role":"admin"}', '"__proto__":[1]', '"constructor":{"prototype":null}', '"\\u005f_proto__":{"role":"admin"}',
] as const;

/** `__proto__`, `constructor` and `prototype` keys at the top of a body or nested in it. */
function protoKeys(random: Random, cast: FuzzCast): FuzzCase {
  const target = targetOf(random, cast);
  const key = random.pick(PROTO_KEYS);
  const body = json(target.body);
  const placed = random.pick([
    `{${key},${body.slice(1)}`,
    `${body.slice(0, -1)},"extra":{${key}}}`,
    `${body.slice(0, -1)},"list":[{${key}}]}`,
  ]);
  const headers = { ...rightfulAuthorization(target.url, cast), ...JSON_TYPE };
  // `prototype` alone is an ordinary (unknown) key: on sign-up it is dropped and the repeat answered.
  const expectation = key.startsWith('"prototype"') && !target.refused ? 'answered' : 'refused';
  return { kind: 'prototype keys', label: `${target.url} ${placed.slice(0, 60)}`, bytes: rawRequest('POST', target.url, headers, placed), expect: expectation };
}

const SQL_TEXTS = [
  "' or '1'='1", "'; drop table users; --", "1; delete from books", "' union select email, role from users --",
  "'||pg_sleep(5)||'", "1' and pg_sleep(5) is null --", "%' or 1=1 --", '\\', "\\'", '$1', '$$', "E'\\x00'", "') or ('a'='a",
  '"; --', '/**/', '%', '_', '*', "' || (select string_agg(email, ',') from users) || '", '1e400', 'NaN', 'null',
] as const;

/** SQL in every text the API reads: queries of the lists and search, path parameters, and bodies. */
function sqlStrings(random: Random, cast: FuzzCast): FuzzCase {
  const sql = random.pick(SQL_TEXTS);
  const encoded = encodeURIComponent(sql);
  if (random.chance(0.5)) {
    const reads: Array<[string, string]> = [
      [`/books/search?q=${encoded}`, ''], [`/books/search?location=${encoded}&condition=${encoded}`, ''],
      [`/seller?q=${encoded}`, cast.authorization.admin], [`/buyer?q=${encoded}&sort=name_asc`, cast.authorization.admin],
      [`/users/admin/${encoded}`, cast.authorization.admin], [`/bookings?email=${encoded}`, cast.authorization.buyer],
      [`/books/${encoded}`, ''], [`/bookCatagoriesId/${encoded}`, cast.authorization.buyer], [`/products?cursor=${encoded}`, cast.authorization.seller],
    ];
    const [url, authorization] = random.pick(reads);
    const bytes = rawRequest('GET', url, authorization ? { authorization } : {});
    return { kind: 'SQL strings', label: `GET ${url.slice(0, 80)}`, bytes, expect: 'answered' };
  }
  const target = targetOf(random, cast);
  const field = random.pick(target.fields);
  const body = { ...target.body, [field]: sql };
  const headers = { ...rightfulAuthorization(target.url, cast), ...JSON_TYPE };
  const bytes = rawRequest('POST', target.url, headers, json(body));
  return { kind: 'SQL strings', label: `${target.url} ${field}=${sql}`, bytes, expect: target.refused ? 'refused' : 'answered' };
}

const WRONG_TYPES = [
  '123', '-1', '0', '1.5', 'true', 'false', 'null', '[]', '{}', '["x"]', '[1,2]', '[[]]', '{"$ne":null}', '{"$gt":""}',
  '""', `"${'x'.repeat(5000)}"`, '1e400', '-1e400', '9007199254740993', '[null]', '{"0":"x"}',
] as const;

/** Every field of every POST body with a value of the wrong type, or the whole body not an object; PUT bodies too. */
function wrongTypes(random: Random, cast: FuzzCast): FuzzCase {
  if (random.chance(0.1)) {
    const url = random.pick([`/users/seller/${UNKNOWN_ID}`, `/users/admin/${UNKNOWN_ID}`]);
    const body = random.pick(WRONG_TYPES);
    const bytes = rawRequest('PUT', url, { authorization: cast.authorization.admin, ...JSON_TYPE }, body);
    return { kind: 'wrong types', label: `PUT ${url} ${body.slice(0, 20)}`, bytes, expect: 'refused', statuses: [404] };
  }
  const target = targetOf(random, cast);
  const headers = { ...rightfulAuthorization(target.url, cast), ...JSON_TYPE };
  if (random.chance(0.15)) {
    const body = random.pick(['[]', '"x"', '1', 'null', 'true', '[{}]', `[${json(target.body)}]`]);
    return { kind: 'wrong types', label: `${target.url} body ${body.slice(0, 20)}`, bytes: rawRequest('POST', target.url, headers, body), expect: 'refused', statuses: [400] };
  }
  const field = random.pick(target.fields);
  const value = random.pick(WRONG_TYPES);
  const bytes = rawRequest('POST', target.url, headers, withRawField(target.body, field, value));
  // Sign-up coerces some (["Fuzz"] is "Fuzz"), and then answers the existing record.
  return { kind: 'wrong types', label: `${target.url} ${field}=${value.slice(0, 20)}`, bytes, expect: target.refused ? 'refused' : 'answered' };
}

export const bodyCases = [oversizedJson, deepJson, wrongContentType, hugeHeaders, protoKeys, sqlStrings, wrongTypes] as const;
