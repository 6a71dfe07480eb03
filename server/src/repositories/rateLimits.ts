import type { Queryable } from '../db/db';

export interface RateLimitCount {
  /** Hits of the key in its current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Rate-limit counters shared by every API process on the database (`rate_limits`, migration 010).
 * Windows are timed by the database's clock, so processes whose clocks differ still agree.
 */
export function rateLimitsRepository(db: Queryable) {
  return {
    /**
     * Counts one hit of `key`: a new window of `windowMs` when there is none or it has ended, else
     * one more in the current one. One statement, so hits from many processes at once all count.
     */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(
        `insert into rate_limits as r (key, hits, expires_at)
           values ($1, 1, now() + $2 * interval '1 millisecond')
         on conflict (key) do update set
           hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
           expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
         returning hits, greatest(0, extract(epoch from (expires_at - now())) * 1000)::float8 as ttl_ms`,
        [key, windowMs],
      );
      return { hits: row.hits, ttlMs: Math.round(row.ttl_ms) };
    },

    /** The current count of `key` without counting a hit (0 when its window has ended). */
    async peek(key: string): Promise<RateLimitCount> {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(
        `select hits, extract(epoch from (expires_at - now())) * 1000 as ttl_ms
         from rate_limits where key = $1 and expires_at > now()`,
        [key],
      );
      return row ? { hits: row.hits, ttlMs: Math.round(Number(row.ttl_ms)) } : { hits: 0, ttlMs: 0 };
    },

    /** Removes the counters whose window has ended; answers how many. */
    async deleteExpired(): Promise<number> {
      const rows = await db.query<{ key: string }>('delete from rate_limits where expires_at <= now() returning key');
      return rows.length;
    },
  };
}
