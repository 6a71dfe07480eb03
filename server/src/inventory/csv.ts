/**
 * The inventory file's columns and how a cell is written (server/src/inventory/README.md).
 * The same columns go in (an import) and out (`GET /inventory.csv`), so that a file exported and
 * imported again changes nothing.
 */
export const INVENTORY_COLUMNS = [
  'sku', 'isbn', 'title', 'author', 'category', 'condition', 'price', 'original_price',
  'location', 'delivery', 'shipping_price', 'description', 'action',
] as const;
export type InventoryColumn = (typeof INVENTORY_COLUMNS)[number];

/** The `delivery` cell: what a copy offers. */
export type DeliveryCell = 'meetup' | 'shipping' | 'both';
export const DELIVERY_CELLS: readonly DeliveryCell[] = ['meetup', 'shipping', 'both'];

export function deliveryCell(meetup: boolean, shipping: boolean): DeliveryCell {
  if (meetup && shipping) return 'both';
  return shipping ? 'shipping' : 'meetup';
}

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a
 * formula (CSV injection). This matches such a start after any apostrophes.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * `value` as a spreadsheet shows it and cannot run: one that starts like a formula gets an
 * apostrophe before it (OWASP's advice), which an import takes off again (`cellText`). A text
 * that already starts with apostrophes before such a start gets one more, so it reads back whole.
 */
export function inertCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The text of an imported cell: the apostrophe `inertCell` put before a formula-like start taken off. */
export function cellText(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces. */
function field(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One inert CSV cell, quoted when it must be. */
export const csvCell = (value: string): string => field(inertCell(value));

/** One CSV line of inert cells, ending in CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Cents as the dollars of a cell: `12.50`. */
export const dollarsCell = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));
