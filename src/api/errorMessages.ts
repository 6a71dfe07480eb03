import { copy } from '../config/copy';

/**
 * What kind of failure an error is, whatever threw it: an RTK Query error (`status` a number or
 * `FETCH_ERROR`, `TIMEOUT_ERROR`, …), the identity provider's error (`code: 'auth/…'`), or a
 * plain `Error`.
 */
export type FailureKind =
  | 'offline'
  | 'unreachable'
  | 'timeout'
  | 'server'
  | 'busy'
  | 'session'
  | 'notFound'
  | 'invalid'
  | 'tooLarge'
  | 'refused'
  | 'auth'
  | 'other';

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The identity provider's code, from the error's `code` or from its message ("Firebase: Error (auth/wrong-password)."). */
export function authCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('auth/')) return code;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return /\((auth\/[a-z-]+)\)/.exec(message)?.[1];
  return undefined;
}

export function failureKind(error: unknown): FailureKind {
  if (authCodeOf(error)) return 'auth';
  const status = statusOf(error);
  if (status === 'FETCH_ERROR') return browserOffline() ? 'offline' : 'unreachable';
  if (status === 'TIMEOUT_ERROR') return 'timeout';
  if (status === 'PARSING_ERROR') return 'server';
  if (typeof status !== 'number') return 'other';
  if (status >= 500) return 'server';
  if (status === 429) return 'busy';
  if (status === 401) return 'session';
  if (status === 404) return 'notFound';
  if (status === 413) return 'tooLarge';
  if (status === 400) return 'invalid';
  return 'refused';
}

/** Failures that say nothing about what was asked: retrying later may well work. */
export const isTransient = (error: unknown): boolean =>
  ['offline', 'unreachable', 'timeout', 'server', 'busy'].includes(failureKind(error));

const authMessages: Record<string, string> = {
  'auth/wrong-password': copy.messages.auth.wrongCredentials,
  'auth/invalid-credential': copy.messages.auth.wrongCredentials,
  'auth/invalid-login-credentials': copy.messages.auth.wrongCredentials,
  'auth/user-not-found': copy.messages.auth.wrongCredentials,
  'auth/invalid-email': copy.messages.auth.invalidEmail,
  'auth/missing-email': copy.messages.auth.invalidEmail,
  'auth/email-already-in-use': copy.messages.auth.emailInUse,
  'auth/credential-already-in-use': copy.messages.auth.emailInUse,
  'auth/account-exists-with-different-credential': copy.messages.auth.emailInUse,
  'auth/weak-password': copy.messages.auth.weakPassword,
  'auth/missing-password': copy.messages.auth.missingPassword,
  'auth/too-many-requests': copy.messages.auth.tooManyRequests,
  'auth/network-request-failed': copy.messages.auth.network,
  'auth/user-disabled': copy.messages.auth.disabled,
  'auth/popup-closed-by-user': copy.messages.auth.popupClosed,
  'auth/cancelled-popup-request': copy.messages.auth.popupClosed,
  'auth/popup-blocked': copy.messages.auth.popupBlocked,
};

/** The API's `{ message }`, if it sent one. */
function serverMessage(error: unknown): string | undefined {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/**
 * A schema's wording ("params/id must match pattern …", "body/price must be >= 0.5",
 * "querystring must have required property 'email'"): meant for developers, never for the screen.
 */
const VALIDATION_DETAIL = /^(body|params|querystring|headers)(\/\S*)?\s/;
export const isValidationDetail = (message: string): boolean => VALIDATION_DETAIL.test(message);

/**
 * One plain sentence for a failure. `fallback` says what failed in the words of the screen that
 * asked ("We couldn't find this booking", "The image could not be uploaded."); it is used when
 * the failure itself has nothing to tell a person (a 404, a validation detail, an unknown code).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const kind = failureKind(error);
  switch (kind) {
    case 'auth': {
      const code = authCodeOf(error) ?? '';
      return authMessages[code] ?? fallback;
    }
    case 'offline':
    case 'unreachable':
    case 'timeout':
    case 'server':
    case 'busy':
    case 'session':
      return copy.messages[kind];
    case 'tooLarge':
      return copy.products.tooLarge;
    case 'notFound':
      return fallback;
    case 'invalid':
    case 'refused': {
      // The API's own refusals are written for people ("This book is already sold"); its
      // validation messages are not.
      const message = serverMessage(error);
      return message && !isValidationDetail(message) ? message : fallback;
    }
    case 'other': {
      const message = serverMessage(error) ?? (error instanceof Error ? error.message : undefined);
      return message && !isValidationDetail(message) && !message.startsWith('Firebase:') ? message : fallback;
    }
  }
}

/** "What failed" plus why, for a page or section that could not load. */
export function loadFailedMessage(error: unknown, what: string): string {
  const kind = failureKind(error);
  const why =
    kind === 'offline' || kind === 'unreachable' || kind === 'timeout' || kind === 'server' || kind === 'busy' || kind === 'session'
      ? copy.messages[kind]
      : errorMessage(error, copy.errors.generic);
  return `${what} ${why}`;
}
