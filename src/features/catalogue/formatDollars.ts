/** Prices are dollars; whole amounts read without cents, as sellers enter them. */
export function formatDollars(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}
