/**
 * Transfers from the platform's balance to a connected account (`POST /v1/transfers`, retrieve, and
 * list with cursors) and their reversals (`POST` and `GET /v1/transfers/:id/reversals`). Refused
 * as Stripe refuses them: an unknown destination, one whose `transfers` capability is not active,
 * more than the platform's available balance. A reversal takes the money back even when that
 * leaves the connected balance negative, as Stripe does for accounts the platform is liable for.
 */
import type Stripe from 'stripe';
import type { Accounts } from './accounts';
import type { Balances } from './balances';
import { balanceInsufficient, invalidRequest, parameterMissing, resourceMissing } from './errors';
import { type FormObject, readString, readStringMap } from './form';
import { newId, unixNow } from './ids';
import { dollars, listPage, readPositiveAmount, requireCurrency, requirePositiveAmount } from './params';
import type { SandboxStore } from './store';
import type { EventSink } from './webhooks';

export const NO_TRANSFERS_CAPABILITY =
  'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments';
export const INSUFFICIENT_PLATFORM_FUNDS =
  'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance';

export class Transfers {
  constructor(
    private readonly store: SandboxStore,
    private readonly accounts: Accounts,
    private readonly balances: Balances,
    private readonly notify: EventSink,
  ) {}

  create(params: FormObject): Stripe.Transfer {
    const amount = requirePositiveAmount(params);
    const currency = requireCurrency(params);
    const destination = readString(params, 'destination');
    if (!destination) throw parameterMissing('destination');
    const { account } = this.accounts.named(destination, 'destination');
    if (account.capabilities?.transfers !== 'active') {
      throw invalidRequest(NO_TRANSFERS_CAPABILITY, { code: 'insufficient_capabilities_for_transfer', param: 'destination' });
    }
    const sourceTransaction = readString(params, 'source_transaction') || null;
    if (sourceTransaction) this.checkSourceTransaction(sourceTransaction, amount, currency);
    if (this.balances.available(null, currency) < amount) throw balanceInsufficient(INSUFFICIENT_PLATFORM_FUNDS);

    const id = newId('tr');
    const payment = newId('py');
    const description = readString(params, 'description') ?? null;
    const balanceTransaction = this.balances.book({ account: null, type: 'transfer', amount: -amount, currency, source: id, description });
    this.balances.book({ account: destination, type: 'payment', amount, currency, source: payment, description });
    const transfer: Stripe.Transfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: balanceTransaction,
      created: unixNow(),
      currency,
      description,
      destination,
      destination_payment: payment,
      livemode: false,
      metadata: readStringMap(params, 'metadata') ?? {},
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: sourceTransaction,
      source_type: 'card',
      transfer_group: readString(params, 'transfer_group') || null,
    };
    this.store.transfers.set(id, transfer);
    this.store.save();
    this.notify('transfer.created', transfer);
    return transfer;
  }

  retrieve(id: string): Stripe.Transfer {
    const transfer = this.store.transfers.get(id);
    if (!transfer) throw resourceMissing('transfer', id, 'id');
    return transfer;
  }

  /** `GET /v1/transfers`: newest first, by `destination` and `transfer_group` when given. */
  list(params: FormObject): Stripe.ApiList<Stripe.Transfer> {
    const destination = readString(params, 'destination');
    const group = readString(params, 'transfer_group');
    const matching = [...this.store.transfers.values()]
      .filter((transfer) => destination === undefined || transfer.destination === destination)
      .filter((transfer) => group === undefined || transfer.transfer_group === group)
      .reverse();
    return listPage(matching, params, '/v1/transfers', 'transfer');
  }

  /** `POST /v1/transfers/:id/reversals`: `amount` (default: what is left), `description`, `metadata`. */
  reverse(id: string, params: FormObject): Stripe.TransferReversal {
    const transfer = this.retrieve(id);
    const left = transfer.amount - transfer.amount_reversed;
    if (left <= 0) throw invalidRequest(`Transfer ${id} has already been fully reversed.`);
    const amount = readPositiveAmount(params) ?? left;
    if (amount > left) {
      throw invalidRequest(
        `Transfer reversal amount (${dollars(amount)}) is greater than the amount left on the transfer (${dollars(left)}).`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const reversalId = newId('trr');
    const paymentRefund = newId('pyr');
    const { currency } = transfer;
    const destination = String(transfer.destination);
    const description = readString(params, 'description') ?? null;
    const balanceTransaction = this.balances.book({ account: null, type: 'transfer_refund', amount, currency, source: reversalId, description });
    this.balances.book({ account: destination, type: 'payment_refund', amount: -amount, currency, source: paymentRefund, description });
    const reversal: Stripe.TransferReversal = {
      id: reversalId,
      object: 'transfer_reversal',
      amount,
      balance_transaction: balanceTransaction,
      created: unixNow(),
      currency,
      destination_payment_refund: paymentRefund,
      metadata: readStringMap(params, 'metadata') ?? {},
      source_refund: null,
      transfer: id,
    };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    this.store.save();
    this.notify('transfer.reversed', transfer);
    return reversal;
  }

  listReversals(id: string, params: FormObject): Stripe.ApiList<Stripe.TransferReversal> {
    return listPage(this.retrieve(id).reversals.data, params, `/v1/transfers/${id}/reversals`, 'transfer_reversal');
  }

  /** A transfer tied to a charge moves at most what is left of that charge. */
  private checkSourceTransaction(charge: string, amount: number, currency: string): void {
    const intent = [...this.store.paymentIntents.values()].find(
      (candidate) => candidate.latest_charge === charge && candidate.status === 'succeeded',
    );
    if (!intent) throw resourceMissing('charge', charge, 'source_transaction', 400);
    if (intent.currency !== currency) {
      throw invalidRequest(`The currency of source_transaction ${charge} (${intent.currency}) must be the transfer's currency (${currency}).`, {
        param: 'currency',
      });
    }
    let left = intent.amount_received;
    for (const refund of this.store.refunds.values()) {
      if (refund.payment_intent === intent.id && refund.status === 'succeeded') left -= refund.amount;
    }
    for (const transfer of this.store.transfers.values()) {
      if (transfer.source_transaction === charge) left -= transfer.amount - transfer.amount_reversed;
    }
    if (amount > left) {
      throw invalidRequest(
        `The transfer amount (${dollars(amount)}) is more than what is left of source_transaction ${charge} (${dollars(Math.max(left, 0))}).`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
  }
}
