import { parseMoney } from './lib/money';

type Env = Record<string, string | undefined>;

/** The platform's cut of a sale: a share of the book's price (not its shipping), at least a minimum. */
export interface Commission {
  /** `COMMISSION_PERCENT`, 0 to 50 (default 8). */
  percent: number;
  /** `COMMISSION_MIN` in cents (default 50, i.e. $0.50); never more than the book's price. */
  minCents: number;
}

export const DEFAULT_COMMISSION: Commission = { percent: 8, minCents: 50 };

/** The commission settings, read from the environment. */
export function ledgerConfig(env: Env, problems: string[]): { commission: Commission } {
  const percentRaw = env.COMMISSION_PERCENT?.trim();
  let percent = DEFAULT_COMMISSION.percent;
  if (percentRaw) {
    const value = Number(percentRaw);
    if (!/^\d+(\.\d{1,2})?$/.test(percentRaw) || value > 50) {
      problems.push(`COMMISSION_PERCENT must be a number from 0 to 50 with at most two decimals, got "${percentRaw}"`);
    } else {
      percent = value;
    }
  }
  const minRaw = env.COMMISSION_MIN?.trim();
  let minCents = DEFAULT_COMMISSION.minCents;
  if (minRaw) {
    try {
      minCents = parseMoney(minRaw, { field: 'COMMISSION_MIN', minCents: 0, maxCents: 100_000 });
    } catch {
      problems.push(`COMMISSION_MIN must be dollars from 0 to 1000 with at most two decimals, got "${minRaw}"`);
    }
  }
  return { commission: { percent, minCents } };
}

/** The percentage in hundredths of a percent (8 → 800), so that the cut is whole-number arithmetic. */
export const basisPoints = ({ percent }: Commission) => Math.round(percent * 100);

/**
 * The commission on a book of `priceCents`: its share, rounded half up to the cent, at least the
 * minimum, at most the price. Integer arithmetic, the same as the ledger's SQL (`ledger/postings.ts`).
 */
export function commissionOn(priceCents: number, commission: Commission): number {
  const share = Math.floor((priceCents * basisPoints(commission) + 5_000) / 10_000);
  return Math.min(priceCents, Math.max(share, commission.minCents));
}
