import { isForeignKeyViolation, isUniqueViolation, type Queryable } from '../db/db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { providerStatusOf, providerUnavailable, type PaymentIntentView } from '../lib/paymentProvider';
import { bookingsRepository, type BookingRow } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { bundlesRepository } from '../repositories/bundles';
import { offersRepository } from '../repositories/offers';
import { orderLinesRepository } from '../repositories/orderLines';
import { TAKEN_REASON } from '../offers/moves';
import { paymentsRepository } from '../repositories/payments';
import { usersRepository, type User } from '../repositories/users';
import { moveWithin } from '../orders/moves';
import { amountDue, type PaymentDeps } from './intents';
import { lineUnavailable, lostTo, refund, UNAVAILABLE, Unfulfillable, whyUnavailable } from './refunds';

/** Why an order of several books can no longer be paid (naming the first book it lost), if it cannot. */
async function linesUnavailable(db: Queryable, bookingId: string): Promise<string | undefined> {
  const [line] = await orderLinesRepository(db).unsellable(bookingId);
  return line && lineUnavailable(line);
}

/** `whyUnavailable`, naming the book when an order of several lost one of its books. */
async function whyOrderUnavailable(db: Queryable, bookingId: string, bookId: string): Promise<string | undefined> {
  const why = await whyUnavailable(db, bookingId, bookId);
  const aBookLost = why === undefined || why === UNAVAILABLE.soldElsewhere || why === UNAVAILABLE.withdrawnBySeller;
  return aBookLost ? ((await linesUnavailable(db, bookingId)) ?? why) : why;
}

/**
 * Whom a payment is recorded for: the signed-in caller of `POST /payment`, who must be the
 * booking's buyer, or, for the provider's signed webhook (which speaks for no user), whoever
 * made the booking.
 */
export type Payer = { caller: User } | { bookingsBuyer: true };

export const BOOKINGS_BUYER: Payer = { bookingsBuyer: true };

async function retrieveIntent({ provider, log }: PaymentDeps, transactionId: string): Promise<PaymentIntentView> {
  try {
    return await provider.paymentIntents.retrieve(transactionId);
  } catch (error) {
    if (providerStatusOf(error) === 404) throw badRequest('Unknown transaction');
    log.error({ err: error }, 'retrieving a PaymentIntent failed');
    throw providerUnavailable();
  }
}

/** The email the payment is recorded under; refuses a caller who is not the booking's buyer. */
async function payerEmail(deps: PaymentDeps, payer: Payer, booking: BookingRow): Promise<string> {
  if ('caller' in payer) {
    if (booking.buyer_id !== payer.caller.id) throw forbidden('This is not your booking');
    return payer.caller.email;
  }
  const buyer = booking.buyer_id === null ? undefined : await usersRepository(deps.db).findById(booking.buyer_id);
  // Only paid bookings outlive their buyer; the booking's own copy of the address names them.
  return buyer?.email ?? booking.email;
}

/**
 * Whether the intent pays this booking: its metadata says so, or (an intent without that
 * metadata) the booking stored it as its checkout's intent.
 */
async function paysFor(deps: PaymentDeps, intent: PaymentIntentView, booking: BookingRow): Promise<boolean> {
  if (intent.metadata.bookingId) return intent.metadata.bookingId === booking.id;
  const stored = await bookingsRepository(deps.db).paymentIntentOf(booking.id);
  return stored?.intentId === intent.id;
}

/**
 * Checks the PaymentIntent with the provider, then records it, marks the booking paid and the
 * book sold, at once. A charge that went through for a sale that can no longer happen is refused
 * with `Unfulfillable`, naming why, so the caller refunds it.
 */
