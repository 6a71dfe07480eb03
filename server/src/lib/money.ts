/** Prices travel as dollars with up to two decimals and are stored as whole cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** `$8.00` style, for messages. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
