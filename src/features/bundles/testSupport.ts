import { http, HttpResponse } from 'msw';
import { anOrder } from '../../testing/fixtures';
import { API, server } from '../../testing/server';
import type { DeliveryMethod, Order } from '../../types/entities';
import type { Bundle, BundleBook, ShopPolicy } from './types';

export interface BundleCall {
  method: string;
  /** The path and its query, e.g. `/bundles/s1?delivery=meetup`. */
  path: string;
  authorization: string | null;
  body?: unknown;
}

export const SELLER = { id: 's1', name: 'Sam Seller' };

export const aBook = (overrides: Partial<BundleBook> = {}): BundleBook => ({
  bookId: 'b1',
  name: 'Dune',
  price: 10,
  img: 'https://img.example/dune.jpg',
  shippingPrice: 4,
  meetup: true,
  ...overrides,
});

export const THREE_BOOKS = [
  aBook(),
  aBook({ bookId: 'b2', name: 'Emma', price: 9, shippingPrice: 3.5 }),
  aBook({ bookId: 'b3', name: 'Middlemarch', price: 8, shippingPrice: 3 }),
];

export const POLICY: ShopPolicy = { additionalShipping: 1.5, discounts: [{ minBooks: 3, percent: 10 }] };

const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * A bundle priced as the API prices it: the best discount its number of books reaches; for
 * shipping, the highest shipping price first and the policy's price for each other book (or each
 * book's own without one).
 */
export function priced(bundle: Omit<Bundle, 'subtotal' | 'discount' | 'discountPercent' | 'shipping' | 'total'>, delivery?: DeliveryMethod | null): Bundle {
  const { books, policy } = bundle;
  const deliveries: DeliveryMethod[] = [];
  if (books.length > 0 && books.every((book) => book.meetup)) deliveries.push('meetup');
  if (books.length > 0 && books.every((book) => book.shippingPrice !== null)) deliveries.push('shipping');
  const chosen = delivery ?? (deliveries.includes('shipping') ? 'shipping' : deliveries.includes('meetup') ? 'meetup' : null);
  const subtotal = cents(books.reduce((sum, book) => sum + book.price, 0));
  const discountPercent = Math.max(0, ...policy.discounts.filter((discount) => books.length >= discount.minBooks).map((discount) => discount.percent));
  const discount = cents((subtotal * discountPercent) / 100);
  const prices = books.map((book) => book.shippingPrice ?? 0).sort((a, b) => b - a);
  const shipping =
    chosen !== 'shipping' || prices.length === 0
      ? 0
      : cents(prices[0] + (policy.additionalShipping === null ? prices.slice(1).reduce((sum, price) => sum + price, 0) : policy.additionalShipping * (prices.length - 1)));
  return { ...bundle, deliveries, delivery: chosen, subtotal, discount, discountPercent, shipping, total: cents(subtotal - discount + shipping) };
}

/** Sam Seller's bundle of Dune, Emma and Middlemarch: 10% off, $4 + 2 × $1.50 shipping. */
export const aBundle = (overrides: Partial<Pick<Bundle, 'seller' | 'books' | 'unavailable' | 'policy'>> = {}): Bundle =>
  priced({ seller: SELLER, books: THREE_BOOKS, unavailable: [], policy: POLICY, deliveries: [], delivery: null, ...overrides });

/** The order a checkout of `bundle` makes. */
export const anOrderOf = (bundle: Bundle): Order =>
  anOrder({
    _id: 'o1',
    state: 'booked',
    paid: false,
    bookId: bundle.books[0].bookId,
    bookName: bundle.books[0].name,
    lines: bundle.books.map(({ bookId, name, price }) => ({ bookId, name, price })),
    discount: bundle.discount,
    resale_price: cents(bundle.subtotal - bundle.discount),
    shipping_price: bundle.shipping,
    total: bundle.total,
  });

