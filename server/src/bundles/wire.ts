import type { Queryable } from '../db/db';
import { toDollars } from '../lib/money';
import { absoluteUrl } from '../lib/wire';
import { bundlesRepository, type BundleBookRow } from '../repositories/bundles';
import { shopPoliciesRepository } from '../repositories/shopPolicies';
import { usersRepository } from '../repositories/users';
import { deliveriesOf, priceOf, type DeliveryMethod, type PricedBook, type ShopPolicy } from './pricing';

/** Why a book of a bundle cannot be checked out with it. */
export const UNAVAILABLE_IN_BUNDLE = {
  sold: 'Sold to another buyer',
  hidden: 'No longer on sale',
} as const;

/** A buyer's bundle with one seller, read once: its books on sale, the others, and the policy. */
export interface Bundle {
  sellerId: string;
  sellerName: string;
  available: BundleBookRow[];
  unavailable: BundleBookRow[];
  policy: ShopPolicy;
}

export const pricedBook = (book: BundleBookRow): PricedBook => ({
  priceCents: book.price_cents,
  shippingCents: book.offers_shipping ? book.shipping_price_cents : null,
  meetup: book.offers_meetup,
});

export async function readBundle(db: Queryable, buyerId: string, sellerId: string): Promise<Bundle> {
  const [books, policy, seller] = await Promise.all([
    bundlesRepository(db).booksOf(buyerId, sellerId),
    shopPoliciesRepository(db).of(sellerId),
    usersRepository(db).findById(sellerId),
  ]);
  return {
    sellerId,
    sellerName: seller?.name ?? '',
    available: books.filter((book) => !book.sold && !book.hidden),
    unavailable: books.filter((book) => book.sold || book.hidden),
    policy,
  };
}

/** The delivery a bundle is priced for: the one asked, else shipping when every book offers it. */
export function deliveryFor(bundle: Bundle, asked: DeliveryMethod | undefined): DeliveryMethod | null {
  const offered = deliveriesOf(bundle.available.map(pricedBook));
  if (asked !== undefined && offered.includes(asked)) return asked;
  if (offered.includes('shipping')) return 'shipping';
  return offered[0] ?? null;
}

export const policyOnWire = (policy: ShopPolicy) => ({
  additionalShipping: policy.additionalShippingCents === null ? null : toDollars(policy.additionalShippingCents),
  discounts: policy.discounts.map(({ minBooks, percent }) => ({ minBooks, percent })),
});

/** A bundle as its buyer reads it, priced for `asked` (or the delivery every book offers). */
export function bundleOnWire(base: string, bundle: Bundle, asked?: DeliveryMethod) {
  const books = bundle.available.map(pricedBook);
  const delivery = deliveryFor(bundle, asked);
  const price = priceOf(bundle.policy, books, delivery);
  const book = (row: BundleBookRow) => ({ bookId: row.book_id, name: row.name, price: toDollars(row.price_cents), img: absoluteUrl(base, row.img) });
  return {
    seller: { id: bundle.sellerId, name: bundle.sellerName },
    books: bundle.available.map((row) => ({
      ...book(row),
      shippingPrice: row.offers_shipping && row.shipping_price_cents !== null ? toDollars(row.shipping_price_cents) : null,
      meetup: row.offers_meetup,
    })),
    unavailable: bundle.unavailable.map((row) => ({ ...book(row), reason: row.sold ? UNAVAILABLE_IN_BUNDLE.sold : UNAVAILABLE_IN_BUNDLE.hidden })),
    policy: policyOnWire(bundle.policy),
    deliveries: deliveriesOf(books),
    delivery,
    subtotal: toDollars(price.subtotalCents),
    discount: toDollars(price.discountCents),
    discountPercent: price.discountPercent,
    shipping: toDollars(price.shippingCents),
    total: toDollars(price.totalCents),
  };
}
