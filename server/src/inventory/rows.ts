import { toIsbn13 } from '../lib/isbn';
import type { DeliveryCell } from './csv';
import { DELIVERY_CELLS } from './csv';
import type { FileRow } from './read';

/** The conditions a copy may be in, as the Add Product form names them (the spec's spelling). */
export const CONDITIONS = ['Excillent', 'Good', 'Fair'] as const;
/** What dealers' files also call them. */
const CONDITION_NAMES: Record<string, (typeof CONDITIONS)[number]> = {
  excillent: 'Excillent', excellent: 'Excillent', 'like new': 'Excillent', 'as new': 'Excillent', 'very good': 'Good',
  good: 'Good', fair: 'Fair', acceptable: 'Fair',
};

/** A copy as a row makes it: the columns of `books` it sets. */
export interface ImportListing {
  name: string;
  author: string;
  isbn: string | null;
  category: string;
  condition: string;
  resale_price_cents: number;
  orginal_price_cents: number;
  location: string;
  number: string;
  offers_meetup: boolean;
  offers_shipping: boolean;
  shipping_price_cents: number | null;
  description: string;
  /** A new copy's cover, imported from the book-metadata service; none: the shop's "No cover". */
  img?: string;
}

/** The fields a row's copy is compared on: the same values mean "unchanged". */
export const COMPARED: ReadonlyArray<keyof ImportListing> = [
  'name', 'author', 'isbn', 'category', 'condition', 'resale_price_cents', 'orginal_price_cents', 'location',
  'offers_meetup', 'offers_shipping', 'shipping_price_cents', 'description',
];

export interface RowError {
  column: string;
  message: string;
}

/** What a row's own cells say, before it is compared with the shop: a listing, a withdrawal, or errors. */
export type CheckedRow =
  | { sku: string; action: 'list'; listing: ImportListing; errors: [] }
  | { sku: string | null; action: 'list' | 'delete'; listing?: undefined; errors: RowError[] };

export interface RowContext {
  defaults: { phone: string | null; location: string | null; delivery: DeliveryCell | null; category: string | null };
  /** Category slugs, lower-case, and names lower-cased to their slug. */
  categories: Map<string, string>;
  /** The category a row without one and without a default lands in. */
  firstCategory: string;
  /** What the book-metadata service knows of an ISBN-13 (null: nothing). Missing: not asked. */
  metadata: Map<string, { title: string; author: string } | null>;
  /** The covers imported for this import's filled-in rows, by ISBN-13. */
  covers?: Map<string, string>;
}

const MAX_SKU = 100;
const LIMITS = { title: 200, author: 200, location: 200, description: 2000 } as const;

/** Dollars as a dealer writes them: `12`, `12.5`, `$1,234.50`; answers cents, or an error's message. */
export function centsOf(value: string, { min, max }: { min: number; max: number }): number | string {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return `"${value}" is not a price in dollars, like 12 or 12.50`;
  const cents = Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents < min || cents > max) {
    return `A price is between $${(min / 100).toFixed(2)} and $${(max / 100).toFixed(2)}`;
  }
  return cents;
}

