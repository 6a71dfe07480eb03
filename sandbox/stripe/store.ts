/**
 * The sandbox's state: PaymentIntents, PaymentMethods and Refunds, and for Connect the accounts,
 * their onboarding links, transfers, payouts and the balance ledger. In memory, optionally mirrored
 * to `<dataDir>/stripe-sandbox.json` so they survive a restart (the API checks a PaymentIntent's
 * status when it records a payment). Older files simply lack the newer keys.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import type { PayoutFailureCode } from './bank-accounts';
import type { ChargeDecline } from './shared/cards';

/** A PaymentMethod plus what charging it will do; the card number itself is never kept. */
export interface StoredPaymentMethod {
  paymentMethod: Stripe.PaymentMethod;
  decline: ChargeDecline | null;
}

/** A connected account plus what paying out to its bank will do; the account number is never kept. */
export interface StoredAccount {
  account: Stripe.Account;
  payoutFailure: PayoutFailureCode | null;
}

/** An onboarding link: the URL's token and where the page sends the browser back to. */
export interface StoredAccountLink {
  token: string;
  account: string;
  refreshUrl: string;
  returnUrl: string;
  /** Epoch milliseconds. */
  expiresAtMs: number;
  /** Epoch milliseconds of the successful submission; a link is used once. */
  usedAtMs: number | null;
}

export interface StoredPayout {
  payout: Stripe.Payout;
  /** The connected account paid out from; null for the platform. */
  account: string | null;
  /** What the bank will answer, fixed when the payout is sent: null pays. */
  failure: PayoutFailureCode | null;
  /** When a pending payout settles (epoch milliseconds); null once settled. */
  settleAtMs: number | null;
}

/** One balance transaction of one balance: the platform's (account null) or a connected account's. */
export interface LedgerEntry {
  account: string | null;
  transaction: Stripe.BalanceTransaction;
}

interface Snapshot {
  paymentIntents: Stripe.PaymentIntent[];
  paymentMethods: StoredPaymentMethod[];
  refunds?: Stripe.Refund[];
  accounts?: StoredAccount[];
  accountLinks?: StoredAccountLink[];
  transfers?: Stripe.Transfer[];
  payouts?: StoredPayout[];
  ledger?: LedgerEntry[];
}

export class SandboxStore {
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly accounts = new Map<string, StoredAccount>();
  /** By token. */
  readonly accountLinks = new Map<string, StoredAccountLink>();
  readonly transfers = new Map<string, Stripe.Transfer>();
  readonly payouts = new Map<string, StoredPayout>();
  /** Append-only, in time order: balances are its sums. */
  readonly ledger: LedgerEntry[] = [];
  private readonly file: string | null;

  constructor(dataDir?: string) {
    this.file = dataDir ? join(dataDir, 'stripe-sandbox.json') : null;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    this.load();
  }

  private load(): void {
    if (!this.file) return;
    let snapshot: Snapshot;
    try {
      snapshot = JSON.parse(readFileSync(this.file, 'utf8')) as Snapshot;
    } catch (error) {
      // A missing file is a first start; anything else would silently lose payments.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const intent of snapshot.paymentIntents ?? []) this.paymentIntents.set(intent.id, intent);
    for (const stored of snapshot.paymentMethods ?? []) this.paymentMethods.set(stored.paymentMethod.id, stored);
    for (const refund of snapshot.refunds ?? []) this.refunds.set(refund.id, refund);
    for (const stored of snapshot.accounts ?? []) this.accounts.set(stored.account.id, stored);
    for (const link of snapshot.accountLinks ?? []) this.accountLinks.set(link.token, link);
    for (const transfer of snapshot.transfers ?? []) this.transfers.set(transfer.id, transfer);
    for (const stored of snapshot.payouts ?? []) this.payouts.set(stored.payout.id, stored);
    this.ledger.push(...(snapshot.ledger ?? []));
  }

  /** Writes the whole state (small: a sandbox holds test payments only) via a rename. */
  save(): void {
    if (!this.file) return;
    const snapshot: Snapshot = {
      paymentIntents: [...this.paymentIntents.values()],
      paymentMethods: [...this.paymentMethods.values()],
      refunds: [...this.refunds.values()],
      accounts: [...this.accounts.values()],
      accountLinks: [...this.accountLinks.values()],
      transfers: [...this.transfers.values()],
      payouts: [...this.payouts.values()],
      ledger: this.ledger,
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(snapshot, null, 2));
    renameSync(temporary, this.file);
  }
}
