/**
 * ISO 8601 durations of weeks, days, hours, minutes and seconds (`P5D`, `PT36H`, `P1DT12H`,
 * `PT0.5S`), as milliseconds. Years and months are refused: their length depends on the date.
 */
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

const UNIT_MS = [7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1_000] as const;

/** The duration in milliseconds, or undefined when `text` is not one this reads. */
export function parseIsoDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim().toUpperCase());
  if (!match || text.trim().toUpperCase().endsWith('T') || text.trim().toUpperCase() === 'P') return undefined;
  const parts = match.slice(1, 6);
  if (parts.every((part) => part === undefined)) return undefined;
  return parts.reduce((total, part, index) => total + (part === undefined ? 0 : Math.round(Number(part) * UNIT_MS[index])), 0);
}
