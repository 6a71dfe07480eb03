/**
 * Payouts of a connected account's balance to its bank account: `POST /v1/payouts` with a
 * Stripe-Account header, retrieve and list. The amount leaves the balance at once. After
 * `payoutSettleMs` the payout is paid, or fails as its test bank number says and the money comes
 * back (`payout.paid` / `payout.failed`, carrying `account`). Pending payouts are kept in the
 * snapshot and settled after a restart. Two sandbox-only helpers settle a pending payout at once,
 * or make a paid one fail afterwards, which Stripe documents can happen.
 */
import type Stripe from 'stripe';
import { payoutBankAccount } from './accounts';
import type { Balances } from './balances';
import { PAYOUT_FAILURE_MESSAGES, type PayoutFailureCode, isPayoutFailureCode } from './bank-accounts';
import { balanceInsufficient, invalidRequest, parameterInvalid, resourceMissing } from './errors';
import { type FormObject, readString, readStringMap } from './form';
import { newId, unixNow } from './ids';
import { listPage, requireCurrency, requirePositiveAmount } from './params';
import type { SandboxStore, StoredAccount, StoredPayout } from './store';
import type { EventSink } from './webhooks';

export const DEFAULT_PAYOUT_SETTLE_MS = 1000;
export const INSUFFICIENT_ACCOUNT_FUNDS =
  'You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).';
const DAY_SECONDS = 24 * 3600;

export const noExternalAccount = (currency: string) =>
  `Sorry, you don't have any external accounts in that currency (${currency}).`;

