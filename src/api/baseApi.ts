import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { getConfig } from '../config/env';
import { readAccessToken } from '../lib/tokenStorage';

export const MAX_RETRIES = 3;
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;
/** Unused cache entries are dropped after five minutes. */
export const KEEP_UNUSED_DATA_SECONDS = 300;
/**
 * One attempt gives up after this long. A time-out is not retried: an API that accepted the
 * connection and said nothing for 15 s is not helped by being asked again, and the page must
 * say so rather than wait for good.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

/** 1 s, 2 s, 4 s, ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/** Protected calls carry `authorization: bearer {token}` from localStorage.accessToken. */
export function withAccessToken(headers: Headers): Headers {
  const token = readAccessToken();
  if (token && !headers.has('authorization')) headers.set('authorization', `bearer ${token}`);
  return headers;
}

// The host is read per call (cheap): the configuration is validated at start, not at import.
const rawBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const started = Date.now();
  const result = await fetchBaseQuery({ baseUrl: getConfig().apiUrl, prepareHeaders: withAccessToken, timeout: REQUEST_TIMEOUT_MS })(
    args,
    api,
    extraOptions,
  );
  // Whatever an attempt cut off by the time-out fails with (an abort, or a 500 from a stand-in
  // API), it failed because it took too long.
  if (result.error && !api.signal.aborted && Date.now() - started >= REQUEST_TIMEOUT_MS) {
    return { ...result, error: { status: 'TIMEOUT_ERROR', error: 'The API did not answer in time' } };
  }
  return result;
};

/** Client errors (4xx) are answers, not outages: retrying them cannot help. Nor can waiting longer on a silent API. */
function isRetryable(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500 || error.status === 429;
  return error.status === 'FETCH_ERROR';
}

/** An endpoint may lower the retry count, e.g. `extraOptions: { maxRetries: 0 }` for non-idempotent writes. */
export interface RetryExtraOptions {
  maxRetries?: number;
}

export const baseQuery = retry(rawBaseQuery, {
  backoff: async (attempt) => {
    await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
  },
  retryCondition: (error, _args, { attempt, extraOptions }) => {
    const limit = (extraOptions as RetryExtraOptions | undefined)?.maxRetries ?? MAX_RETRIES;
    return attempt <= limit && isRetryable(error as FetchBaseQueryError);
  },
});

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Product', 'Booking', 'Category', 'Book', 'Notification', 'NotificationSettings', 'Earnings', 'Payout', 'Favourite', 'Want', 'Review', 'Report', 'Thread', 'Message', 'InventoryImport', 'InventoryDefaults'],
  keepUnusedDataFor: KEEP_UNUSED_DATA_SECONDS,
  // Back online, whatever is on screen asks again: a page that failed offline recovers by itself
  // (the browser's online event reaches the store through setupListeners in src/index.tsx).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** The API answered 404: what was asked for does not exist (any more). */
export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * An answer of the endpoint of that name: listeners in the API layer match a page's endpoints so,
 * and the endpoints' modules stay in the pages' chunks.
 */
export const endpointNamed = (action: UnknownAction, name: string): boolean =>
  (action.meta as { arg?: { endpointName?: string } } | undefined)?.arg?.endpointName === name;

// Plain sentences for failures live beside the base query; re-exported for the callers that read them here.
export { errorMessage } from './errorMessages';
