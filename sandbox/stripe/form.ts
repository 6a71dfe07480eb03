/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies (and query strings) with
 * bracket nesting: `metadata[bookingId]=b1`, `payment_method_types[0]=card` (the Node SDK's
 * style) or `payment_method_types[]=card` (the browser's style), `card[exp_month]=12`.
 * This turns them into plain nested values and offers typed readers for them.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Keys that would reach Object.prototype if copied naively. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function splitName(name: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return null;
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
  return [match[1], ...rest];
}

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects whose keys are all indices (or `[]` pushes) become arrays, in index order. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (!isFormObject(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key]);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key) || key.startsWith('\u0000push'))) {
    return keys
      .map((key) => ({ key, order: key.startsWith('\u0000push') ? Number(key.slice(5)) + 1e9 : Number(key) }))
      .sort((a, b) => a.order - b.order)
      .map(({ key }) => converted[key]);
  }
  return converted;
}

export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  let pushCount = 0;
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = splitName(name);
    if (!path || path.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    let node: FormObject = root;
    path.forEach((part, index) => {
      // `[]` appends: give it a unique key that sorts after explicit indices.
      const key = part === '' ? `\u0000push${pushCount++}` : part;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (!isFormObject(next)) node[key] = {};
      node = node[key] as FormObject;
    });
  }
  return arraysFromIndexedObjects(root) as FormObject;
}

/** Encodes nested values the way Stripe.js does (used by the browser sandbox and tests). */
export function encodeForm(value: FormObject): string {
  const pairs: string[] = [];
  const walk = (prefix: string, item: FormValue): void => {
    if (typeof item === 'string') {
      pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(item)}`);
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => walk(`${prefix}[${index}]`, entry));
    } else {
      for (const [key, entry] of Object.entries(item)) walk(prefix ? `${prefix}[${key}]` : key, entry);
    }
  };
  walk('', value);
  return pairs.join('&');
}

export function readString(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

export function readObject(form: FormObject, key: string): FormObject | undefined {
  const value = form[key];
  return isFormObject(value) ? value : undefined;
}

export function readStringList(form: FormObject, key: string): string[] | undefined {
  const value = form[key];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return undefined;
  return value.filter((entry): entry is string => typeof entry === 'string');
}

/** A flat string map (metadata), ignoring nested values Stripe would reject anyway. */
export function readStringMap(form: FormObject, key: string): Record<string, string> | undefined {
  const value = readObject(form, key);
  if (!value) return undefined;
  const map: Record<string, string> = {};
  for (const [entryKey, entry] of Object.entries(value)) {
    if (typeof entry === 'string') map[entryKey] = entry;
  }
  return map;
}

export function readBoolean(form: FormObject, key: string): boolean | undefined {
  const value = readString(form, key);
  if (value === undefined) return undefined;
  return value === 'true';
}
