import type { Random } from './fuzzInputs';
import { rawRequest, someAuthorization, type FuzzCase, type FuzzCast } from './fuzzRequest';

/** Where a path parameter or a file name goes: a traversal there must never reach a file. */
const PREFIXES = [
  '/image-host/i/', '/image-host/', '/books/', '/sellers/', '/bookCatagoriesId/', '/users/admin/', '/bookings/', '/', '//',
] as const;

/** `../` spelt every way a server has been fooled by: encoded, double-encoded, overlong UTF-8, backslashes, NUL. */
const TRAVERSALS = [
  '../../../../etc/passwd', '..%2f..%2f..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%2E%2E%2F%2E%2E%2Fpackage.json', '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
  '..%252f..%252f..%252fpackage.json', '%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd', '%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd',
  '%e0%80%ae%e0%80%ae/etc/passwd', '%f0%80%80%ae%f0%80%80%ae/etc/passwd', '..%c0%af..%c0%afetc%c0%afpasswd', '..%c1%9c..%c1%9cpackage.json',
  '..\\..\\..\\windows\\win.ini', '..%5c..%5c..%5cpackage.json', '....//....//etc/passwd', '..././..././etc/passwd',
  '.%2e/.%2e/etc/passwd', '%2e./%2e./package.json', '..;/..;/package.json', '../seed/images/category-fiction.svg',
  '../../migrations/001_initial.sql', '../../../package.json', '../../../.data/jwt-secret', '%ef%bc%8e%ef%bc%8e/%ef%bc%8e%ef%bc%8e/etc/passwd',
  '%uff0e%uff0e/%uff0e%uff0e/etc/passwd', 'category-fiction.svg/..', 'x/../category-fiction.svg', './category-fiction.svg',
  'category-fiction.svg%00.png', '..%00/..%00/etc/passwd', '%00../../etc/passwd', 'category-fiction.svg%2500',
  `${'..%2f'.repeat(60)}etc%2fpasswd`, '/etc/passwd', '%2fetc%2fpasswd', 'file:///etc/passwd', '....%2f....%2fetc%2fpasswd',
] as const;

/** What an answer must never show: a system file, the package, SQL, the secret's file. */
export const LEAKED_FILE_MARKERS = ['root:x:0', '"private": true', 'create table', '[extensions]', '"devDependencies"'] as const;

function traversal(random: Random, cast: FuzzCast): FuzzCase {
  const url = `${random.pick(PREFIXES)}${random.pick(TRAVERSALS)}`;
  const method = random.pick(['GET', 'GET', 'GET', 'DELETE', 'PUT'] as const);
  return { kind: 'path traversal', label: `${method} ${url.slice(0, 80)}`, bytes: rawRequest(method, url, someAuthorization(random, cast)), expect: 'refused' };
}

/** Routes that answer a visitor, with where an odd value goes. */
const PUBLIC_TEMPLATES = [
  '/bookCatagories?x=:x', '/books/search?q=:x', '/books/search?location=:x', '/books/search?condition=:x', '/books/:x',
  '/sellers/:x', '/image-host/i/:x', '/image-host/i/category-fiction.svg?w=:x', '/bookCatagoriesId/:x', '/users/admin/:x',
  '/:x', '/books/search?:x=1', '/books/search?q=dune&q=:x', '/books/search?sort=:x', '/books/search?limit=:x',
] as const;

/** Percent-encoding that is broken, overlong, surrogate, mixed, or raw bytes that are not ASCII. */
const ODD_ENCODINGS = [
  '%', '%%', '%zz', '%2', '%e2%82', '%e2%28%a1', '%c3%28', '%ed%a0%80', '%ed%bf%bf', '%f4%90%80%80', '%fe%ff', '%ff%fe%00',
  '%ef%bb%bf', '%c0%80', '%e0%80%80', '%c1%bf', '%2B%20+', '%u0041', '%%32%65', '\u00e9', '\u00ff\u00fe', '\u{1F4DA}', 'd\u00fcne',
  '%F0%9F%93%9A', 'a%2Fb', 'a%23b', 'a%3Fb=c', '%5B%5D', 'a[b]=c', 'a[]=1&a[]=2', '__proto__', 'constructor', 'prototype',
  '%5F%5Fproto%5F%5F', `${'%41'.repeat(3000)}`, '\u202e', 'A'.repeat(4000),
] as const;

function oddEncoding(random: Random, cast: FuzzCast): FuzzCase {
  const url = random.pick(PUBLIC_TEMPLATES).replace(':x', random.pick(ODD_ENCODINGS));
  // Raw bytes above 0x7f go out as they are (latin1), as a careless client would send them.
  return { kind: 'odd encodings', label: `GET ${url.slice(0, 80)}`, bytes: rawRequest('GET', url, someAuthorization(random, cast)), expect: 'answered' };
}

export const pathCases = [traversal, oddEncoding] as const;
