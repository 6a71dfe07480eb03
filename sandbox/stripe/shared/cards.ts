/**
 * Card rules shared by the sandbox service and the sandbox Stripe.js: brand detection, Luhn,
 * field validation with Stripe's own codes and wording, and the test-mode outcome of charging
 * a card number. Pure functions only, so the browser bundle can include this file as is.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Codes Stripe uses for card input problems (Elements validation and the API's card_error). */
export type CardErrorCode =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incorrect_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_year'
  | 'invalid_expiry_month_past'
  | 'invalid_expiry_year_past'
  | 'incomplete_cvc'
  | 'invalid_cvc'
  | 'incomplete_zip';

/** Stripe's messages for those codes, word for word. */
export const CARD_ERROR_MESSAGES: Readonly<Record<CardErrorCode, string>> = {
  incomplete_number: 'Your card number is incomplete.',
  invalid_number: 'Your card number is invalid.',
  incorrect_number: 'Your card number is incorrect.',
  incomplete_expiry: "Your card's expiration date is incomplete.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_expiry_month_past: "Your card's expiration date is in the past.",
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  incomplete_cvc: "Your card's security code is incomplete.",
  invalid_cvc: "Your card's security code is invalid.",
  incomplete_zip: 'Your postal code is incomplete.',
};

export interface CardProblem {
  code: CardErrorCode;
  message: string;
}

export function problem(code: CardErrorCode): CardProblem {
  return { code, message: CARD_ERROR_MESSAGES[code] };
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Brand from the leading digits (IIN ranges as Stripe's card element recognises them). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|3095|38|39)/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Number of digits a complete card number of this brand has. */
export function cardNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

/** Where the card element puts spaces: amex and diners use 4-6-x, the others groups of 4. */
export function cardNumberGroups(brand: CardBrand): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners') return [4, 6, 4];
  return [4, 4, 4, 4];
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Card number check. `invalidCode` differs by caller: the card element says 'invalid_number'
 * ("Your card number is invalid."), the API says 'incorrect_number' ("... is incorrect.").
 */
export function checkCardNumber(digits: string, invalidCode: 'invalid_number' | 'incorrect_number'): CardProblem | null {
  const expected = cardNumberLength(cardBrand(digits));
  if (digits.length < expected) return problem('incomplete_number');
  if (digits.length > expected || !luhnValid(digits)) return problem(invalidCode);
  return null;
}

/** Two-digit years mean 20YY, as on the card itself and in Stripe's API. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** Expiry check against `now` (a card is valid through the last day of its month). */
export function checkExpiry(month: number, year: number, now: Date): CardProblem | null {
  if (!Number.isInteger(month) || month < 1 || month > 12) return problem('invalid_expiry_month');
  if (!Number.isInteger(year)) return problem('invalid_expiry_year');
  const fourDigitYear = fullYear(year);
  const thisYear = now.getFullYear();
  if (fourDigitYear < thisYear) return problem('invalid_expiry_year_past');
  if (fourDigitYear > thisYear + 50) return problem('invalid_expiry_year');
  if (fourDigitYear === thisYear && month < now.getMonth() + 1) return problem('invalid_expiry_month_past');
  return null;
}

export function checkCvc(cvc: string, brand: CardBrand): CardProblem | null {
  if (!/^\d*$/.test(cvc)) return problem('invalid_cvc');
  if (cvc.length < cvcLength(brand)) return problem('incomplete_cvc');
  if (cvc.length > cvcLength(brand)) return problem('invalid_cvc');
  return null;
}

/** What happens when a valid card is charged, mirroring Stripe's documented test cards. */
export interface ChargeDecline {
  code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error';
  declineCode: string;
  message: string;
}

const DECLINED = 'Your card was declined.';
const TEST_CARD_DECLINES: Readonly<Record<string, ChargeDecline>> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** null means the charge succeeds (4242 4242 4242 4242 and every other valid number). */
export function chargeDecline(digits: string): ChargeDecline | null {
  return TEST_CARD_DECLINES[digits] ?? null;
}
