import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { notFound } from '../lib/errors';
import {
  providerCodeOf, providerStatusOf, providerUnavailable, type PaymentIntentView, type PaymentProvider,
} from '../lib/paymentProvider';
import type { Clock } from '../lib/clock';
import type { Commission } from '../ledgerConfig';
import type { OrderDeadlines } from '../ordersConfig';
import { bookingsRepository, type BookingRow } from '../repositories/bookings';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** A payment moves the order to `paid`, which starts the seller's clock. */
  clock: Clock;
  deadlines: OrderDeadlines;
  commission: Commission;
  /** Called after a commit that told someone something. */
  told(): void;
}

/** What the buyer pays for a booking: the book, and its shipping if it is posted. */
export const amountDue = (booking: Pick<BookingRow, 'resale_price_cents' | 'shipping_cents'>) =>
  booking.resale_price_cents + booking.shipping_cents;

/** Statuses in which the buyer can still pay a PaymentIntent from the browser. */
const PAYABLE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

const payableFor = (intent: PaymentIntentView, booking: BookingRow) =>
  PAYABLE_STATUSES.has(intent.status) &&
  intent.amount === amountDue(booking) &&
  intent.currency === 'usd' &&
  intent.metadata.bookingId === booking.id &&
  Boolean(intent.client_secret);

/** The booking's current intent at the provider; undefined when the provider no longer has it. */
async function currentIntent({ provider, log }: PaymentDeps, intentId: string): Promise<PaymentIntentView | undefined> {
  try {
    return await provider.paymentIntents.retrieve(intentId);
  } catch (error) {
    if (providerStatusOf(error) === 404 || providerCodeOf(error) === 'resource_missing') return undefined;
    log.error({ err: error }, 'retrieving the booking PaymentIntent failed');
    throw providerUnavailable();
  }
}

/**
 * The PaymentIntent the buyer pays `booking` with: the booking's current one while it can still
 * be paid and matches the booking's price, otherwise a new one. Creation is keyed at the provider
 * by booking, amount and how many intents the booking has had, so simultaneous first requests
 * (which read the same count) get one intent.
 */
export async function paymentIntentFor(deps: PaymentDeps, booking: BookingRow): Promise<PaymentIntentView> {
  const bookings = bookingsRepository(deps.db);
  const current = await bookings.paymentIntentOf(booking.id);
  if (!current) throw notFound('No such booking');
  if (current.intentId) {
    const intent = await currentIntent(deps, current.intentId);
    if (intent && payableFor(intent, booking)) return intent;
  }

  const amount = amountDue(booking);
  let intent: PaymentIntentView;
  try {
    intent = await deps.provider.paymentIntents.create(
      {
        amount,
        currency: 'usd',
        payment_method_types: ['card'],
        // Only a listed book's booking gets this far (see payableBooking).
        metadata: { bookingId: booking.id, bookId: booking.book_id ?? '' },
      },
      { idempotencyKey: `payment-intent-${booking.id}-${amount}-${current.intentsMade}` },
    );
  } catch (error) {
    deps.log.error({ err: error }, 'creating a PaymentIntent failed');
    throw providerUnavailable();
  }
  // A simultaneous request with the same key got this same intent and may have stored it first.
  await bookings.rememberPaymentIntent(booking.id, intent.id, current.intentsMade);
  return intent;
}
