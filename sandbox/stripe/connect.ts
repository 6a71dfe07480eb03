/**
 * Stripe Connect in the sandbox, wired together: connected accounts, Account Links and the hosted
 * onboarding page, balances, transfers (and reversals) and payouts, with their `/v1` routes.
 */
import { AccountLinks } from './account-links';
import { Accounts } from './accounts';
import { Balances } from './balances';
import { OnboardingPage } from './onboarding-page';
import { Payouts } from './payouts';
import type { Route } from './routes';
import type { SandboxStore } from './store';
import { Transfers } from './transfers';
import type { EventSink } from './webhooks';

export interface ConnectOptions {
  /** The sandbox's own base URL, for the onboarding links. */
  baseUrl: () => string;
  accountLinkLifetimeMs: number;
  payoutSettleMs: number;
}

const ID = '([A-Za-z0-9_]+)';

export class Connect {
  readonly accounts: Accounts;
  readonly balances: Balances;
  readonly links: AccountLinks;
  readonly onboarding: OnboardingPage;
  readonly transfers: Transfers;
  readonly payouts: Payouts;

  constructor(store: SandboxStore, notify: EventSink, options: ConnectOptions) {
    this.accounts = new Accounts(store, notify);
    this.balances = new Balances(store);
    this.links = new AccountLinks(store, this.accounts, { baseUrl: options.baseUrl, lifetimeMs: options.accountLinkLifetimeMs });
    this.onboarding = new OnboardingPage(this.links, this.accounts);
    this.transfers = new Transfers(store, this.accounts, this.balances, notify);
    this.payouts = new Payouts(store, this.balances, notify, options.payoutSettleMs);
  }

  routes(): Route[] {
    const path = (pattern: string) => new RegExp(`^/v1/${pattern}$`);
    return [
      { method: 'POST', pattern: path('accounts'), publishable: 'no', run: (_, p) => this.accounts.create(p) },
      { method: 'GET', pattern: path(`accounts/${ID}`), publishable: 'no', run: (id) => this.accounts.retrieve(id) },
      { method: 'POST', pattern: path(`accounts/${ID}`), publishable: 'no', run: (id, p) => this.accounts.update(id, p) },
      { method: 'POST', pattern: path('account_links'), publishable: 'no', run: (_, p) => this.links.create(p) },
      {
        method: 'GET', pattern: path('balance'), publishable: 'no', onAccount: true,
        run: (_, __, { account }) => this.balances.retrieve(account?.account.id ?? null),
      },
      { method: 'POST', pattern: path('transfers'), publishable: 'no', run: (_, p) => this.transfers.create(p) },
      { method: 'GET', pattern: path('transfers'), publishable: 'no', run: (_, p) => this.transfers.list(p) },
      { method: 'GET', pattern: path(`transfers/${ID}`), publishable: 'no', run: (id) => this.transfers.retrieve(id) },
      { method: 'POST', pattern: path(`transfers/${ID}/reversals`), publishable: 'no', run: (id, p) => this.transfers.reverse(id, p) },
      { method: 'GET', pattern: path(`transfers/${ID}/reversals`), publishable: 'no', run: (id, p) => this.transfers.listReversals(id, p) },
      {
        method: 'POST', pattern: path('payouts'), publishable: 'no', onAccount: true,
        run: (_, p, { account }) => this.payouts.create(account, p),
      },
      {
        method: 'GET', pattern: path('payouts'), publishable: 'no', onAccount: true,
        run: (_, p, { account }) => this.payouts.list(account, p),
      },
      {
        method: 'GET', pattern: path(`payouts/${ID}`), publishable: 'no', onAccount: true,
        run: (id, _, { account }) => this.payouts.retrieve(account, id),
      },
      {
        method: 'POST', pattern: path(`test_helpers/payouts/${ID}/settle`), publishable: 'no', onAccount: true,
        run: (id, _, { account }) => this.payouts.settleNow(account, id),
      },
      {
        method: 'POST', pattern: path(`test_helpers/payouts/${ID}/fail`), publishable: 'no', onAccount: true,
        run: (id, p, { account }) => this.payouts.failPaid(account, id, p),
      },
    ];
  }

  /** Stops the payout timers. */
  close(): void {
    this.payouts.close();
  }
}
