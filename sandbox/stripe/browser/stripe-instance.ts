/**
 * The object `Stripe(pk)` returns: `elements()`, `createPaymentMethod`, `confirmCardPayment`,
 * `retrievePaymentIntent`, `createToken` and the wrapper hooks react-stripe-js and
 * @stripe/stripe-js call. Like Stripe.js, payment calls resolve `{ error }` instead of throwing;
 * misuse by the integration (bad arguments) throws an IntegrationError.
 */
import type { FormObject } from '../form';
import { cardBrand } from '../shared/cards';
import { type CardSource, cardSourceOf, createCardElement } from './card-element';
import { expiryParts } from './card-format';
import { SandboxApi, toFormValue } from './sandbox-api';
import { type CardElementOptions, IntegrationError, type SandboxCardElement, type StripeJsError } from './types';

type Result<K extends string> = Promise<{ [P in K]: Record<string, unknown> } | { error: StripeJsError }>;

interface PaymentMethodData {
  type?: string;
  card?: unknown;
  billing_details?: Record<string, unknown>;
  metadata?: Record<string, string>;
}

function validationError(source: CardSource): StripeJsError | null {
  const found = source.submitProblem();
  return found ? { type: 'validation_error', code: found.code, message: found.message } : null;
}

function requireCard(method: string, element: unknown): CardSource {
  const source = cardSourceOf(element);
  if (!source) {
    throw new IntegrationError(`Invalid value for ${method}: card should be a card Element created by elements.create('card').`);
  }
  return source;
}

/** `payment_method_data`-style fields for the API: the card plus billing details (with ZIP). */
function cardParams(source: CardSource, data: PaymentMethodData): FormObject {
  const values = source.values();
  const expiry = expiryParts(values.expiry);
  const billing = (toFormValue(data.billing_details) ?? {}) as FormObject;
  if (values.postalCode) {
    billing.address = { ...((billing.address as FormObject | undefined) ?? {}), postal_code: values.postalCode };
  }
  const params: FormObject = {
    type: 'card',
    card: {
      number: values.number,
      exp_month: expiry ? String(expiry.month) : '',
      exp_year: expiry ? String(expiry.year) : '',
      cvc: values.cvc,
    },
    billing_details: billing,
  };
  const metadata = toFormValue(data.metadata);
  if (metadata) params.metadata = metadata;
  return params;
}

function intentIdFrom(method: string, clientSecret: unknown): string {
  const match = typeof clientSecret === 'string' ? /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret) : null;
  if (!match) {
    throw new IntegrationError(
      `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}. You specified: ${String(clientSecret)}.`,
    );
  }
  return match[1];
}

function createElementsGroup() {
  let card: SandboxCardElement | null = null;
  return {
    create(type: string, options: CardElementOptions = {}): SandboxCardElement {
      if (type !== 'card') {
        throw new IntegrationError(`The payment sandbox implements only the 'card' Element, not '${type}'.`);
      }
      if (card) throw new IntegrationError('Can only create one Element of type card.');
      card = createCardElement(options, () => {
        card = null;
      });
      return card;
    },
    /** Takes 'card' or a react-stripe-js component (which carries `__elementType`). */
    getElement(typeOrComponent: unknown): SandboxCardElement | null {
      const type =
        typeof typeOrComponent === 'string'
          ? typeOrComponent
          : (typeOrComponent as { __elementType?: unknown } | null)?.__elementType;
      return type === 'card' ? card : null;
    },
    update(): void {
      // Group options (fonts, locale, appearance) do not change the sandbox card element.
    },
    fetchUpdates(): Promise<Record<string, never>> {
      return Promise.resolve({});
    },
    submit(): Promise<Record<string, never>> {
      return Promise.resolve({});
    },
  };
}