async function recordPayment(deps: PaymentDeps, payer: Payer, bookingId: string, transactionId: string) {
  const { db } = deps;
  const booking = await bookingsRepository(db).findById(bookingId);
  if (!booking) {
    // Gone while the card was being charged: a charge made for it goes back.
    const intent = await retrieveIntent(deps, transactionId);
    if (intent.status === 'succeeded' && intent.metadata.bookingId === bookingId) {
      const reason = (await whyUnavailable(db, bookingId, intent.metadata.bookId)) ?? UNAVAILABLE.withdrawn;
      // Who paid cannot be checked against a booking that is gone, so the answer names no amount.
      throw new Unfulfillable(intent, bookingId, reason, { sayAmount: false });
    }
    throw notFound('No such booking');
  }
  const email = await payerEmail(deps, payer, booking);
  const intent = await retrieveIntent(deps, transactionId);
  if (!(await paysFor(deps, intent, booking))) throw badRequest('This payment is for another booking');
  const bookId = booking.book_id;
  // The seller withdrew the book while the card was being charged: the booking stays, unpayable.
  if (bookId === null) {
    if (intent.status !== 'succeeded') throw conflict(UNAVAILABLE.withdrawnBySeller);
    throw new Unfulfillable(intent, booking.id, UNAVAILABLE.withdrawnBySeller, { sayAmount: false });
  }
  if (intent.amount !== amountDue(booking) || intent.currency !== 'usd') {
    throw badRequest('The amount paid does not match the booking');
  }
  // Read again: the booking and its books may have changed while the provider was asked.
  const unavailable = await whyOrderUnavailable(db, booking.id, bookId);
  if (intent.status !== 'succeeded') {
    throw unavailable ? conflict(unavailable) : new HttpError(402, 'The payment has not succeeded');
  }
  if (unavailable) throw new Unfulfillable(intent, booking.id, unavailable);

  const paymentId = newId();
  try {
    await db.transaction(async (tx) => {
      await paymentsRepository(tx).insert({
        id: paymentId,
        booking_id: booking.id,
        transaction_id: transactionId,
        email,
        amount_cents: intent.amount,
      });
      const paid = await moveWithin(tx, deps, [booking.id], 'booked', 'paid', deps.clock.now(), { actor: 'buyer' });
      if (paid.length === 0) {
        throw new Unfulfillable(intent, booking.id, UNAVAILABLE.paidByOtherPayment);
      }
      if ((await booksRepository(tx).markSold(bookId, booking.id)) === 0) {
        throw new Unfulfillable(intent, booking.id, UNAVAILABLE.soldElsewhere);
      }
      // The other books of an order of several: all of them, or the whole payment goes back.
      // Which one is named once the rollback is done (below).
      if (!(await orderLinesRepository(tx).markSold(booking.id))) {
        throw new Unfulfillable(intent, booking.id, UNAVAILABLE.soldElsewhere);
      }
      // Sold: the other buyers' pending offers on its books are declined, and they are told.
      const sold = [bookId, ...(await orderLinesRepository(tx).linesOf([booking.id])).get(booking.id)?.map((line) => line.book_id ?? '') ?? []];
      await offersRepository(tx).declinePendingOn(sold.filter(Boolean), null, deps.clock.now(), TAKEN_REASON);
      // Bought: the books leave the buyer's bundle.
      if (booking.buyer_id !== null) await bundlesRepository(tx).removeBought(booking.buyer_id, booking.id);
    });
  } catch (error) {
    // Something committed at the same moment won: another payment of the book or of this
    // booking (unique indexes), or the booking's removal (foreign key). A repeat of this very
    // charge is told apart by the caller before any refund. The rollback is done, so reading
    // again names what happened.
    const lost = error instanceof Unfulfillable || isUniqueViolation(error) || isForeignKeyViolation(error);
    if (!lost) throw error;
    const reason = (await whyOrderUnavailable(db, booking.id, bookId)) ?? lostTo(error);
    throw new Unfulfillable(intent, booking.id, reason);
  }
  deps.told();
  return { acknowledged: true, insertedId: paymentId };
}

/**
 * Records the payer's succeeded PaymentIntent for the booking, or refunds it when the sale can no
 * longer happen (`Refunded`). A repeat of a recorded payment, from either the browser's
 * `POST /payment` or the provider's webhook, answers the same record.
 */
export async function recordOrRefund(
  deps: PaymentDeps,
  payer: Payer,
  { bookingId, transactionId }: { bookingId: string; transactionId: string },
) {
  const payments = paymentsRepository(deps.db);
  const recordedFor = async () => {
    const recorded = await payments.findByTransactionId(transactionId);
    if (!recorded) return undefined;
    const someoneElses = 'caller' in payer && recorded.email !== payer.caller.email;
    if (recorded.booking_id !== bookingId || someoneElses) {
      throw conflict('This transaction is recorded for another booking');
    }
    return { acknowledged: true, insertedId: recorded.id };
  };
  const earlier = await recordedFor();
  if (earlier) return earlier;

  try {
    return await recordPayment(deps, payer, bookingId, transactionId);
  } catch (error) {
    // A concurrent identical request may have recorded it meanwhile (this one then finds the
    // booking paid, or hits the unique transaction id): answer that record.
    const winner = await recordedFor();
    if (winner) return winner;
    if (error instanceof Unfulfillable) return refund(deps, error);
    throw error;
  }
}
