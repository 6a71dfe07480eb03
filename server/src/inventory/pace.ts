/**
 * While buyers are being answered, a batch is followed by a pause this many times as long as the
 * batch took, so that an import runs at most two fifths of the time while they wait on the same
 * machine (docs/PERFORMANCE.md, "A 100,000-row inventory file": at 2, a 100,000-row file took 99 s
 * under the buyers' load; at 1.5, with batches of 1,000 rows, 65 s, the buyers keeping 82 %). With
 * no buyer answered during a batch, the next follows at once.
 */
export const PACE_WHILE_BUYERS = 1.5;

/** Runs one batch of `work`, then paces (PACE_WHILE_BUYERS) if buyers were answered meanwhile. */
export async function pacedBatch<Result>(deps: { buyersServed?: () => number }, work: () => Promise<Result>): Promise<Result> {
  const served = deps.buyersServed?.();
  const started = performance.now();
  const result = await work();
  if (served !== undefined && deps.buyersServed?.() !== served) {
    await new Promise((resolve) => setTimeout(resolve, (performance.now() - started) * PACE_WHILE_BUYERS));
  }
  return result;
}
