/** Rows checked per transaction. */
export const CHECK_BATCH = 500;
/** Rows written per transaction on the embedded database, where every request waits behind one. */
export const APPLY_BATCH = 200;
/**
 * Rows written per transaction on a PostgreSQL server: a batch's claim, progress, commit and
 * announcement are paid a thousand rows at a time. A 100,000-row file applied alone in 11.5–14.3 s
 * against 15.5–16.5 s with 200 (docs/PERFORMANCE.md, "A 100,000-row inventory file").
 */
export const APPLY_BATCH_ON_SERVER = 1_000;
