/**
 * Balances as Stripe keeps them: an append-only ledger of balance transactions, one balance for the
 * platform and one per connected account, summed when read. Charges settle to `available` at once
 * in the sandbox. Each entry names its source (ch_, re_, tr_, py_, trr_, pyr_, po_), and a source is
 * booked once per balance and type, so a replayed call books nothing new. Charges and refunds kept
 * by a snapshot older than the ledger are booked when it is loaded.
 */
import type Stripe from 'stripe';
import { newId, unixNow } from './ids';
import type { LedgerEntry, SandboxStore } from './store';

/** The balance transaction types the sandbox books, with Stripe's reporting category for each. */
const REPORTING_CATEGORIES = {
  charge: 'charge',
  refund: 'refund',
  transfer: 'transfer',
  transfer_refund: 'transfer_reversal',
  payment: 'transfer',
  payment_refund: 'transfer_reversal',
  payout: 'payout',
  payout_failure: 'payout_reversal',
} as const;

export type LedgerType = keyof typeof REPORTING_CATEGORIES;

export interface Booking {
  /** The connected account whose balance moves; null for the platform's. */
  account: string | null;
  type: LedgerType;
  /** Signed cents: what the balance gains. */
  amount: number;
  currency: string;
  /** The id of the object that moved the money. */
  source: string;
  description?: string | null;
  created?: number;
}

const keyOf = (account: string | null, type: string, source: string) => `${account ?? 'platform'}|${type}|${source}`;

function sourceId(source: Stripe.BalanceTransaction['source']): string {
  return typeof source === 'string' ? source : (source?.id ?? '');
}

export class Balances {
  /** Booking key → balance transaction id. */
  private readonly booked = new Map<string, string>();

  constructor(private readonly store: SandboxStore) {
    for (const { account, transaction } of store.ledger) {
      this.booked.set(keyOf(account, transaction.type, sourceId(transaction.source)), transaction.id);
    }
    if (this.bookEarlierPayments()) store.save();
  }

  /** Books a movement (once per balance, type and source) and answers its balance transaction id. The caller saves. */
  book(booking: Booking): string {
    const key = keyOf(booking.account, booking.type, booking.source);
    const earlier = this.booked.get(key);
    if (earlier) return earlier;
    const created = booking.created ?? unixNow();
    const transaction: Stripe.BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      amount: booking.amount,
      available_on: created,
      balance_type: 'payments',
      created,
      currency: booking.currency,
      description: booking.description ?? null,
      exchange_rate: null,
      fee: 0,
      fee_details: [],
      net: booking.amount,
      reporting_category: REPORTING_CATEGORIES[booking.type],
      source: booking.source,
      status: 'available',
      type: booking.type,
    };
    const entry: LedgerEntry = { account: booking.account, transaction };
    this.store.ledger.push(entry);
    this.booked.set(key, transaction.id);
    return transaction.id;
  }

  /** The platform's gain from a PaymentIntent that has just succeeded. */
  charged(intent: Stripe.PaymentIntent, created?: number): string | undefined {
    const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
    if (intent.status !== 'succeeded' || !charge || intent.amount_received <= 0) return undefined;
    return this.book({ account: null, type: 'charge', amount: intent.amount_received, currency: intent.currency, source: charge, created });
  }

  /** The platform's loss from a refund. */
  refunded(refund: Stripe.Refund, created?: number): string | undefined {
    if (refund.status !== 'succeeded') return undefined;
    return this.book({ account: null, type: 'refund', amount: -refund.amount, currency: refund.currency, source: refund.id, created });
  }

  /** What one balance holds in one currency (negative when a reversal took more than was left). */
  available(account: string | null, currency: string): number {
    let total = 0;
    for (const entry of this.store.ledger) {
      if (entry.account === account && entry.transaction.currency === currency) total += entry.transaction.net;
    }
    return total;
  }

  /** `GET /v1/balance`: the platform's balance, or a connected account's. Always lists usd. */
  retrieve(account: string | null): Stripe.Balance {
    const totals = new Map<string, number>([['usd', 0]]);
    for (const entry of this.store.ledger) {
      if (entry.account !== account) continue;
      const { currency, net } = entry.transaction;
      totals.set(currency, (totals.get(currency) ?? 0) + net);
    }
    const currencies = [...totals.keys()];
    return {
      object: 'balance',
      available: currencies.map((currency) => {
        const amount = totals.get(currency) ?? 0;
        return { amount, currency, source_types: { card: amount } };
      }),
      ...(account === null ? { connect_reserved: currencies.map((currency) => ({ amount: 0, currency })) } : {}),
      livemode: false,
      pending: currencies.map((currency) => ({ amount: 0, currency, source_types: { card: 0 } })),
    };
  }

  /** Books what snapshots from before the ledger hold; answers whether anything was new. */
  private bookEarlierPayments(): boolean {
    const before = this.store.ledger.length;
    for (const intent of this.store.paymentIntents.values()) this.charged(intent, intent.created);
    for (const refund of this.store.refunds.values()) this.refunded(refund, refund.created);
    return this.store.ledger.length > before;
  }
}
