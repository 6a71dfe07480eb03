/**
 * Stripe's error envelope `{ error: { type, code, message, param, ... } }` with the HTTP status
 * Stripe pairs with it; the Node SDK picks its error class from that status (400/404 invalid
 * request, 401 authentication, 402 card error, 403 permission).
 */
import type Stripe from 'stripe';
import { CARD_ERROR_MESSAGES, type CardErrorCode, type ChargeDecline } from './shared/cards';

export type StripeErrorType = 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent | Record<string, unknown>;
  payment_method?: Stripe.PaymentMethod;
}

const DOCS = 'https://stripe.com/docs/error-codes';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

function docUrl(code: string): string {
  return `${DOCS}/${code.replace(/_/g, '-')}`;
}

/** An unknown id: 404 in the path, 400 when a parameter names it (`destination`, `starting_after`). */
export function resourceMissing(kind: string, id: string, param: string, status: 400 | 404 = 404): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function parameterMissing(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    doc_url: docUrl('parameter_missing'),
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function parameterInvalid(param: string, message: string, code = 'parameter_invalid_integer'): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code, doc_url: docUrl(code), message, param });
}

export function unexpectedState(message: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    doc_url: docUrl('payment_intent_unexpected_state'),
    message,
  });
}

/** Invalid card input sent to the API: a 402 card_error, like Stripe's test mode. */
export function cardInputError(code: CardErrorCode, param: string): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code,
    doc_url: docUrl(code),
    message: CARD_ERROR_MESSAGES[code],
    param,
  });
}

export function declineError(decline: ChargeDecline, charge: string): StripeErrorBody {
  return {
    type: 'card_error',
    code: decline.code,
    decline_code: decline.declineCode,
    doc_url: docUrl(decline.code),
    message: decline.message,
    charge,
  };
}

/** Secret keys shown in errors are masked like Stripe does, keeping the last 4 characters. */
function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  const tail = key.slice(-4);
  return `${prefix}${'*'.repeat(Math.max(key.length - prefix.length - 4, 0))}${tail}`;
}

export function authenticationError(key: string | undefined): StripeApiError {
  const message = key
    ? `Invalid API Key provided: ${maskKey(key)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}

export function secretKeyRequired(): StripeApiError {
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
  });
}

export function clientSecretMismatch(): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message: 'The client_secret provided does not match any associated PaymentIntent on this account.',
    param: 'client_secret',
  });
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}

export function idempotencyMismatch(key: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
}

/** A refund asked for more than is left of the charge, or of a charge already refunded. */
export function refundError(code: 'charge_already_refunded' | 'amount_too_large', message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code, doc_url: docUrl(code), message });
}

/** A refused request with an optional code (and its doc_url) and parameter. */
export function invalidRequest(message: string, details: { code?: string; param?: string } = {}): StripeApiError {
  const { code, param } = details;
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    message,
    ...(param ? { param } : {}),
  });
}

/** A transfer or payout larger than the available balance. */
export function balanceInsufficient(message: string): StripeApiError {
  return invalidRequest(message, { code: 'balance_insufficient' });
}

/** Stripe's answer when the Stripe-Account header names an account the key cannot reach. */
export function accountInvalid(key: string, account: string): StripeApiError {
  return new StripeApiError(403, {
    type: 'invalid_request_error',
    code: 'account_invalid',
    doc_url: docUrl('account_invalid'),
    message: `The provided key '${maskKey(key)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
  });
}

/** A call the sandbox plays for the platform only, sent with a Stripe-Account header. */
export function platformOnly(method: string, path: string): StripeApiError {
  return invalidRequest(
    `The payment sandbox answers ${method} ${path} for the platform only: send it without a Stripe-Account header.`,
  );
}
