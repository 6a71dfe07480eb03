/**
 * PaymentIntents: create, retrieve, update, confirm (charging a card PaymentMethod with Stripe's
 * test-card outcomes), capture and cancel, with the same status transitions and error answers
 * as Stripe's test mode for the card-only flows the app uses.
 */
import type Stripe from 'stripe';
import {
  StripeApiError,
  declineError,
  parameterInvalid,
  parameterMissing,
  resourceMissing,
  unexpectedState,
} from './errors';
import { type FormObject, readBoolean, readObject, readString, readStringList, readStringMap } from './form';
import { newId, randomToken, unixNow } from './ids';
import { mergeMetadata } from './params';
import type { PaymentMethods } from './payment-methods';
import type { SandboxStore } from './store';

const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

function readAmount(params: FormObject, required: boolean): number | undefined {
  const text = readString(params, 'amount');
  if (text === undefined) {
    if (required) throw parameterMissing('amount');
    return undefined;
  }
  if (!/^\d+$/.test(text)) throw parameterInvalid('amount', `Invalid integer: ${text}`);
  const amount = Number(text);
  if (amount < MIN_AMOUNT) {
    throw parameterInvalid('amount', 'Amount must be at least $0.50 usd', 'amount_too_small');
  }
  if (amount > MAX_AMOUNT) {
    throw parameterInvalid('amount', 'Amount must be no more than $999,999.99', 'amount_too_large');
  }
  return amount;
}

function readCurrency(params: FormObject, required: boolean): string | undefined {
  const text = readString(params, 'currency');
  if (text === undefined) {
    if (required) throw parameterMissing('currency');
    return undefined;
  }
  const currency = text.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw parameterInvalid('currency', `Invalid currency: ${text}.`, 'parameter_invalid');
  }
  return currency;
}

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Told of each PaymentIntent that has just succeeded (webhooks). */
export type SucceededListener = (intent: Stripe.PaymentIntent) => void;

export class PaymentIntents {
  constructor(
    private readonly store: SandboxStore,
    private readonly paymentMethods: PaymentMethods,
    private readonly onSucceeded: SucceededListener = () => undefined,
  ) {}

  create(params: FormObject): Stripe.PaymentIntent {
    const amount = readAmount(params, true) ?? 0;
    const currency = readCurrency(params, true) ?? 'usd';
    const id = newId('pi');
    // The SDK's API version (endive) names the list allowed_payment_method_types, older ones payment_method_types.
    const allowedTypes = readStringList(params, 'allowed_payment_method_types');
    const automatic = readBoolean(readObject(params, 'automatic_payment_methods') ?? {}, 'enabled') === true;
    const intent: Stripe.PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: allowedTypes ?? null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: readString(params, 'capture_method') === 'manual' ? 'manual' : 'automatic_async',
      client_secret: `${id}_secret_${randomToken(25)}`,
      confirmation_method: 'automatic',
      created: unixNow(),
      currency,
      customer: null,
      customer_account: null,
      description: readString(params, 'description') ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: readStringMap(params, 'metadata') ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: allowedTypes ?? readStringList(params, 'payment_method_types') ?? ['card'],
      payment_record: null,
      processing: null,
      receipt_email: readString(params, 'receipt_email') ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: readString(params, 'statement_descriptor') ?? null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    const paymentMethodId = readString(params, 'payment_method');
    if (paymentMethodId) {
      intent.payment_method = this.paymentMethods.resolve(paymentMethodId).paymentMethod.id;
      intent.status = 'requires_confirmation';
    }
    this.store.paymentIntents.set(id, intent);
    this.store.save();
    return readBoolean(params, 'confirm') ? this.confirm(id, {}) : intent;
  }

  retrieve(id: string): Stripe.PaymentIntent {
    const intent = this.store.paymentIntents.get(id);
    if (!intent) throw resourceMissing('payment_intent', id, 'intent');
    return intent;
  }

  update(id: string, params: FormObject): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw unexpectedState(`You cannot update this PaymentIntent because it has a status of ${intent.status}.`);
    }
    intent.amount = readAmount(params, false) ?? intent.amount;
    intent.currency = readCurrency(params, false) ?? intent.currency;
    intent.description = readString(params, 'description') ?? intent.description;
    intent.receipt_email = readString(params, 'receipt_email') ?? intent.receipt_email;
    intent.metadata = mergeMetadata(intent.metadata, readStringMap(params, 'metadata'));
    const paymentMethodId = readString(params, 'payment_method');
    if (paymentMethodId) {
      intent.payment_method = this.paymentMethods.resolve(paymentMethodId).paymentMethod.id;
      intent.status = 'requires_confirmation';
    }
    this.store.save();
    return intent;
  }

  /**
   * Charges the PaymentMethod given as `payment_method` (an id), `payment_method_data` (raw card
   * fields, as Stripe.js sends them) or already attached. A decline answers 402 with the
   * updated PaymentIntent inside the error, as Stripe does.
   */
  confirm(id: string, params: FormObject): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    if (intent.status === 'succeeded') {
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    }
    if (!CONFIRMABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    }
    const stored = this.pickPaymentMethod(intent, params);
    intent.receipt_email = readString(params, 'receipt_email') ?? intent.receipt_email;
    const charge = newId('ch');
    intent.latest_charge = charge;
    if (stored.decline) {
      const error = declineError(stored.decline, charge);
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = { ...error, payment_method: stored.paymentMethod } as Stripe.PaymentIntent.LastPaymentError;
      this.store.save();
      throw new StripeApiError(402, { ...error, payment_intent: intent, payment_method: stored.paymentMethod });
    }
    intent.payment_method = stored.paymentMethod.id;
    intent.last_payment_error = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
    this.store.save();
    if (intent.status === 'succeeded') this.onSucceeded(intent);
    return intent;
  }

  capture(id: string, params: FormObject): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    intent.amount_received = readAmount(params, false) ?? intent.amount;
    intent.amount_capturable = 0;
    intent.status = 'succeeded';
    this.store.save();
    this.onSucceeded(intent);
    return intent;
  }

  cancel(id: string, params: FormObject): Stripe.PaymentIntent {
    const intent = this.retrieve(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = unixNow();
    intent.cancellation_reason = (readString(params, 'cancellation_reason') ?? null) as Stripe.PaymentIntent.CancellationReason | null;
    intent.amount_capturable = 0;
    this.store.save();
    return intent;
  }

  private pickPaymentMethod(intent: Stripe.PaymentIntent, params: FormObject) {
    const data = readObject(params, 'payment_method_data');
    if (data) {
      const created = this.paymentMethods.create({ ...data, type: readString(data, 'type') ?? 'card' });
      return this.paymentMethods.resolve(created.id);
    }
    const id = readString(params, 'payment_method') ?? (typeof intent.payment_method === 'string' ? intent.payment_method : null);
    if (!id) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method, or confirm it again with one.",
      );
    }
    return this.paymentMethods.resolve(id);
  }
}
