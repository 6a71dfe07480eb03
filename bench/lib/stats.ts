/** Small summaries the bench parts print. */

/** The middle of the known values (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const known = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (known.length === 0) return NaN;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}

/** The value below which `p` % of the sorted values lie. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function range(values: number[]): { min: number; max: number } {
  const known = values.filter((value) => Number.isFinite(value));
  return { min: Math.min(...known), max: Math.max(...known) };
}

/** `a / b` as "1.23×", or "–" when either side is unknown. */
export function ratio(a: number, b: number, digits = 2): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '–';
  return `${(a / b).toFixed(digits)}×`;
}

/** A median with its spread: "3210 (3100–3400)", or "none" when nothing was measured. */
export function medianWithRange(values: number[], unit = ''): string {
  const middle = median(values);
  if (!Number.isFinite(middle)) return 'none';
  const { min, max } = range(values);
  return `${Math.round(middle)}${unit} (${Math.round(min)}–${Math.round(max)})`;
}

/** A whole number from the environment, or `fallback`; refuses nonsense rather than guessing. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}
