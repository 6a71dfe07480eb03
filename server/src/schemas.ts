import { ID_PATTERN } from './lib/ids';

/** JSON schemas shared by the routes. Bodies strip unknown fields (`additionalProperties: false`). */

export const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

export const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' } as const;

/**
 * Dollars, as a JSON number or decimal text ("12", "12.5", "12.50"). Validation turns a number into
 * its shortest decimal text (12.5 → "12.5", 1e400 → "Infinity"), so the route reads every amount
 * from text with `parseMoney`, exactly and within the field's bounds, never through a float.
 */
export const dollars = { type: 'string' } as const;

export const id = { type: 'string', pattern: ID_PATTERN } as const;
/** A category's `category` value, as it appears in links. */
export const categorySlug = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
/** Emails are stored lower-case; a request may spell them otherwise. */
export const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id },
} as const;

export const emailParams = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email },
} as const;

export const emailQuery = emailParams;

export const inserted = {
  type: 'object',
  required: ['acknowledged', 'insertedId'],
  properties: { acknowledged: { type: 'boolean' }, insertedId: { type: 'string' } },
} as const;

export const deleted = {
  type: 'object',
  required: ['acknowledged', 'deletedCount'],
  properties: { acknowledged: { type: 'boolean' }, deletedCount: { type: 'integer' } },
} as const;

export const modified = {
  type: 'object',
  required: ['acknowledged', 'modifiedCount'],
  properties: { acknowledged: { type: 'boolean' }, modifiedCount: { type: 'integer' } },
} as const;

const object = (properties: Record<string, object>) =>
  ({ type: 'object', required: Object.keys(properties), properties }) as const;

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const optionalIsbn = { type: ['string', 'null'] } as const;

/** What a book offers: a meet-up, shipping (at a price), or both. */
export const deliveryOffer = object({ meetup: bool, shipping: bool, shippingPrice: { type: ['number', 'null'] } });

/** A user's score on one side (docs/API.md, `Score`). */
export const score = {
  ...object({ average: { type: ['number', 'null'] }, count: { type: 'integer' }, completedShare: { type: ['number', 'null'] } }),
  // A seller's, when they have the "Reliable seller" badge.
  properties: { average: { type: ['number', 'null'] }, count: { type: 'integer' }, completedShare: { type: ['number', 'null'] }, reliable: bool },
} as const;

export const user = object({ _id: str, name: str, email: str, role: str });

export const category = object({ _id: str, name: str, category_id: str, category: str, img: str });

export const book = object({
  _id: str, name: str, img: str, location: str, resale_price: num, orginal_price: num,
  seller_name: str, number: str, uses: str, date: str, category: str, condition: str,
  description: str, verified: bool, author: str, isbn: optionalIsbn, delivery: deliveryOffer,
  images: { type: 'array', items: str },
  // The seller's score from their buyers' reviews and their orders.
  sellerScore: score,
});

const productFields = object({
  _id: str, name: str, price: num, phone: str, location: str, condition: str, description: str,
  image: str, category: str, orginal_price: num, uses: str, date: str, sold: bool, author: str,
  isbn: optionalIsbn, delivery: deliveryOffer, images: { type: 'array', items: str },
  // How many buyers hold an unpaid booking of it: deleting the product withdraws theirs.
  openBookings: { type: 'integer' },
  // What the seller keeps of its price at today's commission (the shipping is theirs on top).
  youReceive: num,
});
export const product = {
  ...productFields,
  properties: {
    ...productFields.properties,
    // One product's page only: whether buyers may offer a price, the amount below which an offer
    // is declined at once, and the amount from which one is accepted at once (null: never).
    offers: {
      type: 'object',
      required: ['enabled', 'autoDeclineBelow', 'autoAcceptFrom'],
      properties: { enabled: bool, autoDeclineBelow: num, autoAcceptFrom: { type: ['number', 'null'] } },
    },
  },
} as const;

/** POST /bookings: `alreadyBooked` when the caller had booked this book already (the answer names that booking). */
export const bookingInserted = {
  type: 'object',
  required: ['acknowledged', 'insertedId', 'alreadyBooked'],
  properties: { acknowledged: bool, insertedId: str, alreadyBooked: bool },
} as const;

const timestamp = { type: 'string' } as const;

/** A booking is the order: the spec's fields, then its state, delivery, timeline and next moves (docs/API.md). */
export const booking = {
  type: 'object',
  required: [
    '_id', 'bookId', 'bookName', 'cusTomername', 'email', 'location', 'phone', 'resale_price', 'paid', 'img', 'withdrawn',
    'state', 'delivery', 'lines', 'discount', 'shipping_price', 'total', 'timeline', 'deadline', 'viewer', 'actions', 'sellerName',
    'createdAt',
  ],
  properties: {
    _id: str, bookId: str, bookName: str, cusTomername: str, email: str, location: str, phone: str,
    resale_price: num, paid: bool, img: str,
    // The seller withdrew the book: the booking can no longer be paid, only removed.
    withdrawn: bool,
    state: str,
    delivery: {
      type: 'object',
      required: ['method'],
      properties: { method: str, address: str, carrier: str, tracking: str },
    },
    // The order's books, each at its price when ordered (one line for an order of one book), and
    // what was taken off them together; `resale_price` is their total after it.
    lines: {
      type: 'array',
      items: { type: 'object', required: ['bookId', 'name', 'price'], properties: { bookId: str, name: str, price: num } },
    },
    discount: num,
    shipping_price: num,
    total: num,
    timeline: {
      type: 'array',
      items: { type: 'object', required: ['state', 'at'], properties: { state: str, at: timestamp, reason: str } },
    },
    deadline: {
      type: ['object', 'null'],
      required: ['kind', 'at'],
      properties: { kind: str, at: timestamp },
    },
    viewer: str,
    actions: { type: 'array', items: str },
    handoverCode: str,
    codeLockedUntil: timestamp,
    sellerName: str,
    createdAt: timestamp,
    // To the seller (and an admin): what the seller receives of the total, after the commission.
    sellerReceives: num,
    // To the seller (and an admin): the buyer's score from their sellers' reviews and their orders.
    buyerScore: score,
  },
} as const;


export const listOf = (items: object) => ({ type: 'array', items }) as const;
