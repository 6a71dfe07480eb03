/** Pure rules: form decoding, card checks, and the card element's masks. */
import {
  caretAfter,
  fieldProblem,
  formatCardNumber,
  formatExpiry,
  normalizeCardNumber,
  normalizeExpiry,
} from './browser/card-format';
import { encodeForm, parseForm } from './form';
import { cardBrand, chargeDecline, checkCardNumber, checkExpiry, luhnValid } from './shared/cards';

describe('parseForm', () => {
  it('decodes bracket nesting, indexed and [] arrays like Stripe', () => {
    expect(
      parseForm(
        'amount=100&metadata%5BbookingId%5D=b1&payment_method_types[]=card&payment_method_types[]=link' +
          '&expand[0]=x&expand[1]=y&card[exp_month]=04&billing_details[address][postal_code]=10001',
      ),
    ).toEqual({
      amount: '100',
      metadata: { bookingId: 'b1' },
      payment_method_types: ['card', 'link'],
      expand: ['x', 'y'],
      card: { exp_month: '04' },
      billing_details: { address: { postal_code: '10001' } },
    });
  });

  it('ignores keys that would reach Object.prototype', () => {
    const parsed = parseForm('__proto__[polluted]=yes&metadata[constructor]=x&a=1');
    expect(parsed).toEqual({ a: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('round-trips what encodeForm writes', () => {
    const value = { type: 'card', card: { number: '4242', cvc: '1 2' }, list: ['a', 'b'] };
    expect(parseForm(encodeForm(value))).toEqual(value);
  });
});

describe('card rules', () => {
  it('recognises brands and Luhn', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('checks numbers with the wording of the caller', () => {
    expect(checkCardNumber('4242', 'invalid_number')?.message).toBe('Your card number is incomplete.');
    expect(checkCardNumber('4242424242424241', 'invalid_number')?.message).toBe('Your card number is invalid.');
    expect(checkCardNumber('4242424242424241', 'incorrect_number')?.message).toBe('Your card number is incorrect.');
    expect(checkCardNumber('378282246310005', 'incorrect_number')).toBeNull();
  });

  it('checks expiry against today, valid through the end of the month', () => {
    const now = new Date(2030, 5, 15);
    expect(checkExpiry(6, 30, now)).toBeNull();
    expect(checkExpiry(5, 2030, now)?.code).toBe('invalid_expiry_month_past');
    expect(checkExpiry(12, 29, now)?.message).toBe("Your card's expiration year is in the past.");
  });

  it("knows Stripe's declining test cards", () => {
    expect(chargeDecline('4000000000000002')).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline' });
    expect(chargeDecline('4000000000009995')?.message).toBe('Your card has insufficient funds.');
    expect(chargeDecline('4242424242424242')).toBeNull();
  });
});

describe('card element masks', () => {
  it('groups digits by brand and caps the length', () => {
    expect(formatCardNumber(normalizeCardNumber('42424242424242424242'))).toBe('4242 4242 4242 4242');
    expect(formatCardNumber(normalizeCardNumber('3782-822463-10005'))).toBe('3782 822463 10005');
  });

  it('masks the expiry as MM / YY', () => {
    expect(formatExpiry(normalizeExpiry('4'), false)).toBe('04 / ');
    expect(formatExpiry(normalizeExpiry('13'), false)).toBe('01 / 3');
    expect(formatExpiry(normalizeExpiry('1234'), false)).toBe('12 / 34');
    expect(formatExpiry(normalizeExpiry('12 /'), true)).toBe('12');
  });

  it('reports incomplete fields only once they are left, and empty ones on submit', () => {
    const values = { number: '4242', expiry: '', cvc: '', postalCode: '' };
    const now = new Date();
    expect(fieldProblem('number', values, 'typing', now)).toBeNull();
    expect(fieldProblem('number', values, 'blurred', now)?.code).toBe('incomplete_number');
    expect(fieldProblem('expiry', values, 'blurred', now)).toBeNull();
    expect(fieldProblem('expiry', values, 'submit', now)?.message).toBe("Your card's expiration date is incomplete.");
  });

  it('keeps the caret after the same digit when reformatting', () => {
    expect(caretAfter('4242 4242 4', 5)).toBe(6);
    expect(caretAfter('4242 4242 4', 0)).toBe(0);
  });
});
