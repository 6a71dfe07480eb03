/** A seller's terms for several books in one order (`PUT /shop-policy`). */
export interface ShopPolicy {
  /** What each book after the first adds to the shipping; null: each adds its own shipping price. */
  additionalShippingCents: number | null;
  /** `percent` off the books' total from `minBooks` books on; the largest that applies is taken. */
  discounts: readonly { minBooks: number; percent: number }[];
}

/** A seller who set no policy: no discount, and each book ships at its own price. */
export const NO_POLICY: ShopPolicy = { additionalShippingCents: null, discounts: [] };

/** What a bundle's pricing needs of each of its books. */
export interface PricedBook {
  priceCents: number;
  /** Null when the book is not offered for shipping. */
  shippingCents: number | null;
  meetup: boolean;
}

export type DeliveryMethod = 'meetup' | 'shipping';

export interface BundlePrice {
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/** The methods every one of `books` offers. */
export function deliveriesOf(books: readonly PricedBook[]): DeliveryMethod[] {
  if (books.length === 0) return [];
  const methods: DeliveryMethod[] = [];
  if (books.every((book) => book.meetup)) methods.push('meetup');
  if (books.every((book) => book.shippingCents !== null)) methods.push('shipping');
  return methods;
}

/** The discount's percent for `count` books: the largest of the tiers that `count` reaches. */
export function discountPercentFor(policy: ShopPolicy, count: number): number {
  return policy.discounts.reduce((best, tier) => (count >= tier.minBooks && tier.percent > best ? tier.percent : best), 0);
}

/**
 * One parcel's shipping: the first book (the dearest to ship) at its own price, each other book
 * at the policy's additional price, or at its own when the seller set none.
 */
export function shippingFor(policy: ShopPolicy, books: readonly PricedBook[]): number {
  const prices = books.map((book) => book.shippingCents ?? 0).sort((a, b) => b - a);
  if (prices.length === 0) return 0;
  const [first, ...others] = prices;
  const additional = policy.additionalShippingCents;
  return first + others.reduce((sum, own) => sum + (additional ?? own), 0);
}

/**
 * What `books` cost together by `delivery`: the books' total, less the discount (rounded to the
 * cent, half up), plus one parcel's shipping when posted.
 */
export function priceOf(policy: ShopPolicy, books: readonly PricedBook[], delivery: DeliveryMethod | null): BundlePrice {
  const subtotalCents = books.reduce((sum, book) => sum + book.priceCents, 0);
  const discountPercent = discountPercentFor(policy, books.length);
  const discountCents = Math.floor((subtotalCents * discountPercent + 50) / 100);
  const shippingCents = delivery === 'shipping' ? shippingFor(policy, books) : 0;
  return { subtotalCents, discountPercent, discountCents, shippingCents, totalCents: subtotalCents - discountCents + shippingCents };
}
