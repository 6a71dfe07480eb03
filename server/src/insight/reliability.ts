/**
 * The "Reliable seller" badge (server/src/insight/README.md): over the last 90 days, at least 10
 * paid orders, at least 95 % of those due sent (shipped, or ready for the meet-up) within
 * `ORDER_SHIP_WITHIN`, and under 2 % disputed.
 */
export const RELIABILITY_DAYS = 90;
export const BADGE_MIN_ORDERS = 10;
export const BADGE_MIN_ON_TIME = 0.95;
export const BADGE_MAX_DISPUTED = 0.02;

export interface ReliabilityCounts {
  /** Orders paid in the window. */
  orders: number;
  /** Of those, the ones whose sending is decided: sent, or past the deadline unsent. */
  due: number;
  onTime: number;
  /** Refunded by the seller (cancelled after payment). */
  cancelled: number;
  disputed: number;
  averageReview: number | null;
}

export interface Reliability {
  days: number;
  orders: number;
  shippedOnTime: number | null;
  cancelled: number | null;
  disputed: number | null;
  averageReview: number | null;
  badge: boolean;
}

const fraction = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

export function reliabilityOf(counts: ReliabilityCounts): Reliability {
  const shippedOnTime = fraction(counts.onTime, counts.due);
  const disputed = fraction(counts.disputed, counts.orders);
  return {
    days: RELIABILITY_DAYS,
    orders: counts.orders,
    shippedOnTime,
    cancelled: fraction(counts.cancelled, counts.orders),
    disputed,
    averageReview: counts.averageReview === null ? null : Math.round(counts.averageReview * 100) / 100,
    // On the counts themselves, not the rounded shares.
    badge:
      counts.orders >= BADGE_MIN_ORDERS &&
      counts.due > 0 &&
      counts.onTime / counts.due >= BADGE_MIN_ON_TIME &&
      counts.disputed / counts.orders < BADGE_MAX_DISPUTED,
  };
}
