import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { BookingRow } from '../repositories/bookings';
import type { BookRow, ListedBookRow } from '../repositories/books';
import type { Category } from '../repositories/categories';
import { scoreOf } from '../repositories/scores';
import type { User } from '../repositories/users';
import { toDollars } from './money';

/**
 * Base for absolute image URLs, from configuration only (never from the request's Host header, so
 * every client and any shared cache sees the same links): PUBLIC_URL when set, else the loopback
 * address the API listens on (`loadConfig` refuses a non-loopback API_HOST without PUBLIC_URL).
 * `boundPort` is the port actually bound, which differs from API_PORT when that is 0.
 */
export function configuredBaseUrl(config: Pick<Config, 'publicUrl' | 'apiHost' | 'apiPort'>, boundPort?: number): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.apiHost.includes(':') && !config.apiHost.startsWith('[') ? `[${config.apiHost}]` : config.apiHost;
  return `http://${host}:${boundPort ?? config.apiPort}`;
}

/** Base URLs of listening servers: fixed once a server listens, so asked of it once. */
const listeningBaseUrls = new WeakMap<object, string>();

/** The base URL for image links in the answer to `request` (the same for every request). */
export function baseUrlOf(request: FastifyRequest): string {
  const server = request.server.server;
  const known = listeningBaseUrls.get(server);
  if (known !== undefined) return known;
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : undefined;
  const base = configuredBaseUrl(request.server.config, boundPort);
  if (boundPort !== undefined) listeningBaseUrls.set(server, base);
  return base;
}

/** Seed images are stored as API paths; uploads arrive as absolute URLs already. */
export function absoluteUrl(base: string, stored: string): string {
  return stored.startsWith('/') ? `${base}${stored}` : stored;
}

/** What a book offers, as `Book.delivery` and `Product.delivery`. */
export const deliveryOfferOnWire = (book: BookRow) => ({
  meetup: book.offers_meetup,
  shipping: book.offers_shipping,
  shippingPrice: book.shipping_price_cents === null ? null : toDollars(book.shipping_price_cents),
});

/** Entities as docs/API.md puts them on the wire (spellings included). */

export const userOnWire = (user: User) => ({ _id: user.id, name: user.name, email: user.email, role: user.role });

export const categoryOnWire = (base: string, category: Category) => ({
  _id: category.id,
  name: category.name,
  category_id: category.category_id,
  category: category.category,
  img: absoluteUrl(base, category.img),
});

/** Every photo of the listing, the cover first. */
const photosOnWire = (base: string, book: Pick<BookRow, 'img' | 'photos'>) => [book.img, ...(book.photos ?? [])].map((url) => absoluteUrl(base, url));

export const bookOnWire = (base: string, book: ListedBookRow) => ({
  _id: book.id,
  name: book.name,
  img: absoluteUrl(base, book.img),
  location: book.location,
  resale_price: toDollars(book.resale_price_cents),
  orginal_price: toDollars(book.orginal_price_cents),
  seller_name: book.seller_name,
  number: book.number,
  uses: book.uses,
  date: book.date,
  category: book.category,
  condition: book.condition,
  description: book.description,
  verified: book.verified,
  author: book.author,
  isbn: book.isbn,
  delivery: deliveryOfferOnWire(book),
  images: photosOnWire(base, book),
  sellerScore: scoreOf(book),
});

/** A seller's own book in the Product shape of the add-product form (plus whether it sold). */
export const productOnWire = (base: string, book: BookRow) => ({
  _id: book.id,
  name: book.name,
  price: toDollars(book.resale_price_cents),
  phone: book.number,
  location: book.location,
  condition: book.condition,
  description: book.description,
  image: absoluteUrl(base, book.img),
  category: book.category,
  orginal_price: toDollars(book.orginal_price_cents),
  uses: book.uses,
  date: book.date,
  sold: book.sold,
  author: book.author,
  isbn: book.isbn,
  delivery: deliveryOfferOnWire(book),
  images: photosOnWire(base, book),
});

export const bookingOnWire = (base: string, booking: BookingRow) => ({
  _id: booking.id,
  // A withdrawn book's booking keeps no book id: '' on the wire, with `withdrawn` saying why.
  bookId: booking.book_id ?? '',
  withdrawn: booking.book_id === null && !booking.paid,
  bookName: booking.book_name,
  cusTomername: booking.cus_tomername,
  email: booking.email,
  location: booking.location,
  phone: booking.phone,
  resale_price: toDollars(booking.resale_price_cents),
  paid: booking.paid,
  img: absoluteUrl(base, booking.img),
});

/** A book as `request`'s caller may see it: visitors get no seller phone number. */
export function bookForCaller(request: FastifyRequest, base: string, book: ListedBookRow) {
  const { number, ...rest } = bookOnWire(base, book);
  return request.currentUser ? { ...rest, number } : rest;
}
