/**
 * While buyers are being answered, a batch is followed by a pause this many times as long as the
 * batch took, so that an import runs at most two fifths of the time while they wait on the same
 * machine (docs/PERFORMANCE.md, "A 100,000-row inventory file": at 2, a 100,000-row file took 99 s
 * under the buyers' load; at 1.5, with batches of 1,000 rows, 65 s, the buyers keeping 82 %). With
 * no buyer answered during a batch, the next follows at once.
 */
export const PACE_WHILE_BUYERS = 1.5;

/**
 * The pause never brings an import under this many rows a second, so a dealer's 100,000-row file
 * is written within a minute however busy the shop (docs/PERFORMANCE.md: 54 s under the buyers'
 * load, against 65–76 s paced by the batch's time alone). A batch that took longer than this rate
 * allows is not paused.
 */
export const ROWS_PER_SECOND_WHILE_BUYERS = 1_750;

/** The pause after a batch of `rows` rows that took `took` ms while buyers were answered. */
export function pauseAfter(took: number, rows: number): number {
  const slowest = (rows / ROWS_PER_SECOND_WHILE_BUYERS) * 1000 - took;
  return Math.max(0, Math.min(took * PACE_WHILE_BUYERS, slowest));
}

/**
 * Runs one batch of `work`, then pauses (`pauseAfter`) if buyers were answered meanwhile.
 * `rowsOf` reads how many rows the batch handled from its result.
 */
export async function pacedBatch<Result>(
  deps: { buyersServed?: () => number },
  work: () => Promise<Result>,
  rowsOf: (result: Result) => number,
): Promise<Result> {
  const served = deps.buyersServed?.();
  const started = performance.now();
  const result = await work();
  if (served !== undefined && deps.buyersServed?.() !== served) {
    const pause = pauseAfter(performance.now() - started, rowsOf(result));
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return result;
}