interface Options {
  /** Answers a checkout instead of the order (a 409, say); the bundle may be changed meanwhile. */
  checkout?: (bundles: Map<string, Bundle>) => Response | undefined;
  /** Answers an addition instead of the bundle. */
  add?: () => Response | undefined;
  /** Books that may be added, by id, with their seller. */
  shelf?: Record<string, { seller: Bundle['seller']; book: BundleBook }>;
}

/** The bundles API in memory: GET the list or one bundle (for a delivery), PUT and DELETE a book, checkout; every call recorded. */
export function serveBundles(initial: Bundle[], options: Options = {}) {
  const bundles = new Map(initial.map((bundle) => [bundle.seller.id, bundle]));
  const calls: BundleCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    calls.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.get('authorization'),
      ...(text ? { body: JSON.parse(text) as unknown } : {}),
    });
  };
  const empty = (sellerId: string) => aBundle({ seller: { id: sellerId, name: 'Someone' }, books: [] });
  server.use(
    http.get(`${API}/bundles`, async ({ request }) => {
      await record(request);
      return HttpResponse.json([...bundles.values()].filter((bundle) => bundle.books.length + bundle.unavailable.length > 0));
    }),
    http.get(`${API}/bundles/:sellerId`, async ({ request, params }) => {
      await record(request);
      const bundle = bundles.get(params.sellerId as string) ?? empty(params.sellerId as string);
      const delivery = new URL(request.url).searchParams.get('delivery') as DeliveryMethod | null;
      return HttpResponse.json(delivery ? priced(bundle, delivery) : bundle);
    }),
    http.put(`${API}/bundles/:sellerId/books/:bookId`, async ({ request, params }) => {
      await record(request);
      const refused = options.add?.();
      if (refused) return refused;
      const found = options.shelf?.[params.bookId as string];
      if (!found || found.seller.id !== params.sellerId) return HttpResponse.json({ message: 'No such book' }, { status: 404 });
      const bundle = bundles.get(found.seller.id) ?? aBundle({ seller: found.seller, books: [] });
      const books = bundle.books.some((book) => book.bookId === found.book.bookId) ? bundle.books : [...bundle.books, found.book];
      const next = priced({ ...bundle, books });
      bundles.set(found.seller.id, next);
      return HttpResponse.json(next);
    }),
    http.delete(`${API}/bundles/:sellerId/books/:bookId`, async ({ request, params }) => {
      await record(request);
      const bundle = bundles.get(params.sellerId as string) ?? empty(params.sellerId as string);
      const next = priced({
        ...bundle,
        books: bundle.books.filter((book) => book.bookId !== params.bookId),
        unavailable: bundle.unavailable.filter((book) => book.bookId !== params.bookId),
      });
      bundles.set(bundle.seller.id, next);
      return HttpResponse.json(next);
    }),
    http.post(`${API}/bundles/:sellerId/checkout`, async ({ request, params }) => {
      await record(request);
      const refused = options.checkout?.(bundles);
      if (refused) return refused;
      const bundle = bundles.get(params.sellerId as string);
      if (!bundle) return HttpResponse.json({ message: 'Your bundle is empty' }, { status: 400 });
      bundles.delete(bundle.seller.id);
      return HttpResponse.json(anOrderOf(bundle));
    }),
  );
  return { calls, bundles };
}

/** A seller's policy in memory: GET answers it, PUT saves it (or answers `refuse`); every call recorded. */
export function servePolicy(initial: ShopPolicy, refuse?: () => Response) {
  let policy = initial;
  const calls: BundleCall[] = [];
  server.use(
    http.get(`${API}/shop-policy/:sellerId`, ({ request }) => {
      calls.push({ method: 'GET', path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
      return HttpResponse.json(policy);
    }),
    http.put(`${API}/shop-policy`, async ({ request }) => {
      const body = (await request.json()) as ShopPolicy;
      calls.push({ method: 'PUT', path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), body });
      if (refuse) return refuse();
      policy = body;
      return HttpResponse.json(policy);
    }),
  );
  return { calls };
}

/** An access token whose subject is `userId` (only its subject is read in the browser). */
export const tokenFor = (userId: string) => `h.${btoa(JSON.stringify({ sub: userId })).replace(/=+$/, '')}.s`;
