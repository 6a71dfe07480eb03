import { badRequest } from '../lib/errors';
import { parseMoney, type MoneyField } from '../lib/money';
import { floorOf } from '../offers/rules';
import { categorySlug, dollars, text } from '../schemas';

/** A listing has at most this many photos, the cover first. */
export const MAX_PHOTOS = 6;
const PHOTO_URL = { type: 'string', maxLength: 2048, pattern: '^https?://[^\\s]+$' } as const;

/** The cover and the other photos of a listing from `image` and `images`: the cover is `image` when given, else the first of `images`. */
export function photosOf(image: string | undefined, images: string[] | undefined): { img?: string; photos?: string[] } {
  if (images === undefined) return image === undefined ? {} : { img: image };
  const cover = image ?? images[0];
  const rest = images.filter((url) => url !== cover);
  if (rest.length > MAX_PHOTOS - 1) throw badRequest(`A listing has at most ${MAX_PHOTOS} photos`);
  return { img: cover, photos: rest };
}

/** The fields of a listing, as `POST /products` takes them and `PUT /products/:id` changes them. */
export interface NewProductBody {
  name: string;
  /** Dollars as text (see `dollars`). */
  price: string;
  phone: string;
  location: string;
  condition: string;
  description: string;
  image: string;
  category?: string;
  orginal_price?: string;
  author?: string;
  isbn?: string;
  uses?: string;
  delivery?: { meetup?: boolean; shipping?: boolean; shippingPrice?: string };
  /** Every photo, the cover first (at most six); `image` is the first. */
  images?: string[];
}

/** Stripe refuses card payments under 50 cents. */
export const PRICE: MoneyField = { field: 'body/price', minCents: 50, maxCents: 10_000_000 };
export const ORIGINAL_PRICE: MoneyField = { field: 'body/orginal_price', minCents: 0, maxCents: 10_000_000 };
const SHIPPING_PRICE: MoneyField = { field: 'body/delivery/shippingPrice', minCents: 0, maxCents: 100_000 };

export const newProductBody = {
  type: 'object',
  required: ['name', 'price', 'phone', 'location', 'image'],
  additionalProperties: false,
  properties: {
    name: text(200, 1),
    price: dollars,
    phone: text(40, 1),
    location: text(200, 1),
    condition: { ...text(40), default: '' },
    description: { ...text(2000), default: '' },
    image: PHOTO_URL,
    images: { type: 'array', minItems: 1, maxItems: MAX_PHOTOS, uniqueItems: true, items: PHOTO_URL },
    category: categorySlug,
    orginal_price: dollars,
    author: text(200),
    // ISBN-10 or ISBN-13, hyphens and spaces allowed; stored as ISBN-13.
    isbn: text(20),
    uses: text(60),
    // What the seller offers; without it, a meet-up.
    delivery: {
      type: 'object',
      additionalProperties: false,
      properties: { meetup: { type: 'boolean' }, shipping: { type: 'boolean' }, shippingPrice: dollars },
    },
  },
} as const;

/** What a new book offers: a meet-up unless the seller chose otherwise. */
export function deliveryOffer(delivery: NewProductBody['delivery']) {
  const meetup = delivery?.meetup ?? true;
  const shipping = delivery?.shipping ?? false;
  if (!meetup && !shipping) throw badRequest('Offer a meet-up, shipping, or both');
  if (!shipping) return { offers_meetup: meetup, offers_shipping: false, shipping_price_cents: null };
  if (delivery?.shippingPrice === undefined) throw badRequest('Give a shipping price (0 for free shipping)');
  return { offers_meetup: meetup, offers_shipping: true, shipping_price_cents: parseMoney(delivery.shippingPrice, SHIPPING_PRICE) };
}


/** `PUT /products/:id`: any of the listing's fields; those left out stay as they are. */
export const editProductBody = {
  ...newProductBody,
  required: [] as string[],
  minProperties: 1,
  // No defaults here: a field left out stays as it is.
  properties: {
    ...newProductBody.properties,
    condition: text(40),
    description: text(2000),
    // Offers on this listing (server/src/offers/README.md): a floor below which they are declined
    // at once (null: half the price), and an amount from which they are accepted at once (null: never).
    offers: {
      type: 'object',
      required: ['enabled'],
      additionalProperties: false,
      properties: { enabled: { type: 'boolean' }, autoDeclineBelow: { type: ['string', 'null'] }, autoAcceptFrom: { type: ['string', 'null'] } },
    },
  },
} as const;

/** What `offers` of `PUT /products/:id` asks. */
export interface OffersBody {
  enabled: boolean;
  autoDeclineBelow?: string | null;
  autoAcceptFrom?: string | null;
}

/** A listing's offer terms, whole cents. */
export interface OfferTerms {
  offers_enabled: boolean;
  offer_floor_cents: number | null;
  offer_auto_accept_cents: number | null;
}

/** The offer terms asked, checked against the listing's price: both amounts below it, the floor below the automatic accept. */
export function offerTermsOf(body: OffersBody, current: OfferTerms, priceCents: number): OfferTerms {
  const amount = (value: string | null | undefined, field: string, kept: number | null) =>
    value === undefined ? kept : value === null ? null : parseMoney(value, { field, minCents: 0, maxCents: Math.max(0, priceCents - 1) });
  const floor = amount(body.autoDeclineBelow, 'body/offers/autoDeclineBelow', current.offer_floor_cents);
  const accept = amount(body.autoAcceptFrom, 'body/offers/autoAcceptFrom', current.offer_auto_accept_cents);
  if (accept !== null && accept <= floorOf({ price_cents: priceCents, offer_floor_cents: floor })) {
    throw badRequest('body/offers/autoAcceptFrom must be above the amount below which offers are declined');
  }
  return { offers_enabled: body.enabled, offer_floor_cents: floor, offer_auto_accept_cents: accept };
}
