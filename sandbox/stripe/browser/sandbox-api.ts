/**
 * Browser calls to the sandbox service, shaped like Stripe.js's own calls to api.stripe.com:
 * form-encoded bodies carrying the publishable key as `key` (a "simple" CORS request, so no
 * preflight), answers either the object or Stripe's `{ error }` envelope.
 */
import { type FormObject, type FormValue, encodeForm } from '../form';
import type { StripeJsError } from './types';

export type ApiResult<T> = { ok: true; body: T } | { ok: false; error: StripeJsError };

/** Plain data (billing details, metadata) to form values; null/undefined are left out. */
export function toFormValue(value: unknown): FormValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value.map(toFormValue).filter((entry): entry is FormValue => entry !== undefined);
  }
  if (typeof value === 'object') {
    const result: FormObject = {};
    for (const [key, entry] of Object.entries(value)) {
      const converted = toFormValue(entry);
      if (converted !== undefined) result[key] = converted;
    }
    return result;
  }
  return undefined;
}

function isErrorEnvelope(body: unknown): body is { error: StripeJsError } {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object';
}

export class SandboxApi {
  constructor(
    private readonly base: string,
    private readonly publishableKey: string,
  ) {}

  post<T>(path: string, params: FormObject): Promise<ApiResult<T>> {
    return this.send<T>(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encodeForm({ ...params, key: this.publishableKey }),
    });
  }

  get<T>(path: string, params: FormObject): Promise<ApiResult<T>> {
    return this.send<T>(`${path}?${encodeForm({ ...params, key: this.publishableKey })}`, { method: 'GET' });
  }

  private async send<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, init);
    } catch {
      return {
        ok: false,
        error: {
          type: 'api_connection_error',
          message: `An error occurred with our connection to the payment sandbox at ${this.base}. Request was retried 0 times.`,
        },
      };
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, body: body as T };
    if (isErrorEnvelope(body)) return { ok: false, error: body.error };
    return { ok: false, error: { type: 'api_error', message: `The payment sandbox answered HTTP ${response.status}.` } };
  }
}
