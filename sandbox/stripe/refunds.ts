/**
 * Refunds of a succeeded PaymentIntent's charge (`payment_intent` or `charge`), whole or in part,
 * succeeding at once as card refunds do in test mode.
 */
import type Stripe from 'stripe';
import { parameterInvalid, parameterMissing, refundError, resourceMissing } from './errors';
import { type FormObject, readString, readStringMap } from './form';
import { newId, unixNow } from './ids';
import type { PaymentIntents } from './payment-intents';
import type { SandboxStore } from './store';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export class Refunds {
  constructor(
    private readonly store: SandboxStore,
    private readonly intents: PaymentIntents,
  ) {}

  create(params: FormObject): Stripe.Refund {
    const intent = this.intentToRefund(params);
    const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : '';
    if (intent.status !== 'succeeded' || !charge) {
      throw parameterInvalid(
        'payment_intent',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    const refunded = this.refundedOf(intent.id);
    const left = intent.amount_received - refunded;
    if (left <= 0) throw refundError('charge_already_refunded', `Charge ${charge} has already been refunded.`);
    const amount = this.readRefundAmount(params) ?? left;
    if (amount > left) {
      throw refundError(
        'amount_too_large',
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      );
    }
    const reason = readString(params, 'reason');
    if (reason !== undefined && !(REASONS as readonly string[]).includes(reason)) {
      throw parameterInvalid('reason', `Invalid reason: must be one of ${REASONS.join(', ')}`, 'parameter_invalid');
    }
    const refund: Stripe.Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge,
      created: unixNow(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      metadata: readStringMap(params, 'metadata') ?? {},
      payment_intent: intent.id,
      payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : null,
      reason: (reason ?? null) as Stripe.Refund.Reason | null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.store.refunds.set(refund.id, refund);
    this.store.save();
    return refund;
  }

  /** `GET /v1/refunds`: newest first, of one `payment_intent` when given, at most `limit` (10 by default, up to 100). */
  list(params: FormObject): Stripe.ApiList<Stripe.Refund> {
    const intentId = readString(params, 'payment_intent');
    const limitText = readString(params, 'limit') ?? '10';
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 100) {
      throw parameterInvalid('limit', 'This value must be between 1 and 100.');
    }
    const matching = [...this.store.refunds.values()]
      .filter((refund) => intentId === undefined || refund.payment_intent === intentId)
      .reverse();
    const data = matching.slice(0, Number(limitText));
    return { object: 'list', data, has_more: matching.length > data.length, url: '/v1/refunds' };
  }

  retrieve(id: string): Stripe.Refund {
    const refund = this.store.refunds.get(id);
    if (!refund) throw resourceMissing('refund', id, 'id');
    return refund;
  }

  private intentToRefund(params: FormObject): Stripe.PaymentIntent {
    const intentId = readString(params, 'payment_intent');
    if (intentId) return this.intents.retrieve(intentId);
    const charge = readString(params, 'charge');
    if (!charge) throw parameterMissing('payment_intent');
    const intent = [...this.store.paymentIntents.values()].find((candidate) => candidate.latest_charge === charge);
    if (!intent) throw resourceMissing('charge', charge, 'charge');
    return intent;
  }

  private refundedOf(intentId: string): number {
    let total = 0;
    for (const refund of this.store.refunds.values()) {
      if (refund.payment_intent === intentId && refund.status === 'succeeded') total += refund.amount;
    }
    return total;
  }

  private readRefundAmount(params: FormObject): number | undefined {
    const text = readString(params, 'amount');
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      throw parameterInvalid('amount', `Invalid positive integer: ${text}`);
    }
    return Number(text);
  }
}
