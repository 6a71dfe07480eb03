import type { ConnectedAccountView, ConnectProvider, PayoutView, TransferView } from '../src/lib/connectProvider';

/** The provider's error for a call it refuses (Stripe's `statusCode`, `code` and message). */
export const refused = (code: string, message: string) => Object.assign(new Error(message), { statusCode: 400, code, type: 'StripeInvalidRequestError' });

interface FakeAccount extends ConnectedAccountView {
  email: string;
  /** The bank account number given at onboarding; `000111111116` fails its payouts, as at Stripe. */
  bank?: string;
  balance: number;
}

/**
 * Stands in for Stripe Connect in the API's tests: accounts onboarded by a call, transfers refused
 * beyond the platform's balance, payouts that stay pending until a test settles them. The
 * platform's balance is what `platformFunds()` says (the charges less the refunds), less the
 * transfers, plus their reversals. The sandbox (sandbox/stripe/) is the full stand-in; this is
 * its few lines the unit tests need, with the failures they inject.
 */
export class FakeConnect implements ConnectProvider {
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers = new Map<string, TransferView>();
  readonly payouts = new Map<string, PayoutView & { account: string }>();
  private readonly replies = new Map<string, unknown>();
  private counter = 0;
  /** Set to fail the next calls of one kind as an unreachable provider would (nothing happens at the provider). */
  unreachable = new Set<'transfer' | 'payout' | 'reversal'>();
  /** Set to answer the next call of one kind as lost: the provider acts, the caller never hears. */
  lostAnswer = new Set<'transfer' | 'payout'>();

  constructor(private readonly platformFunds: () => number) {}

  /** What the platform holds: the charges less refunds, less transfers, plus reversals. */
  platformCents(): number {
    let cents = this.platformFunds();
    for (const transfer of this.transfers.values()) cents -= transfer.amount - transfer.amount_reversed;
    return cents;
  }

  /** What the seller does on the hosted onboarding page; an `account.updated` event is the test's to send. */
  onboard(accountId: string, bank = '000123456789'): ConnectedAccountView {
    const account = this.account(accountId);
    Object.assign(account, {
      bank, charges_enabled: true, payouts_enabled: true, details_submitted: true,
      requirements: { currently_due: [], disabled_reason: null },
    });
    return this.view(account);
  }

  /** The bank answers: paid, or failed for a failing account number. */
  settle(payoutId: string): PayoutView & { account: string } {
    const payout = this.payouts.get(payoutId);
    if (!payout) throw new Error(`unknown payout ${payoutId}`);
    const account = this.account(payout.account);
    if (account.bank === '000111111116') {
      Object.assign(payout, { status: 'failed', failure_code: 'no_account', failure_message: 'No bank account could be located with those details.' });
      account.balance += payout.amount;
    } else {
      payout.status = 'paid';
    }
    return payout;
  }

