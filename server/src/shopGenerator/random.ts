/** A seeded generator (mulberry32): the same seed gives the same shop. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks from `values` with Zipf's law (exponent 1): the k-th value about 1/k as often as the
 * first, as words and titles are in real catalogues: a few very common, a long tail of rare ones.
 */
export function zipf<Value>(values: readonly Value[], random: () => number): () => Value {
  const weights = values.map((_, index) => 1 / (index + 1));
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) cumulative.push((total += weight));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return values[low];
  };
}

/** An ISBN-13 from twelve digits, with its check digit. */
export function isbn13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}
