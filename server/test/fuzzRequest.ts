import { idTokenFor } from './fakes';
import type { Random } from './fuzzInputs';

/**
 * What a fuzz request may be answered with. Every 4xx must carry a JSON `{ message }`, no case may
 * be answered 5xx, and each must end within the time limits.
 * - `refused`: a 4xx (with `statuses`, one of those).
 * - `answered`: any status below 500; some of these requests are valid.
 * - `refused or closed`: a 4xx, or the connection closed unanswered (no tunnels; bodies cut off).
 * - `answered or closed`: any status below 500, or the connection closed unanswered.
 */
export type Expectation = 'refused' | 'answered' | 'refused or closed' | 'answered or closed';

/** One raw request. A `slow` one sends less than it announces, so the server has to cut it off. */
export interface FuzzCase {
  /** The class of malformed input, for the summary and the per-class checks. */
  kind: string;
  label: string;
  /** The request's bytes; several buffers are written one after the other (a large body shared by cases). */
  bytes: Buffer | readonly Buffer[];
  expect: Expectation;
  statuses?: readonly number[];
  slow?: boolean;
}

/** Who the requests can be sent as, and the seller's own book (a booking of it is always refused). */
export interface FuzzCast {
  authorization: { buyer: string; seller: string; admin: string };
  buyerEmail: string;
  sellerEmail: string;
  sellerBookId: string;
  /** Authorization headers no protected route may accept: junk, expired, forged, `alg: none`. */
  badTokens: ReadonlyArray<{ label: string; authorization: string }>;
}

export const UNKNOWN_ID = 'f'.repeat(24);
/** A well-formed category nobody created: a product naming it is refused after validation. */
export const NO_SUCH_CATEGORY = 'fuzz-nowhere';

export function rawHead(method: string, url: string, headers: Record<string, string | number>): Buffer {
  const head = [`${method} ${url} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n`, 'latin1');
}

export function rawRequest(method: string, url: string, headers: Record<string, string | number>, body?: Buffer | string): Buffer {
  const all: Record<string, string | number> = { host: '127.0.0.1', ...headers };
  if (body !== undefined && all['content-length'] === undefined) all['content-length'] = Buffer.byteLength(body);
  return Buffer.concat([rawHead(method, url, all), Buffer.from(body ?? '')]);
}

export const json = (value: object) => JSON.stringify(value);
/** JSON with one field's raw JSON text in place (so `1e400` reaches the server as typed). */
export const withRawField = (value: object, field: string, rawJson: string) =>
  JSON.stringify({ ...value, [field]: '__RAW__' }).replace('"__RAW__"', () => rawJson);

export function someAuthorization(random: Random, cast: FuzzCast): Record<string, string> {
  const choice = random.pick(['none', 'buyer', 'seller', 'admin', 'id-token', 'garbage'] as const);
  if (choice === 'none') return {};
  if (choice === 'id-token') return { authorization: `Bearer ${idTokenFor('fuzz@test.dev')}` };
  if (choice === 'garbage') return { authorization: 'bearer x.y.z' };
  return { authorization: cast.authorization[choice] };
}

/**
 * The caller a write route expects, so a request gets past authentication to its body. Sign-up
 * comes as the buyer's own account: a repeat sign-up answers the record and changes nothing.
 */
export function rightfulAuthorization(url: string, cast: FuzzCast): Record<string, string> {
  if (url === '/users') return { authorization: `Bearer ${idTokenFor(cast.buyerEmail)}` };
  // The seller booking their own book: refused after validation, whatever the body says.
  if (url === '/products' || url === '/bookings') return { authorization: cast.authorization.seller };
  return { authorization: cast.authorization.buyer };
}

export const PRODUCT = {
  name: 'Fuzz', price: 12.5, phone: '1', location: 'L', condition: 'Good', description: 'Fine',
  image: 'https://images.example/x.png', category: 'fiction', orginal_price: 20, uses: '1 year',
};

/**
 * The JSON bodies of the spec's POST routes, each as a request the API refuses after validation
 * (or, for sign-up, answers without a change): a product in a category that does not exist, the
 * seller booking their own book, payments of a booking that does not exist. `fields` lists every
 * field the spec or the API names for that body.
 */
