import { HttpError } from '../lib/errors';
import { ID_PATTERN } from '../lib/ids';
import { bookingsRepository } from '../repositories/bookings';
import type { PaymentDeps } from './intents';
import { BOOKINGS_BUYER, recordOrRefund } from './recording';
import { Refunded } from './refunds';

/** What became of a webhook event: the payment recorded (now or before), refunded, or nothing to do. */
export type WebhookOutcome = 'recorded' | 'refunded' | 'ignored';

/** The PaymentIntent as a `payment_intent.succeeded` event carries it; only its id and metadata are used. */
export interface SucceededIntent {
  id: string;
  metadata: Record<string, string>;
}

const BOOKING_ID = new RegExp(ID_PATTERN);

/** The booking the intent pays: the one its metadata names, else the one whose checkout stored it. */
async function bookingIdOf(deps: PaymentDeps, intent: SucceededIntent): Promise<string | undefined> {
  const named = intent.metadata.bookingId;
  if (named !== undefined && named !== '') return BOOKING_ID.test(named) ? named : undefined;
  return bookingsRepository(deps.db).findIdByPaymentIntent(intent.id);
}

/**
 * Records a charge the provider reports as succeeded, exactly as the buyer's own `POST /payment`
 * would (the intent is read again from the provider; amount, currency and booking are checked
 * against the database), or refunds it when the sale can no longer happen. Either order of this
 * and the browser's call, or both at once, leaves one payment. Outcomes a repeat would not change
 * (not paid after all, another booking's, an unknown booking) are ignored; a failure of the
 * provider or the database is thrown, so the event is answered 5xx and sent again.
 */
export async function recordSucceededIntent(deps: PaymentDeps, intent: SucceededIntent): Promise<WebhookOutcome> {
  const bookingId = await bookingIdOf(deps, intent);
  if (bookingId === undefined) {
    deps.log.info({ transactionId: intent.id }, 'webhook: the PaymentIntent pays no booking of this shop');
    return 'ignored';
  }
  try {
    await recordOrRefund(deps, BOOKINGS_BUYER, { bookingId, transactionId: intent.id });
    return 'recorded';
  } catch (error) {
    if (error instanceof Refunded) return 'refunded';
    if (error instanceof HttpError && error.statusCode < 500) {
      deps.log.warn({ transactionId: intent.id, bookingId, reason: error.message }, 'webhook: payment not recorded');
      return 'ignored';
    }
    throw error;
  }
}
