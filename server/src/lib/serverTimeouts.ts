import type { ServerOptions } from 'node:http';
import type { TimeLimits } from '../config';

export interface ServerTimeoutOptions {
  /** Socket idle time-out (`server.setTimeout`). */
  connectionTimeout: number;
  /** Whole request (`server.requestTimeout`); a late one is answered 408 and closed. */
  requestTimeout: number;
  keepAliveTimeout: number;
  /** Options Node reads only when the server is created. */
  http: ServerOptions;
}

/**
 * Fastify and Node server options for the time limits. Node checks the request and header limits
 * on a timer (30 s by default), so the timer runs at a tenth of the shortest limit, between 50 ms
 * and 1 s: a slow client is cut off close to its limit, not up to 30 s later.
 */
export function serverTimeouts(limits: TimeLimits): ServerTimeoutOptions {
  const shortest = Math.min(limits.requestMs, limits.headersMs);
  return {
    connectionTimeout: limits.idleSocketMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: {
      // Node refuses a header limit longer than the request limit when the server is created.
      requestTimeout: limits.requestMs,
      headersTimeout: Math.min(limits.headersMs, limits.requestMs),
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(shortest / 10))),
    },
  };
}
