import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { providerCodeOf, providerStatusOf, type PaymentProvider } from '../lib/paymentProvider';
import { postPayout, postPayoutFailed, postPayoutPaid } from '../ledger/payoutPostings';
import { ledgerRepository } from '../repositories/ledger';
import { payoutsRepository, type PayoutOrigin, type PayoutRow } from '../repositories/payouts';

/** What paying sellers needs (README.md beside this file). */
export interface PayoutDeps {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  /** `PAYOUT_MIN`: nothing smaller is paid out. */
  minCents: number;
  /** After a commit that told a seller something: the mail outbox sends it. */
  told(): void;
}

/** Why no payout was made. */
export type NoPayout = 'no-account' | 'account-not-active' | 'nothing' | 'busy';

export interface Failure {
  code: string | null;
  message: string;
}

/**
 * The provider said no (a 4xx other than a key in use or a rate limit): asking again with the
 * same keys would get the same no. Anything else (no answer, a 5xx) may have happened there.
 */
export function refusalOf(error: unknown): Failure | undefined {
  const status = providerStatusOf(error);
  if (typeof status !== 'number' || status < 400 || status >= 500 || status === 409 || status === 429) return undefined;
  const code = providerCodeOf(error);
  return { code: typeof code === 'string' ? code : null, message: error instanceof Error ? error.message : 'The payment provider refused the payout' };
}

/** Tells the seller about their payout, once per payout and kind. */
async function tell(tx: Queryable, payout: PayoutRow, kind: 'payout_paid' | 'payout_failed', reason: string | null, at: Date) {
  await tx.query(
    `insert into notifications (user_id, kind, role, book_name, reason, created_at, payout_id, amount_cents)
     select $1, $2, 'seller', '', $3, $4, $5, $6 where exists (select 1 from users where id = $1)
     on conflict do nothing`,
    [payout.seller_id, kind, reason, at, payout.id, payout.amount_cents],
  );
}

/**
 * Sets a payout up: under a lock on the seller's account, what they have available (at least
 * PAYOUT_MIN) is set aside in the ledger and the payout is recorded `created`, in one transaction.
 * Two runs at once wait on the lock, and the second finds nothing left to pay.
 */
export async function reservePayout(
  deps: PayoutDeps, sellerId: string, origin: PayoutOrigin, retryOf: string | null = null,
): Promise<PayoutRow | NoPayout> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const payouts = payoutsRepository(tx);
    const account = await payouts.accountOf(sellerId, { lock: true });
    if (!account) return 'no-account';
    if (!account.payouts_enabled) return 'account-not-active';
    const open = await tx.query("select 1 from payouts where seller_id = $1 and state = 'created'", [sellerId]);
    if (open.length > 0) return 'busy';
    const { available } = await ledgerRepository(tx).balanceOf(sellerId);
    if (available < deps.minCents) return 'nothing';
    const payout = await payouts.insert({
      id: newId(), sellerId, account: account.provider_account_id, cents: available, origin, retryOf, at,
    });
    await postPayout(tx, payout, at);
    return payout;
  });
}

/**
 * Marks a payout failed and gives the money back: the transfer (if one was made) is reversed at
 * the provider first, then the payout, its ledger entries and the seller's notice commit together.
 * A reversal without an answer leaves the payout as it is, for the next try.
 */
export async function failPayout(deps: PayoutDeps, payout: PayoutRow, failure: Failure): Promise<boolean> {
  const transferId = payout.transfer_id ?? (await payoutsRepository(deps.db).byId(payout.id))?.transfer_id ?? null;
  if (transferId !== null) {
    try {
      await deps.provider.connect.reverseTransfer(transferId, { idempotencyKey: `payout-reversal-${payout.id}` });
    } catch (error) {
      if (providerCodeOf(error) !== 'transfer_already_reversed') throw error;
    }
  }
  const at = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    const was = await payoutsRepository(tx).markFailed(payout.id, failure, at);
    if (was === undefined) return false;
    await postPayoutFailed(tx, payout, was === 'paid' ? 'paid' : 'in_transit', at);
    await tell(tx, payout, 'payout_failed', failure.message, at);
    return true;
  });
  if (moved) {
    deps.log.warn({ payoutId: payout.id, code: failure.code }, 'payout failed: the money is available again');
    deps.told();
  }
  return moved;
}

/** The bank has the money: on its way becomes paid out (once, whatever repeats). */
export async function markPayoutPaid(deps: PayoutDeps, payout: PayoutRow): Promise<boolean> {
  const at = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    if (!(await payoutsRepository(tx).markPaid(payout.id, at))) return false;
    await postPayoutPaid(tx, payout, at);
    await tell(tx, payout, 'payout_paid', null, at);
    return true;
  });
  if (moved) deps.told();
  return moved;
}

/**
 * Sends a `created` payout to the provider: a transfer of its amount to the seller's connected
 * account, then a payout from that account to their bank. Both carry keys made from the payout's
 * id, so sending it again (a process died in between, a resume) makes each once. A refusal fails
 * the payout and gives the money back; no answer leaves it `created`, resumed later.
 */
export async function sendPayout(deps: PayoutDeps, payout: PayoutRow): Promise<'sent' | 'failed' | 'unknown'> {
  const { connect } = deps.provider;
  const payouts = payoutsRepository(deps.db);
  let transferId = payout.transfer_id;
  try {
    const transfer = await connect.createTransfer(
      { amount: payout.amount_cents, destination: payout.provider_account_id, transferGroup: payout.id, payoutId: payout.id, sellerId: payout.seller_id },
      { idempotencyKey: `payout-transfer-${payout.id}` },
    );
    transferId = transfer.id;
    await payouts.recordTransfer(payout.id, transfer.id);
    const sent = await connect.createPayout(
      payout.provider_account_id, { amount: payout.amount_cents, payoutId: payout.id }, { idempotencyKey: `payout-${payout.id}` },
    );
    await payouts.markSent(payout.id, sent.id);
    if (sent.status === 'failed') {
      await failPayout(deps, { ...payout, transfer_id: transferId }, { code: sent.failure_code, message: sent.failure_message ?? 'The bank refused the payout' });
      return 'failed';
    }
    if (sent.status === 'paid') await markPayoutPaid(deps, payout);
    return 'sent';
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === undefined) {
      deps.log.warn({ payoutId: payout.id, err: error }, 'payout: no answer from the provider; it is sent again later');
      return 'unknown';
    }
    await failPayout(deps, { ...payout, transfer_id: transferId }, refusal);
    return 'failed';
  }
}

/** Sets up and sends one seller's payout: the payout, or why there is none. */
export async function payOut(
  deps: PayoutDeps, sellerId: string, origin: PayoutOrigin, retryOf: string | null = null,
): Promise<PayoutRow | NoPayout> {
  const reserved = await reservePayout(deps, sellerId, origin, retryOf);
  if (typeof reserved === 'string') return reserved;
  await sendPayout(deps, reserved);
  return (await payoutsRepository(deps.db).byId(reserved.id)) ?? reserved;
}
