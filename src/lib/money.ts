/** Prices are dollars: whole amounts read without cents (as sellers enter them), others with two decimals. */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function formatDollars(amount: number): string {
  return `$${formatAmount(amount)}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const signedUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' });

/** "$1,234.50": an amount of money owed or paid, always with cents. */
export const formatUsd = (amount: number): string => usd.format(amount);
/** "+$16.00", "-$16.00": what a ledger entry did to a balance. */
export const formatSignedUsd = (amount: number): string => signedUsd.format(amount);

/** The platform's cut, as `GET /earnings` tells it. */
export interface CommissionRate {
  percent: number;
  /** Dollars. */
  min: number;
}

const toCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * What the seller keeps of a price, in dollars, as the API works it out: the commission is the
 * percent of the price rounded half up to the cent, at least the minimum, never more than the
 * price. Worked in whole cents (percent in basis points) so no float rounding creeps in.
 */
export function sellerShare(price: number, { percent, min }: CommissionRate): number {
  const cents = toCents(price);
  const share = Math.floor((cents * Math.round(percent * 100) + 5000) / 10000);
  const commission = Math.min(cents, Math.max(share, toCents(min)));
  return (cents - commission) / 100;
}
