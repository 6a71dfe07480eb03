import { badRequest } from './errors';

/** Where an amount comes from (named in messages) and the whole cents it may be. */
export interface MoneyField {
  field: string;
  minCents: number;
  maxCents: number;
}

/** Dollars: digits, then optionally a point and one or two digits. No sign, exponent or spaces inside. */
const DOLLARS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
/** Whole dollars past this many digits are out of any bounds; it also keeps cents a safe integer. */
const MAX_WHOLE_DIGITS = 12;

/**
 * Reads dollars (a number, or decimal text such as "12", "12.5", "12.50") as whole cents, exactly:
 * the text's digits are counted, never multiplied as a float. Infinity, NaN, exponents and a third
 * decimal are refused, as is anything outside the field's bounds, with a 400 naming the field.
 */
export function parseMoney(value: number | string, { field, minCents, maxCents }: MoneyField): number {
  const text = (typeof value === 'number' ? String(value) : value).trim();
  const match = DOLLARS.exec(text);
  if (!match) throw badRequest(`${field} must be an amount in dollars with at most two decimals, like 12 or 12.50`);
  const [, sign, whole, fraction = ''] = match;
  const bounds = () => badRequest(`${field} must be between ${formatCents(minCents)} and ${formatCents(maxCents)}`);
  const significant = whole.replace(/^0+/, '');
  if (sign === '-' || significant.length > MAX_WHOLE_DIGITS) throw bounds();
  const cents = Number(significant || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents < minCents || cents > maxCents) throw bounds();
  return cents;
}

/** Prices are stored as whole cents and travel as dollars (a JSON number with up to two decimals). */
export function toDollars(cents: number): number {
  return cents / 100;
}

/** `$8.00` style, for messages. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
