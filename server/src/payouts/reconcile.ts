import type { TransferView } from '../lib/connectProvider';
import { payoutsRepository, type PayoutRow } from '../repositories/payouts';
import type { PayoutDeps } from './pay';

/** One way the ledger and the provider disagree. Amounts in cents. */
export interface Difference {
  kind: 'balance' | 'payout' | 'transfer';
  /** The payout concerned, when there is one. */
  payoutId?: string;
  /** The provider's id of what differs (a payout, a transfer). */
  providerId?: string;
  ours: string;
  theirs: string;
}

export interface Reconciliation {
  at: string;
  checked: { payouts: number; transfers: number; balance: boolean };
  differences: Difference[];
}

/** How many of the latest payouts are compared one by one. */
const PAYOUTS_CHECKED = 500;
/** Transfers are read 100 at a time, at most this many pages. */
const TRANSFER_PAGES = 100;

/** The provider's payout status as our states name it. */
const stateOf = (status: string) => (status === 'paid' ? 'paid' : status === 'failed' || status === 'canceled' ? 'failed' : 'in_transit');

async function comparePayouts(deps: PayoutDeps, payouts: PayoutRow[], differences: Difference[]): Promise<void> {
  for (const payout of payouts) {
    if (payout.provider_payout_id === null) continue;
    try {
      const theirs = await deps.provider.connect.retrievePayout(payout.provider_account_id, payout.provider_payout_id);
      if (stateOf(theirs.status) !== payout.state || theirs.amount !== payout.amount_cents) {
        differences.push({
          kind: 'payout', payoutId: payout.id, providerId: theirs.id,
          ours: `${payout.state} ${payout.amount_cents}`, theirs: `${theirs.status} ${theirs.amount}`,
        });
      }
    } catch (error) {
      differences.push({
        kind: 'payout', payoutId: payout.id, providerId: payout.provider_payout_id,
        ours: `${payout.state} ${payout.amount_cents}`, theirs: error instanceof Error ? error.message : 'unreadable',
      });
    }
  }
}

async function allTransfers(deps: PayoutDeps): Promise<{ transfers: TransferView[]; complete: boolean }> {
  const transfers: TransferView[] = [];
  let startingAfter: string | undefined;
  for (let page = 0; page < TRANSFER_PAGES; page += 1) {
    const { data, has_more: more } = await deps.provider.connect.listTransfers({ limit: 100, startingAfter });
    transfers.push(...data);
    if (!more || data.length === 0) return { transfers, complete: true };
    startingAfter = data.at(-1)?.id;
  }
  return { transfers, complete: false };
}

async function compareTransfers(deps: PayoutDeps, differences: Difference[]): Promise<number> {
  const { transfers, complete } = await allTransfers(deps);
  const ours = new Map((await payoutsRepository(deps.db).byTransfer(transfers.map((transfer) => transfer.id))).map((p) => [p.transfer_id, p]));
  for (const transfer of transfers) {
    const payout = ours.get(transfer.id);
    const net = transfer.amount - transfer.amount_reversed;
    if (!payout) {
      differences.push({ kind: 'transfer', providerId: transfer.id, ours: 'no payout', theirs: `${net} to ${transfer.destination}` });
      continue;
    }
    const expected = payout.state === 'failed' ? 0 : payout.amount_cents;
    if (net !== expected) {
      differences.push({ kind: 'transfer', payoutId: payout.id, providerId: transfer.id, ours: `${payout.state} ${expected}`, theirs: String(net) });
    }
  }
  if (complete) {
    const seen = new Set(transfers.map((transfer) => transfer.id));
    const rows = await deps.db.query<{ id: string; transfer_id: string }>('select id, transfer_id from payouts where transfer_id is not null');
    for (const row of rows) {
      if (!seen.has(row.transfer_id)) differences.push({ kind: 'transfer', payoutId: row.id, providerId: row.transfer_id, ours: 'transferred', theirs: 'no such transfer' });
    }
  }
  return transfers.length;
}

/**
 * Compares the ledger with the provider: the platform's balance, each recent payout's state and
 * amount, and every transfer. It reports what differs (saved for the admin page, and logged); it
 * never corrects anything.
 */
export async function reconcile(deps: PayoutDeps): Promise<Reconciliation> {
  const differences: Difference[] = [];
  const [ledger] = await deps.db.query<{ cents: string | number }>(
    "select coalesce(sum(amount_cents), 0) as cents from ledger_entries where account = 'provider'",
  );
  const theirs = await deps.provider.connect.platformBalance();
  if (Number(ledger.cents) !== theirs) differences.push({ kind: 'balance', ours: String(ledger.cents), theirs: String(theirs) });
  const payouts = await payoutsRepository(deps.db).recentSent(PAYOUTS_CHECKED);
  await comparePayouts(deps, payouts, differences);
  const transfers = await compareTransfers(deps, differences);
  const report: Reconciliation = {
    at: deps.clock.now().toISOString(),
    checked: { payouts: payouts.length, transfers, balance: true },
    differences,
  };
  await deps.db.query('insert into reconciliations (at, checked, differences) values ($1, $2::jsonb, $3::jsonb)', [
    report.at, JSON.stringify(report.checked), JSON.stringify(differences),
  ]);
  for (const difference of differences) deps.log.warn({ reconciliation: difference }, 'reconciliation: the ledger and the provider differ');
  deps.log.info({ differences: differences.length, ...report.checked }, 'reconciliation done');
  return report;
}

/** The last reconciliation, if any ran. */
export async function lastReconciliation(deps: Pick<PayoutDeps, 'db'>): Promise<Reconciliation | undefined> {
  const [row] = await deps.db.query<{ at: Date; checked: Reconciliation['checked']; differences: Difference[] }>(
    'select at, checked, differences from reconciliations order by id desc limit 1',
  );
  return row && { at: new Date(row.at).toISOString(), checked: row.checked, differences: row.differences };
}
