import type { FastifyRequest } from 'fastify';
import type { BookingRow } from '../repositories/bookings';
import type { BookRow } from '../repositories/books';
import type { Category } from '../repositories/categories';
import type { User } from '../repositories/users';
import { toDollars } from './money';

/** Entities as docs/API.md puts them on the wire (spellings included). */

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * Base for absolute image URLs: PUBLIC_URL when configured, else the host the request came to.
 * An odd Host header falls back to the address the server listens on, so it cannot inject markup.
 */
export function publicBaseUrl(request: FastifyRequest, publicUrl: string | undefined, fallbackHost: string): string {
  if (publicUrl) return publicUrl;
  const host = SAFE_HOST.test(request.host) ? request.host : fallbackHost;
  return `${request.protocol}://${host}`;
}

/** The base URL for image links in the answer to `request`. */
export function baseUrlOf(request: FastifyRequest): string {
  const { publicUrl, apiHost, apiPort } = request.server.config;
  return publicBaseUrl(request, publicUrl, `${apiHost}:${apiPort}`);
}

/** Seed images are stored as API paths; uploads arrive as absolute URLs already. */
export function absoluteUrl(base: string, stored: string): string {
  return stored.startsWith('/') ? `${base}${stored}` : stored;
}

export const userOnWire = (user: User) => ({ _id: user.id, name: user.name, email: user.email, role: user.role });

export const categoryOnWire = (base: string, category: Category) => ({
  _id: category.id,
  name: category.name,
  category_id: category.category_id,
  category: category.category,
  img: absoluteUrl(base, category.img),
});

export const bookOnWire = (base: string, book: BookRow) => ({
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
});

export const bookingOnWire = (base: string, booking: BookingRow) => ({
  _id: booking.id,
  bookId: booking.book_id,
  bookName: booking.book_name,
  cusTomername: booking.cus_tomername,
  email: booking.email,
  location: booking.location,
  phone: booking.phone,
  resale_price: toDollars(booking.resale_price_cents),
  paid: booking.paid,
  img: absoluteUrl(base, booking.img),
});
