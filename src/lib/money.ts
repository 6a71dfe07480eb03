/** Prices are dollars: whole amounts read without cents (as sellers enter them), others with two decimals. */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function formatDollars(amount: number): string {
  return `$${formatAmount(amount)}`;
}
