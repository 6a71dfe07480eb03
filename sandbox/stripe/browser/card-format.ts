/**
 * The card element's text rules, kept free of the DOM: digit grouping as Stripe's card element
 * shows it, the "MM / YY" expiry mask, and which validation error each field shows when.
 */
import {
  type CardBrand,
  type CardProblem,
  cardBrand,
  cardNumberGroups,
  cardNumberLength,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  cvcLength,
  digitsOnly,
  problem,
} from '../shared/cards';

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'postalCode'];

/**
 * When a field's problems are reported: while typing only definite mistakes (a full number
 * failing Luhn, a full past date); after the field loses focus also incomplete values; on
 * submit also empty ones.
 */
export type CheckMode = 'typing' | 'blurred' | 'submit';

/** The raw (digit) values behind the inputs. */
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export const EMPTY_VALUES: CardValues = { number: '', expiry: '', cvc: '', postalCode: '' };

export function formatCardNumber(digits: string): string {
  const groups = cardNumberGroups(cardBrand(digits));
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** Digits the number input keeps: only digits, at most the brand's length. */
export function normalizeCardNumber(text: string): string {
  const digits = digitsOnly(text);
  return digits.slice(0, cardNumberLength(cardBrand(digits)));
}

/**
 * Expiry digits MMYY from what was typed: "4" means April ("04"), "13" means "01 / 3",
 * as Stripe's mask does; at most four digits.
 */
export function normalizeExpiry(text: string): string {
  let digits = digitsOnly(text);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  if (/^1[3-9]/.test(digits)) digits = `0${digits}`;
  if (/^00/.test(digits)) digits = '0';
  return digits.slice(0, 4);
}

/** "MM / YY"; after two digits the separator appears, except while the user deletes. */
export function formatExpiry(digits: string, deleting: boolean): string {
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function normalizeCvc(text: string, brand: CardBrand): string {
  return digitsOnly(text).slice(0, cvcLength(brand));
}

export function normalizePostalCode(text: string): string {
  return text.replace(/[^0-9A-Za-z -]/g, '').slice(0, 10);
}

export function expiryParts(digits: string): { month: number; year: number } | null {
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function fieldProblem(
  field: CardField,
  values: CardValues,
  mode: CheckMode,
  now: Date,
): CardProblem | null {
  const brand = cardBrand(values.number);
  const value = values[field];
  if (value === '' && mode !== 'submit') return null;
  switch (field) {
    case 'number': {
      const found = checkCardNumber(value, 'invalid_number');
      if (mode === 'typing' && found?.code === 'incomplete_number') return null;
      return found;
    }
    case 'expiry': {
      const parts = expiryParts(value);
      if (!parts) return mode === 'typing' ? null : problem('incomplete_expiry');
      return checkExpiry(parts.month, parts.year, now);
    }
    case 'cvc': {
      const found = checkCvc(value, brand);
      return mode === 'typing' && found?.code === 'incomplete_cvc' ? null : found;
    }
    case 'postalCode':
      // Stripe accepts any postal code shape (countries differ); only an empty one is refused.
      return value.trim() === '' ? problem('incomplete_zip') : null;
  }
}

export function fieldComplete(field: CardField, values: CardValues, now: Date): boolean {
  return fieldProblem(field, values, 'submit', now) === null;
}

/**
 * Where the caret goes after reformatting: after the same number of significant characters
 * (digits, for the masked fields) as before it, so typing in the middle does not jump.
 */
export function caretAfter(formatted: string, significantBefore: number): number {
  if (significantBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i])) seen += 1;
    if (seen === significantBefore) return i + 1;
  }
  return formatted.length;
}
