/**
 * What the bench's main process hands the client process (bench/messages/clients.ts) in a file,
 * and what it hands back: one sample per message sent. Times are the machine's wall clock in
 * milliseconds with fractions (`wallNow`), the clock PostgreSQL stamps its commits with, so the
 * two can be subtracted.
 */

export type Phase = 'warm-up' | 'steady' | 'burst';

/**
 * - `short`: a line or two, as most messages are;
 * - `long`: 2,000 plain characters, the most a message may hold;
 * - `over`: 1,800 emoji, whose announcement is past `pg_notify`'s room (7,000 bytes in
 *   migrations/018): it goes without the text, and the process holding the stream reads the row.
 */
export type TextKind = 'short' | 'long' | 'over';
export const TEXT_KINDS: readonly TextKind[] = ['short', 'long', 'over'];

export interface Pair {
  buyerToken: string;
  sellerToken: string;
  /** The order; its thread's id. */
  bookingId: string;
}

export interface Plan {
  /** Where the buyers send (and hold their own streams). */
  apiA: string;
  /** Where the sellers hold their streams. */
  apiB: string;
  pairs: Pair[];
  warmUpPerPair: number;
  steady: { perSecond: number; seconds: number };
  burstPerBuyer: number;
  /** How long to wait for an event before counting it missed. */
  eventLimitMs: number;
  /** Where the client process writes its `ClientResults`. */
  out: string;
}

export interface Sample {
  /** The message's id from the answer; null when the POST failed. */
  id: string | null;
  pair: number;
  phase: Phase;
  kind: TextKind;
  status: number;
  sentAt: number;
  answeredAt: number;
  /** Its `event: message` on the seller's stream on B. */
  onB?: number;
  /** On the buyer's own stream on A. */
  onA?: number;
}

export interface ClientResults {
  samples: Sample[];
  /** `Date.now()` minus `wallNow()` at the start and at the end: how far the two clocks drifted apart. */
  clockOffsetMs: { start: number; end: number };
  /** Streams that ended or failed while the bench ran. */
  streamFailures: string[];
}

/** The wall clock with the monotonic clock's resolution. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

const WORDS = ['is', 'the', 'book', 'still', 'here', 'can', 'we', 'meet', 'at', 'six', 'thanks', 'paid', 'corner', 'shop', 'tomorrow', 'fine'];

/** The n-th message's kind: one in twenty long, one in twenty past the announcement's room. */
export function kindOf(n: number): TextKind {
  if (n % 20 === 7) return 'long';
  if (n % 20 === 13) return 'over';
  return 'short';
}

/** A message of `kind`, different for each `n`. */
export function textOf(kind: TextKind, n: number): string {
  if (kind === 'long') return `#${n} ${'a used copy in good shape, '.repeat(80)}`.slice(0, 2_000);
  if (kind === 'over') return `#${n} ${'📖'.repeat(1_800)}`;
  const length = 3 + (n % 25);
  return `#${n} ${Array.from({ length }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ')}`;
}