  /** A paid payout the bank sends back later. */
  failAfterPaid(payoutId: string): PayoutView & { account: string } {
    const payout = this.payouts.get(payoutId);
    if (!payout || payout.status !== 'paid') throw new Error(`payout ${payoutId} is not paid`);
    Object.assign(payout, { status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
    this.account(payout.account).balance += payout.amount;
    return payout;
  }

  async createAccount(params: { email: string; sellerId: string }, options: { idempotencyKey: string }) {
    return this.once(options.idempotencyKey, () => {
      const account: FakeAccount = {
        id: `acct_fake${++this.counter}`, email: params.email, balance: 0,
        charges_enabled: false, payouts_enabled: false, details_submitted: false,
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' },
      };
      this.accounts.set(account.id, account);
      return this.view(account);
    });
  }

  async retrieveAccount(id: string) {
    return this.view(this.account(id));
  }

  async createAccountLink(params: { account: string; refreshUrl: string; returnUrl: string }) {
    this.account(params.account);
    return { url: `https://connect.test/setup/${params.account}/${++this.counter}`, expires_at: Math.floor(Date.now() / 1000) + 300 };
  }

  async createTransfer(
    params: { amount: number; destination: string; transferGroup: string; payoutId: string; sellerId: string },
    options: { idempotencyKey: string },
  ) {
    if (this.unreachable.delete('transfer')) throw Object.assign(new Error('connect ECONNREFUSED'), { type: 'StripeConnectionError' });
    const transfer = await this.once(options.idempotencyKey, () => {
      const account = this.account(params.destination);
      if (!account.payouts_enabled) throw refused('account_invalid', 'Your destination account needs to have at least one of the following capabilities enabled: transfers');
      if (params.amount > this.platformCents()) throw refused('balance_insufficient', 'You have insufficient available funds in your Stripe account.');
      const made: TransferView = {
        id: `tr_fake${++this.counter}`, amount: params.amount, amount_reversed: 0, destination: params.destination,
        transfer_group: params.transferGroup, metadata: { payoutId: params.payoutId, sellerId: params.sellerId },
      };
      this.transfers.set(made.id, made);
      account.balance += params.amount;
      return made;
    });
    if (this.lostAnswer.delete('transfer')) throw Object.assign(new Error('socket hang up'), { type: 'StripeConnectionError' });
    return { ...transfer };
  }

  async reverseTransfer(id: string, options: { idempotencyKey: string }) {
    if (this.unreachable.delete('reversal')) throw Object.assign(new Error('connect ECONNREFUSED'), { type: 'StripeConnectionError' });
    return this.once(options.idempotencyKey, () => {
      const transfer = this.transfers.get(id);
      if (!transfer) throw Object.assign(refused('resource_missing', `No such transfer: '${id}'`), { statusCode: 404 });
      const amount = transfer.amount - transfer.amount_reversed;
      if (amount === 0) throw refused('transfer_already_reversed', 'The transfer has already been fully reversed.');
      transfer.amount_reversed += amount;
      this.account(transfer.destination ?? '').balance -= amount;
      return { id: `trr_fake${++this.counter}`, amount };
    });
  }

  async listTransfers(params: { limit: number; startingAfter?: string }) {
    const all = [...this.transfers.values()].reverse();
    const from = params.startingAfter === undefined ? 0 : all.findIndex((transfer) => transfer.id === params.startingAfter) + 1;
    const data = all.slice(from, from + params.limit).map((transfer) => ({ ...transfer }));
    return { data, has_more: from + params.limit < all.length };
  }

  async createPayout(accountId: string, params: { amount: number; payoutId: string }, options: { idempotencyKey: string }) {
    if (this.unreachable.delete('payout')) throw Object.assign(new Error('connect ECONNREFUSED'), { type: 'StripeConnectionError' });
    const payout = await this.once(options.idempotencyKey, () => {
      const account = this.account(accountId);
      if (params.amount > account.balance) throw refused('balance_insufficient', 'You have insufficient funds in your Stripe account for this transfer.');
      account.balance -= params.amount;
      const made = {
        id: `po_fake${++this.counter}`, amount: params.amount, status: 'pending', failure_code: null, failure_message: null,
        metadata: { payoutId: params.payoutId }, account: accountId,
      };
      this.payouts.set(made.id, made);
      return made;
    });
    if (this.lostAnswer.delete('payout')) throw Object.assign(new Error('socket hang up'), { type: 'StripeConnectionError' });
    return { ...payout };
  }

  async retrievePayout(accountId: string, id: string) {
    const payout = this.payouts.get(id);
    if (!payout || payout.account !== accountId) throw Object.assign(refused('resource_missing', `No such payout: '${id}'`), { statusCode: 404 });
    return { ...payout };
  }

  async platformBalance() {
    return this.platformCents();
  }

  private account(id: string): FakeAccount {
    const account = this.accounts.get(id);
    if (!account) throw Object.assign(refused('resource_missing', `No such account: '${id}'`), { statusCode: 404 });
    return account;
  }

  private view(account: FakeAccount): ConnectedAccountView {
    const { id, charges_enabled, payouts_enabled, details_submitted, requirements } = account;
    return { id, charges_enabled, payouts_enabled, details_submitted, requirements: requirements && { ...requirements } };
  }

  /** Idempotency: a key answers its first result again; a refusal is not kept, so a retry is asked anew. */
  private async once<T>(key: string, run: () => T): Promise<T> {
    if (this.replies.has(key)) return this.replies.get(key) as T;
    const result = run();
    this.replies.set(key, result);
    return result;
  }
}