/** What a row asks for, from its cells and the seller's defaults; every problem named with its column. */
export function checkRow(row: FileRow, context: RowContext): CheckedRow {
  const cells = row.cells;
  const errors: RowError[] = [];
  const fail = (column: string, message: string) => errors.push({ column, message });
  const sku = cells.sku ?? null;
  if (sku === null) fail('sku', 'Every row needs a SKU');
  else if (sku.length > MAX_SKU) fail('sku', `A SKU is at most ${MAX_SKU} characters`);
  const actionCell = (cells.action ?? '').toLowerCase();
  if (actionCell !== '' && actionCell !== 'delete') fail('action', `"${cells.action}" is not an action: leave it empty, or write "delete"`);
  if (actionCell === 'delete') return { sku, action: 'delete', errors };

  for (const [column, limit] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    if ((cells[column]?.length ?? 0) > limit) fail(column, `At most ${limit} characters`);
  }
  let isbn: string | null = null;
  if (cells.isbn !== undefined) {
    isbn = toIsbn13(cells.isbn) ?? null;
    if (isbn === null) fail('isbn', `"${cells.isbn}" is not a valid ISBN-10 or ISBN-13`);
  }
  const known = isbn === null ? undefined : context.metadata.get(isbn);
  const name = cells.title ?? known?.title;
  if (name === undefined) {
    if (cells.isbn === undefined) fail('title', 'A row needs a title or an ISBN');
    else if (isbn !== null && context.metadata.has(isbn)) fail('title', 'No title, and the book lookup does not know this ISBN: give the title');
    else if (isbn !== null) fail('title', 'No title, and the book lookup could not be asked: give the title');
  }
  const author = cells.author ?? known?.author ?? '';

  let condition: string | undefined;
  if (cells.condition === undefined) fail('condition', 'Every row needs a condition');
  else {
    condition = CONDITION_NAMES[cells.condition.toLowerCase()];
    if (condition === undefined) fail('condition', `Unknown condition "${cells.condition}": use ${CONDITIONS.join(', ')}`);
  }

  const price = cells.price === undefined ? 'Every row needs a price' : centsOf(cells.price, { min: 50, max: 10_000_000 });
  if (typeof price === 'string') fail('price', price);
  const original = cells.original_price === undefined ? price : centsOf(cells.original_price, { min: 0, max: 10_000_000 });
  if (typeof original === 'string' && typeof price === 'number') fail('original_price', original);

  const categoryCell = cells.category?.toLowerCase();
  const category = categoryCell === undefined ? (context.defaults.category ?? context.firstCategory) : context.categories.get(categoryCell);
  if (category === undefined) fail('category', `Unknown category "${cells.category}"`);

  const location = cells.location ?? context.defaults.location;
  if (location === null) fail('location', 'No location, and no default location is set');

  const deliveryCell = cells.delivery?.toLowerCase() ?? context.defaults.delivery ?? 'meetup';
  if (!(DELIVERY_CELLS as readonly string[]).includes(deliveryCell)) {
    fail('delivery', `"${cells.delivery}" is not a delivery: use meetup, shipping or both`);
  }
  const shipping = deliveryCell === 'shipping' || deliveryCell === 'both';
  let shippingCents: number | null = null;
  if (shipping) {
    const cents = cells.shipping_price === undefined ? 'A copy that ships needs a shipping price (0 for free shipping)' : centsOf(cells.shipping_price, { min: 0, max: 100_000 });
    if (typeof cents === 'string') fail('shipping_price', cents);
    else shippingCents = cents;
  }
  const phone = context.defaults.phone;
  if (phone === null) fail('', 'Set your phone in the defaults: a file has no phone column');

  if (errors.length > 0 || sku === null || name === undefined || condition === undefined || typeof price !== 'number' ||
    typeof original !== 'number' || category === undefined || location === null || phone === null) {
    return { sku, action: 'list', errors };
  }
  return {
    sku,
    action: 'list',
    errors: [],
    listing: {
      name, author, isbn, category, condition, location, number: phone, description: cells.description ?? '',
      ...(cells.title === undefined && isbn !== null && context.covers?.get(isbn) ? { img: context.covers.get(isbn) } : {}),
      resale_price_cents: price, orginal_price_cents: original,
      offers_meetup: deliveryCell !== 'shipping', offers_shipping: shipping, shipping_price_cents: shippingCents,
    },
  };
}

/** The ISBN-13s of rows that need the book-metadata service: an ISBN and no title. */
export function isbnsToLookUp(rows: readonly FileRow[]): string[] {
  const wanted = new Set<string>();
  for (const row of rows) {
    if (row.cells.title !== undefined || row.cells.isbn === undefined || row.cells.action?.toLowerCase() === 'delete') continue;
    const isbn = toIsbn13(row.cells.isbn);
    if (isbn !== undefined) wanted.add(isbn);
  }
  return [...wanted];
}

/** Whether a copy as listed differs from what the row makes of it. */
export function differs(listed: ImportListing, row: ImportListing): boolean {
  return COMPARED.some((field) => listed[field] !== row[field]);
}
