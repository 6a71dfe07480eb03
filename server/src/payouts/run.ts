import { payoutsRepository } from '../repositories/payouts';
import { payOut, sendPayout, type PayoutDeps } from './pay';

/** How many sellers one run pays at the same time. */
const CONCURRENCY = 8;
/** Half-sent payouts resumed per pass. */
const RESUME_BATCH = 200;

export interface RunResult {
  /** Payouts sent to the provider. */
  paid: number;
  /** Payouts the provider refused (the money is available again). */
  failed: number;
  /** Sellers skipped: their payout is still being sent, or nothing was left (another run paid it). */
  skipped: number;
  /** Half-sent payouts sent again. */
  resumed: number;
}

async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Sends again the payouts a process left `created` (it died between setting one up and hearing
 * from the provider) longer than `resumeAfterMs` ago. Each is claimed by one process; the
 * provider's idempotency keys make each transfer and payout once.
 */
export async function resumePayouts(deps: PayoutDeps, resumeAfterMs: number): Promise<number> {
  const now = deps.clock.now();
  const stale = await payoutsRepository(deps.db).claimStale(new Date(now.getTime() - resumeAfterMs), now, RESUME_BATCH);
  for (const payout of stale) await sendPayout(deps, payout);
  return stale.length;
}

/**
 * The payout run: every seller with an active account and at least PAYOUT_MIN available is paid
 * what they have. A run started at the same time as another pays nobody twice: each seller's
 * payout is set up under a lock on their account (pay.ts).
 */
export async function runPayouts(deps: PayoutDeps, resumeAfterMs: number): Promise<RunResult> {
  const result: RunResult = { paid: 0, failed: 0, skipped: 0, resumed: await resumePayouts(deps, resumeAfterMs) };
  const sellers = await payoutsRepository(deps.db).payable(deps.minCents);
  await eachAtMost(sellers, CONCURRENCY, async ({ seller_id: sellerId }) => {
    try {
      const outcome = await payOut(deps, sellerId, 'schedule');
      if (typeof outcome === 'string') result.skipped += 1;
      else if (outcome.state === 'failed') result.failed += 1;
      else result.paid += 1;
    } catch (error) {
      result.skipped += 1;
      deps.log.error({ err: error, sellerId }, 'payout run: a seller could not be paid');
    }
  });
  return result;
}
