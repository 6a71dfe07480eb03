/**
 * `POST /v1/payment_methods` (type=card): validates the raw card fields the way Stripe's test
 * mode does, then keeps a PaymentMethod with brand/last4 and the test outcome of charging it.
 * Stripe's test PaymentMethod ids (`pm_card_visa`, `pm_card_chargeDeclined`...) work too.
 */
import { Buffer } from 'node:buffer';
import type Stripe from 'stripe';
import { cardInputError, parameterInvalid, parameterMissing, resourceMissing } from './errors';
import { type FormObject, readObject, readString, readStringMap } from './form';
import { newId, unixNow } from './ids';
import {
  cardBrand,
  chargeDecline,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  digitsOnly,
  fullYear,
} from './shared/cards';
import type { SandboxStore, StoredPaymentMethod } from './store';

/** Stripe's ready-made test PaymentMethods and the card numbers behind them. */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
};

interface CardFields {
  number: string;
  expMonth: number;
  expYear: number;
}

/** Checks in the order a customer reads the form: number, expiry, then CVC. */
function validateCard(card: FormObject | undefined, now: Date): CardFields {
  const number = digitsOnly(readString(card ?? {}, 'number') ?? '');
  const numberProblem = checkCardNumber(number, 'incorrect_number');
  if (numberProblem) throw cardInputError(numberProblem.code, 'card[number]');

  const monthText = readString(card ?? {}, 'exp_month') ?? '';
  const yearText = readString(card ?? {}, 'exp_year') ?? '';
  if (monthText === '' || yearText === '') {
    throw cardInputError('incomplete_expiry', monthText === '' ? 'card[exp_month]' : 'card[exp_year]');
  }
  const expMonth = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  const expYear = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  const expiryProblem = checkExpiry(expMonth, expYear, now);
  if (expiryProblem) {
    const param = expiryProblem.code.startsWith('invalid_expiry_month') ? 'card[exp_month]' : 'card[exp_year]';
    throw cardInputError(expiryProblem.code, param);
  }

  const cvcProblem = checkCvc(readString(card ?? {}, 'cvc') ?? '', cardBrand(number));
  if (cvcProblem) throw cardInputError(cvcProblem.code, 'card[cvc]');
  return { number, expMonth, expYear: fullYear(expYear) };
}

function billingDetails(form: FormObject | undefined): Stripe.PaymentMethod.BillingDetails {
  const address = readObject(form ?? {}, 'address');
  const field = (source: FormObject | undefined, key: string): string | null => {
    const value = source ? readString(source, key) : undefined;
    return value === undefined || value === '' ? null : value;
  };
  return {
    address: address
      ? {
          city: field(address, 'city'),
          country: field(address, 'country'),
          line1: field(address, 'line1'),
          line2: field(address, 'line2'),
          postal_code: field(address, 'postal_code'),
          state: field(address, 'state'),
        }
      : null,
    email: field(form, 'email'),
    name: field(form, 'name'),
    phone: field(form, 'phone'),
    tax_id: null,
  };
}

function buildCardPaymentMethod(fields: CardFields, params: FormObject): StoredPaymentMethod {
  const brand = cardBrand(fields.number);
  const paymentMethod: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(readObject(params, 'billing_details')),
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: 'US',
      display_brand: brand,
      exp_month: fields.expMonth,
      exp_year: fields.expYear,
      // Same card, same fingerprint: derived from the number without storing it.
      fingerprint: Buffer.from(fields.number.slice(-8)).toString('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: fields.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: readStringMap(params, 'metadata') ?? {},
    type: 'card',
  };
  return { paymentMethod, decline: chargeDecline(fields.number) };
}

export class PaymentMethods {
  constructor(private readonly store: SandboxStore) {}

  /** Creates a card PaymentMethod from `type=card&card[number]=...` style params. */
  create(params: FormObject): Stripe.PaymentMethod {
    const type = readString(params, 'type');
    if (!type) throw parameterMissing('type');
    if (type !== 'card') {
      throw parameterInvalid('type', `The payment sandbox supports only type 'card', not '${type}'.`, 'parameter_invalid');
    }
    const stored = buildCardPaymentMethod(validateCard(readObject(params, 'card'), new Date()), params);
    this.store.paymentMethods.set(stored.paymentMethod.id, stored);
    this.store.save();
    return stored.paymentMethod;
  }

  /** A stored PaymentMethod, or a fresh one for a Stripe test id such as `pm_card_visa`. */
  resolve(id: string, param = 'payment_method'): StoredPaymentMethod {
    const stored = this.store.paymentMethods.get(id);
    if (stored) return stored;
    const testNumber = TEST_PAYMENT_METHODS[id];
    if (!testNumber) throw resourceMissing('PaymentMethod', id, param);
    const made = buildCardPaymentMethod(
      { number: testNumber, expMonth: 12, expYear: new Date().getFullYear() + 3 },
      { type: 'card' },
    );
    this.store.paymentMethods.set(made.paymentMethod.id, made);
    return made;
  }

  retrieve(id: string): Stripe.PaymentMethod {
    return this.resolve(id, 'payment_method').paymentMethod;
  }
}
