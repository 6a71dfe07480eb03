/**
 * The sandbox's state: PaymentIntents, PaymentMethods and Refunds in memory, optionally mirrored to
 * `<dataDir>/stripe-sandbox.json` so payments made before a restart can still be retrieved
 * (the API checks a PaymentIntent's status when it records a payment).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import type { ChargeDecline } from './shared/cards';

/** A PaymentMethod plus what charging it will do; the card number itself is never kept. */
export interface StoredPaymentMethod {
  paymentMethod: Stripe.PaymentMethod;
  decline: ChargeDecline | null;
}

interface Snapshot {
  paymentIntents: Stripe.PaymentIntent[];
  paymentMethods: StoredPaymentMethod[];
  refunds?: Stripe.Refund[];
}

export class SandboxStore {
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  readonly refunds = new Map<string, Stripe.Refund>();
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
  }

  /** Writes the whole state (small: a sandbox holds test payments only) via a rename. */
  save(): void {
    if (!this.file) return;
    const snapshot: Snapshot = {
      paymentIntents: [...this.paymentIntents.values()],
      paymentMethods: [...this.paymentMethods.values()],
      refunds: [...this.refunds.values()],
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(snapshot, null, 2));
    renameSync(temporary, this.file);
  }
}