export class Payouts {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly store: SandboxStore,
    private readonly balances: Balances,
    private readonly notify: EventSink,
    private readonly settleMs: number,
  ) {
    // Payouts still pending when the sandbox stopped settle when they were due (now, if overdue).
    for (const stored of store.payouts.values()) if (stored.settleAtMs !== null) this.schedule(stored);
  }

  /** `POST /v1/payouts` on `account` (null: the platform, which has no bank account in the sandbox). */
  create(account: StoredAccount | null, params: FormObject): Stripe.Payout {
    const amount = requirePositiveAmount(params);
    const currency = requireCurrency(params);
    const method = readString(params, 'method');
    if (method !== undefined && method !== 'standard') {
      throw invalidRequest('This bank account does not support instant payouts. Use method standard.', {
        code: 'instant_payouts_unsupported',
        param: 'method',
      });
    }
    const bank = account ? payoutBankAccount(account.account) : undefined;
    if (!account || !bank || bank.currency !== currency) throw invalidRequest(noExternalAccount(currency));
    const destination = readString(params, 'destination');
    if (destination !== undefined && destination !== bank.id) throw resourceMissing('external account', destination, 'destination', 400);
    if (!account.account.payouts_enabled) {
      throw invalidRequest('Payouts are not enabled on this account.', { code: 'payouts_not_allowed' });
    }
    const accountId = account.account.id;
    if (this.balances.available(accountId, currency) < amount) throw balanceInsufficient(INSUFFICIENT_ACCOUNT_FUNDS);

    const id = newId('po');
    const created = unixNow();
    const payout: Stripe.Payout = {
      id,
      object: 'payout',
      amount,
      application_fee: null,
      application_fee_amount: null,
      // Standard payouts in the US arrive about two business days later.
      arrival_date: Math.floor(created / DAY_SECONDS) * DAY_SECONDS + 2 * DAY_SECONDS,
      automatic: false,
      balance_transaction: this.balances.book({ account: accountId, type: 'payout', amount: -amount, currency, source: id }),
      created,
      currency,
      description: readString(params, 'description') ?? null,
      destination: bank.id,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: readStringMap(params, 'metadata') ?? {},
      method: 'standard',
      original_payout: null,
      payout_method: null,
      reconciliation_status: 'not_applicable',
      reversed_by: null,
      source_type: 'card',
      statement_descriptor: readString(params, 'statement_descriptor') ?? null,
      status: 'pending',
      trace_id: null,
      type: 'bank_account',
    };
    const stored: StoredPayout = { payout, account: accountId, failure: account.payoutFailure, settleAtMs: Date.now() + this.settleMs };
    this.store.payouts.set(id, stored);
    this.store.save();
    this.schedule(stored);
    return payout;
  }

  retrieve(account: StoredAccount | null, id: string): Stripe.Payout {
    return this.find(account, id).payout;
  }

  /** `GET /v1/payouts`: this account's, newest first, of one `status` when given. */
  list(account: StoredAccount | null, params: FormObject): Stripe.ApiList<Stripe.Payout> {
    const owner = account?.account.id ?? null;
    const status = readString(params, 'status');
    const matching = [...this.store.payouts.values()]
      .filter((stored) => stored.account === owner && (status === undefined || stored.payout.status === status))
      .map((stored) => stored.payout)
      .reverse();
    return listPage(matching, params, '/v1/payouts', 'payout');
  }

  /** Sandbox only, `POST /v1/test_helpers/payouts/:id/settle`: settles a pending payout now. */
  settleNow(account: StoredAccount | null, id: string): Stripe.Payout {
    const stored = this.find(account, id);
    if (stored.payout.status !== 'pending') {
      throw invalidRequest(`Only a pending payout can be settled; this one is ${stored.payout.status}.`);
    }
    this.settle(stored);
    return stored.payout;
  }

  /** Sandbox only, `POST /v1/test_helpers/payouts/:id/fail`: a paid payout fails afterwards (`failure_code`, default account_closed). */
  failPaid(account: StoredAccount | null, id: string, params: FormObject): Stripe.Payout {
    const stored = this.find(account, id);
    const code = readString(params, 'failure_code') ?? 'account_closed';
    if (!isPayoutFailureCode(code)) {
      const codes = Object.keys(PAYOUT_FAILURE_MESSAGES).join(', ');
      throw parameterInvalid('failure_code', `Invalid failure_code: must be one of ${codes}`, 'parameter_invalid');
    }
    if (stored.payout.status !== 'paid') {
      throw invalidRequest(`Only a paid payout can be made to fail; this one is ${stored.payout.status}.`);
    }
    this.fail(stored, code);
    return stored.payout;
  }

  /** Stops the settlement timers (they resume from the snapshot on the next start). */
  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private find(account: StoredAccount | null, id: string): StoredPayout {
    const stored = this.store.payouts.get(id);
    // Another account's payout is as unknown as a made-up id, as with Stripe.
    if (!stored || stored.account !== (account?.account.id ?? null)) throw resourceMissing('payout', id, 'id');
    return stored;
  }

  private schedule(stored: StoredPayout): void {
    if (stored.settleAtMs === null || this.timers.has(stored.payout.id)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(stored.payout.id);
        try {
          this.settle(stored);
        } catch (error) {
          console.error(`stripe sandbox: settling payout ${stored.payout.id} failed`, error);
        }
      },
      Math.max(0, stored.settleAtMs - Date.now()),
    );
    timer.unref();
    this.timers.set(stored.payout.id, timer);
  }

  private settle(stored: StoredPayout): void {
    const timer = this.timers.get(stored.payout.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(stored.payout.id);
    stored.settleAtMs = null;
    if (stored.payout.status !== 'pending') return;
    if (stored.failure) {
      this.fail(stored, stored.failure);
      return;
    }
    stored.payout.status = 'paid';
    this.store.save();
    this.notify('payout.paid', stored.payout, stored.account ?? undefined);
  }

  /** The bank sent the money back: it returns to the balance, once. */
  private fail(stored: StoredPayout, code: PayoutFailureCode): void {
    const { payout } = stored;
    payout.status = 'failed';
    payout.failure_code = code;
    payout.failure_message = PAYOUT_FAILURE_MESSAGES[code];
    payout.failure_balance_transaction = this.balances.book({
      account: stored.account,
      type: 'payout_failure',
      amount: payout.amount,
      currency: payout.currency,
      source: payout.id,
    });
    this.store.save();
    this.notify('payout.failed', payout, stored.account ?? undefined);
  }
}
