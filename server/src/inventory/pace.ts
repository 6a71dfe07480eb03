/**
 * While buyers are being answered, a batch is followed by a pause this many times as long as the
 * batch took, so that an import takes at most a third of the machine from them (docs/PERFORMANCE.md,
 * "A 100,000-row inventory file"). With no buyer answered during a batch, the next follows at once.
 */
export const PACE_WHILE_BUYERS = 2;

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
