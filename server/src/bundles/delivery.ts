import { badRequest } from '../lib/errors';
import type { DeliveryMethod } from './pricing';

/** What the delivery check reads of each book. */
export interface DeliveredBook {
  name: string;
  offers_meetup: boolean;
  offers_shipping: boolean;
  shipping_price_cents: number | null;
}

/** How the buyer asked for the books to travel. */
export interface DeliveryChoice {
  method: DeliveryMethod;
  address?: string;
}

/**
 * How several books of one seller travel in one order (a bundle's checkout, an offer): every one
 * of them must offer the method. Without a choice, a meet-up when they all offer one, else
 * shipping. Shipping needs an address. A refusal names the first book that does not offer the
 * method; `notPostedAdvice` says what to do about a book that is not posted.
 */
export function deliveryOfBooks(
  books: readonly DeliveredBook[],
  delivery: DeliveryChoice | undefined,
  notPostedAdvice: string,
): { method: DeliveryMethod; address: string | null } {
  const method = delivery?.method ?? (books.every((book) => book.offers_meetup) ? 'meetup' : 'shipping');
  if (method === 'meetup') {
    const postOnly = books.find((book) => !book.offers_meetup);
    if (postOnly) throw badRequest(`"${postOnly.name}" is only offered for shipping: choose shipping and give an address`);
    return { method, address: null };
  }
  const notPosted = books.find((book) => !book.offers_shipping || book.shipping_price_cents === null);
  if (notPosted) throw badRequest(`"${notPosted.name}" is not offered for shipping: ${notPostedAdvice}`);
  const address = delivery?.address?.trim();
  if (!address) throw badRequest('Give the address to ship the books to');
  return { method, address };
}
