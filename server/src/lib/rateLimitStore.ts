import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/db';
import { rateLimitsRepository } from '../repositories/rateLimits';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Ended windows are deleted at most this often, by the hit that finds the time has come. */
const CLEAN_UP_EVERY_MS = 60_000;

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * One route's prefix on the shared counters, as @fastify/rate-limit's own Redis store names them:
 * the plugin hands `child` the route's options as `routeInfo` (its types do not say so).
 */
function routePrefixOf(options: ChildOptions): string {
  const info: unknown = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof info !== 'object' || info === null) return '';
  const method = 'method' in info ? [info.method].flat().join(',') : '';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '';
  return `${method}${url}-`;
}

/**
 * @fastify/rate-limit's store interface over PostgreSQL (`RATE_LIMIT_STORE=database`): every API
 * process counts in the same rows, so a limit of N calls holds across all of them. Each route gets
 * its own key prefix (`child`). The counters' windows are fixed (`continueExceeding` and
 * `exponentialBackoff` are not supported; the API uses neither).
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  const counters = rateLimitsRepository(db);
  let lastCleanUp = 0;
  const cleanUpNowAndThen = () => {
    const now = Date.now();
    if (now - lastCleanUp < CLEAN_UP_EVERY_MS) return;
    lastCleanUp = now;
    // Best effort: a failed clean-up is retried next time, and expired rows are reused anyway.
    counters.deleteExpired().catch(() => undefined);
  };

  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its options first; only a child gets a prefix. */
    constructor(_options?: unknown, prefix = 'rate-limit:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      cleanUpNowAndThen();
      counters.hit(this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      counters.peek(this.prefix + key).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new DatabaseStore(undefined, this.prefix + routePrefixOf(routeOptions));
    }
  }
  return DatabaseStore;
}