export function writeTargets(cast: FuzzCast) {
  return [
    {
      url: '/products', body: { ...PRODUCT, category: NO_SUCH_CATEGORY }, refused: true,
      fields: ['name', 'price', 'phone', 'location', 'condition', 'description', 'image', 'category', 'orginal_price', 'uses', 'author', 'isbn'],
    },
    {
      url: '/bookings', body: { bookId: cast.sellerBookId, email: cast.sellerEmail, cusTomername: 'C', location: 'L', phone: '1', bookName: 'B' },
      refused: true, fields: ['bookId', 'bookName', 'cusTomername', 'email', 'location', 'phone', 'resale_price'],
    },
    { url: '/create-payment-intent', body: { bookingId: UNKNOWN_ID }, refused: true, fields: ['bookingId', 'resale_price'] },
    {
      url: '/payment', body: { bookingId: UNKNOWN_ID, transactionId: 'pi_fuzz', email: cast.buyerEmail }, refused: true,
      fields: ['bookingId', 'transactionId', 'email', 'resale_price'],
    },
    { url: '/users', body: { name: 'Fuzz', email: cast.buyerEmail, role: 'Buyer' }, refused: false, fields: ['name', 'email', 'role'] },
    // A move of an order that does not exist.
    {
      url: `/bookings/${UNKNOWN_ID}/transitions`, body: { to: 'shipped', carrier: 'C', tracking: 'T', reason: 'R' }, refused: true,
      fields: ['to', 'code', 'carrier', 'tracking', 'reason'],
    },
    // A forged unsubscribe link.
    { url: '/notifications/unsubscribe', body: { token: 'forged.token' }, refused: true, fields: ['token'] },
  ] as const;
}

/** Routes that need an access token, with a request each that the right caller could make. */
export function protectedRoutes(cast: FuzzCast): ReadonlyArray<{ method: string; url: string; body?: object }> {
  return [
    { method: 'GET', url: '/bookCatagoriesId' }, { method: 'GET', url: '/bookCatagoriesId/fiction' },
    { method: 'GET', url: `/users/admin/${cast.buyerEmail}` }, { method: 'GET', url: `/users/seller/${cast.buyerEmail}` },
    { method: 'GET', url: `/bookings?email=${cast.buyerEmail}` }, { method: 'GET', url: `/bookings/${UNKNOWN_ID}` },
    { method: 'POST', url: '/bookings', body: { bookId: cast.sellerBookId, email: cast.buyerEmail } },
    { method: 'DELETE', url: `/bookings/${UNKNOWN_ID}` },
    { method: 'POST', url: '/create-payment-intent', body: { bookingId: UNKNOWN_ID } },
    { method: 'POST', url: '/payment', body: { bookingId: UNKNOWN_ID, transactionId: 'pi_fuzz' } },
    { method: 'GET', url: '/products' }, { method: 'POST', url: '/products', body: PRODUCT },
    { method: 'DELETE', url: `/products/${cast.sellerBookId}` }, { method: 'GET', url: '/mybuyers' },
    { method: 'GET', url: '/seller' }, { method: 'GET', url: '/buyer' },
    { method: 'PUT', url: `/users/seller/${UNKNOWN_ID}` }, { method: 'PUT', url: `/users/admin/${UNKNOWN_ID}` },
    { method: 'DELETE', url: `/users/admin/${UNKNOWN_ID}` },
    { method: 'POST', url: '/image-host/1/upload?key=book-resale-local', body: {} },
    { method: 'POST', url: `/bookings/${UNKNOWN_ID}/transitions`, body: { to: 'ready' } },
    { method: 'GET', url: '/admin/disputes' }, { method: 'GET', url: '/notifications' },
    { method: 'POST', url: '/notifications/1/read' }, { method: 'POST', url: '/notifications/read-all' },
    { method: 'GET', url: '/notification-settings' }, { method: 'PUT', url: '/notification-settings', body: { email: { paid: false } } },
    { method: 'GET', url: '/events' }, { method: 'GET', url: '/earnings' }, { method: 'GET', url: '/earnings/entries' },
    { method: 'GET', url: '/insight/seller' }, { method: 'GET', url: '/insight/seller/books' }, { method: 'GET', url: '/insight/admin' },
  ];
}