export function createStripe(publishableKey: unknown, apiBase: string) {
  if (typeof publishableKey !== 'string' || publishableKey === '') {
    throw new IntegrationError(`Invalid value for Stripe(): apiKey should be a string. You specified: ${String(publishableKey)}.`);
  }
  if (publishableKey.startsWith('sk_')) {
    throw new IntegrationError('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
  }
  const api = new SandboxApi(apiBase, publishableKey);
  const wrappers: unknown[] = [];

  async function createPaymentMethod(
    first: PaymentMethodData | string,
    element?: unknown,
    extra?: PaymentMethodData,
  ): Result<'paymentMethod'> {
    // Both call styles Stripe.js accepts: ({ type, card, ... }) and the older ('card', element, data).
    const data: PaymentMethodData = typeof first === 'string' ? { ...extra, type: first, card: element } : first;
    if (data.type !== 'card') {
      throw new IntegrationError(`The payment sandbox creates only 'card' PaymentMethods, not '${String(data.type)}'.`);
    }
    const source = requireCard('createPaymentMethod', data.card);
    const invalid = validationError(source);
    if (invalid) return { error: invalid };
    const result = await api.post<Record<string, unknown>>('/v1/payment_methods', cardParams(source, data));
    return result.ok ? { paymentMethod: result.body } : { error: result.error };
  }

  async function confirmCardPayment(
    clientSecret: string,
    data: { payment_method?: string | PaymentMethodData; receipt_email?: string } = {},
  ): Result<'paymentIntent'> {
    const id = intentIdFrom('confirmCardPayment', clientSecret);
    const params: FormObject = { client_secret: clientSecret };
    if (typeof data.payment_method === 'string') {
      params.payment_method = data.payment_method;
    } else if (data.payment_method) {
      const source = requireCard('confirmCardPayment', data.payment_method.card);
      const invalid = validationError(source);
      if (invalid) return { error: invalid };
      params.payment_method_data = cardParams(source, data.payment_method);
    }
    if (data.receipt_email) params.receipt_email = data.receipt_email;
    const result = await api.post<Record<string, unknown>>(`/v1/payment_intents/${id}/confirm`, params);
    return result.ok ? { paymentIntent: result.body } : { error: result.error };
  }

  async function retrievePaymentIntent(clientSecret: string): Result<'paymentIntent'> {
    const id = intentIdFrom('retrievePaymentIntent', clientSecret);
    const result = await api.get<Record<string, unknown>>(`/v1/payment_intents/${id}`, { client_secret: clientSecret });
    return result.ok ? { paymentIntent: result.body } : { error: result.error };
  }

  /** Tokens are a legacy API; the sandbox answers a local token without calling the service. */
  async function createToken(element: unknown): Result<'token'> {
    const source = requireCard('createToken', element);
    const invalid = validationError(source);
    if (invalid) return { error: invalid };
    const values = source.values();
    const expiry = expiryParts(values.expiry);
    const suffix = Math.random().toString(36).slice(2, 12);
    return {
      token: {
        id: `tok_sandbox${suffix}`,
        object: 'token',
        type: 'card',
        livemode: false,
        used: false,
        created: Math.floor(Date.now() / 1000),
        card: {
          id: `card_sandbox${suffix}`,
          object: 'card',
          brand: cardBrand(values.number),
          last4: values.number.slice(-4),
          exp_month: expiry?.month,
          exp_year: expiry?.year,
          address_zip: values.postalCode || null,
        },
      },
    };
  }

  return {
    elements: (_options?: unknown) => createElementsGroup(),
    createPaymentMethod,
    confirmCardPayment,
    retrievePaymentIntent,
    createToken,
    registerAppInfo(info: unknown): void {
      wrappers.push(info);
    },
    _registerWrapper(info: unknown): void {
      wrappers.push(info);
    },
    /** Not Stripe API: lets a page or test see that it talks to the sandbox, and where. */
    _sandbox: { apiBase, wrappers },
  };
}

export type SandboxStripe = ReturnType<typeof createStripe>;
