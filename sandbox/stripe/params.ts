/**
 * Parameters shared by the resources: metadata updates, positive amounts, currencies, and Stripe's list
 * pagination (`limit` 1–100, default 10, `starting_after` / `ending_before` cursors, newest first).
 */
import type Stripe from 'stripe';
import { parameterInvalid, parameterMissing, resourceMissing } from './errors';
import { type FormObject, readString } from './form';

/** Stripe merges metadata on update; an empty value removes that key. */
export function mergeMetadata(current: Stripe.Metadata, updates: Record<string, string> | undefined): Stripe.Metadata {
  if (!updates) return current;
  const merged: Stripe.Metadata = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** An amount in cents of at least 1, when given. */
export function readPositiveAmount(params: FormObject): number | undefined {
  const text = readString(params, 'amount');
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw parameterInvalid('amount', `Invalid positive integer: ${text}`);
  return Number(text);
}

export function requirePositiveAmount(params: FormObject): number {
  const amount = readPositiveAmount(params);
  if (amount === undefined) throw parameterMissing('amount');
  return amount;
}

/** A three-letter currency, lower-cased as Stripe answers it. */
export function requireCurrency(params: FormObject): string {
  const text = readString(params, 'currency');
  if (text === undefined) throw parameterMissing('currency');
  const currency = text.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw parameterInvalid('currency', `Invalid currency: ${text}.`, 'parameter_invalid');
  return currency;
}

function readLimit(params: FormObject): number {
  const text = readString(params, 'limit') ?? '10';
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 100) {
    throw parameterInvalid('limit', 'This value must be between 1 and 100.');
  }
  return Number(text);
}

/** One page of `newestFirst`, as Stripe's list calls answer it. `kind` names the object in errors. */
export function listPage<T extends { id: string }>(
  newestFirst: readonly T[],
  params: FormObject,
  url: string,
  kind: string,
): Stripe.ApiList<T> {
  const limit = readLimit(params);
  const cursor = (param: 'starting_after' | 'ending_before'): number | undefined => {
    const id = readString(params, param);
    if (id === undefined || id === '') return undefined;
    const index = newestFirst.findIndex((item) => item.id === id);
    if (index < 0) throw resourceMissing(kind, id, param, 400);
    return index;
  };
  const after = cursor('starting_after');
  const before = after === undefined ? cursor('ending_before') : undefined;
  let start = 0;
  let end = Math.min(limit, newestFirst.length);
  let hasMore = newestFirst.length > limit;
  if (after !== undefined) {
    start = after + 1;
    end = Math.min(start + limit, newestFirst.length);
    hasMore = end < newestFirst.length;
  } else if (before !== undefined) {
    start = Math.max(0, before - limit);
    end = before;
    hasMore = start > 0;
  }
  return { object: 'list', data: newestFirst.slice(start, end), has_more: hasMore, url };
}
