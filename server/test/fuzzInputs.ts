/** A small seeded random source and the odd values the fuzz test draws from. */

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [0, below). */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)], chance: (probability) => next() < probability };
}

/** Control characters no text field may hold (tab and line breaks only where multi-line text is). */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'] as const;

/** The same, percent-encoded for URLs, plus the ones a URL may never hold (tab, line breaks). */
export const ENCODED_CONTROLS = ['%00', '%01', '%09', '%0a', '%0D', '%1b', '%7f', '%7F', '%c2%85', '%C2%9F'] as const;

/**
 * Raw JSON for amounts no price may be: infinities, NaN, exponents in text, a third decimal, huge
 * and negative numbers, long digit runs and wrong types. `1e400` parses to Infinity.
 */
export const BAD_AMOUNTS = [
  '1e400', '-1e400', '"1e400"', '"Infinity"', '"-Infinity"', '"NaN"', '"nan"', '"1e2"', '"1E2"', '12.345', '"12.345"',
  '9223372036854775808', '-9223372036854775809', '"9223372036854775808"', `"${'9'.repeat(300)}"`, `${'9'.repeat(400)}`,
  '-5', '-0.01', '100000.01', '"0x10"', '"12,50"', '"+12"', '" 1 2 "', 'true', 'false', 'null', '{}', '[]', '[1,2]', '"12.5.0"',
] as const;

/** Path segments where an id, email or name belongs: malformed, or well-formed but unknown. */
export const ODD_SEGMENTS = [
  '1e400', '-Infinity', 'NaN', '9223372036854775808', '9'.repeat(300), '%00', 'a%00b@x.y', '%zz', '%', '..%2F..%2Fetc',
  "1'%20or%20'1'='1", '%E2%80%AE', '%F0%9F%93%9A', 'ffffffffffffffffffffffff', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '%20', '-1', '0x1A',
] as const;

/** Inserts `inserted` at a random position of `text`. */
export function insertAt(random: Random, text: string, inserted: string): string {
  const at = random.int(text.length + 1);
  return `${text.slice(0, at)}${inserted}${text.slice(at)}`;
}
