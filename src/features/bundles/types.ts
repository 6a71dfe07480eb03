/** The bundles feature's wire types: a buyer's bundles (`/bundles`) and a seller's shop policy (`/shop-policy`). */
import type { DeliveryMethod } from '../../types/entities';

/** "`percent` % off `minBooks` or more books" (minBooks 2–100, percent 1–90, whole numbers). */
export interface BundleDiscount {
  minBooks: number;
  percent: number;
}

/**
 * How a seller prices several books shipped together: `additionalShipping` dollars for each book
 * after the first (which ships at the highest shipping price among them), or null for each book
 * at its own shipping price; and up to 5 discounts.
 */
export interface ShopPolicy {
  additionalShipping: number | null;
  discounts: BundleDiscount[];
}

/** A book in a bundle, for sale (dollars; `shippingPrice` null when it does not ship). */
export interface BundleBook {
  bookId: string;
  name: string;
  price: number;
  img: string;
  shippingPrice: number | null;
  meetup: boolean;
}

/** A book added to a bundle and sold to someone else (or hidden) since: out of the totals and of checkout. */
export interface UnavailableBook {
  bookId: string;
  name: string;
  price: number;
  img: string;
  reason: string;
}

/**
 * A buyer's books of one seller, priced together (`GET /bundles/:sellerId`), in dollars:
 * `deliveries` are the methods every available book offers, `delivery` the one `shipping` is
 * worked out for.
 */
export interface Bundle {
  seller: { id: string; name: string };
  books: BundleBook[];
  unavailable: UnavailableBook[];
  policy: ShopPolicy;
  deliveries: DeliveryMethod[];
  delivery: DeliveryMethod | null;
  subtotal: number;
  discount: number;
  discountPercent: number;
  shipping: number;
  total: number;
}

/** `POST /bundles/:sellerId/checkout`: the booking's contact fields and how the books travel. */
export interface BundleCheckout {
  email: string;
  cusTomername?: string;
  location: string;
  phone: string;
  delivery?: { method: DeliveryMethod; address?: string };
}
