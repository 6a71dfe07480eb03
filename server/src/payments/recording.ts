import { isForeignKeyViolation, isUniqueViolation, type Queryable } from '../db/db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { formatCents } from '../lib/money';
import {
  providerCodeOf, providerStatusOf, providerUnavailable, type PaymentIntentView,
} from '../lib/paymentProvider';
import { bookingsRepository } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { paymentsRepository } from '../repositories/payments';
import type { User } from '../repositories/users';
import type { PaymentDeps } from './intents';

/** Why a sale can no longer happen, as the buyer is told. */
const UNAVAILABLE = {
  soldElsewhere: 'This book was sold to another buyer meanwhile',
  paidByOtherPayment: 'This booking was already paid by your other payment',
  withdrawnBySeller: 'The seller withdrew this book meanwhile',
  cancelledByBuyer: 'You cancelled this booking',
  /** A booking that is gone, for an intent that does not name its book (made before intents did). */
  withdrawn: 'This booking was withdrawn meanwhile',
} as const;

/** Provider codes meaning the refund is done or being done. */
const REFUND_UNDER_WAY = ['charge_already_refunded', 'idempotency_key_in_use'];

/** A succeeded charge for a sale that cannot happen any more: it is refunded, never kept. */
class Unfulfillable extends Error {
  readonly sayAmount: boolean;

  constructor(
    readonly intent: PaymentIntentView,
    readonly bookingId: string,
    readonly reason: string,
    { sayAmount = true } = {},
  ) {
    super(reason);
    this.name = 'Unfulfillable';
    this.sayAmount = sayAmount;
  }
}

/** A booking and its book, as one statement saw them. */
interface SaleState {
  booked: boolean;
  paid: boolean;
  listed: boolean;
  sold: boolean;
}

/**
 * The booking (or, when it is gone, the book `bookId`) and its book in one statement, so one
 * snapshot: a sale commits the booking paid and the book sold together, and is seen whole or not
 * at all. Read in two statements, a sale committed between them would show the booking unpaid
 * and its book sold, as if another buyer had bought it.
 */
async function saleStateOf(db: Queryable, bookingId: string, bookId: string | undefined): Promise<SaleState> {
  const [state] = await db.query<SaleState>(
    `select k.id is not null as booked, coalesce(k.paid, false) as paid,
       b.id is not null as listed, coalesce(b.sold, false) as sold
     from (select $1::text as id) wanted
     left join bookings k on k.id = wanted.id
     left join books b on b.id = coalesce(k.book_id, $2::text)`,
    [bookingId, bookId ?? null],
  );
  return state;
}

/**
 * Why the booking can no longer be paid, read now (after whatever happened meanwhile), or
 * undefined when it still can. A booking that is gone was cancelled by its buyer when its book is
 * still there; deleting a book (by its seller, an admin, or with the seller's account) removes
 * its unpaid bookings with it. Only the booking's buyer pays it, so a paid booking was paid by
 * the buyer's other payment; a sold book with this booking unpaid went to another buyer.
 */
async function whyUnavailable(
  db: Queryable,
  bookingId: string,
  bookId: string | undefined,
): Promise<string | undefined> {
  const { booked, paid, listed, sold } = await saleStateOf(db, bookingId, bookId);
  if (!booked) {
    if (!bookId) return UNAVAILABLE.withdrawn;
    return listed ? UNAVAILABLE.cancelledByBuyer : UNAVAILABLE.withdrawnBySeller;
  }
  if (paid) return UNAVAILABLE.paidByOtherPayment;
  if (!listed) return UNAVAILABLE.withdrawnBySeller;
  return sold ? UNAVAILABLE.soldElsewhere : undefined;
}

/** What a failed recording most likely lost to, when reading the state again finds nothing. */
function lostTo(error: unknown): string {
  if (error instanceof Unfulfillable) return error.reason;
  if (isForeignKeyViolation(error)) return UNAVAILABLE.withdrawn;
  const soldElsewhere = error instanceof Error && error.message.includes('bookings_one_paid_per_book');
  return soldElsewhere ? UNAVAILABLE.soldElsewhere : UNAVAILABLE.paidByOtherPayment;
}

async function retrieveIntent({ provider, log }: PaymentDeps, transactionId: string): Promise<PaymentIntentView> {
  try {
    return await provider.paymentIntents.retrieve(transactionId);
  } catch (error) {
    if (providerStatusOf(error) === 404) throw badRequest('Unknown transaction');
    log.error({ err: error }, 'retrieving a PaymentIntent failed');
    throw providerUnavailable();
  }
}

/**
 * Checks the PaymentIntent with the provider, then records it, marks the booking paid and the
 * book sold, at once. A charge that went through for a sale that can no longer happen is refused
 * with `Unfulfillable`, naming why, so the caller refunds it.
 */
async function recordPayment(deps: PaymentDeps, caller: User, bookingId: string, transactionId: string) {
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
  if (booking.buyer_id !== caller.id) throw forbidden('This is not your booking');
  const intent = await retrieveIntent(deps, transactionId);
  if (intent.metadata.bookingId !== booking.id) throw badRequest('This payment is for another booking');
  const bookId = booking.book_id;
  // The seller withdrew the book while the card was being charged: the booking stays, unpayable.
  if (bookId === null) {
    if (intent.status !== 'succeeded') throw conflict(UNAVAILABLE.withdrawnBySeller);
    throw new Unfulfillable(intent, booking.id, UNAVAILABLE.withdrawnBySeller, { sayAmount: false });
  }
  if (intent.amount !== booking.resale_price_cents || intent.currency !== 'usd') {
    throw badRequest('The amount paid does not match the booking');
  }
  // Read again: the booking and its book may have changed while the provider was asked.
  const unavailable = await whyUnavailable(db, booking.id, bookId);
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
        email: caller.email,
        amount_cents: intent.amount,
      });
      if ((await bookingsRepository(tx).markPaid(booking.id)) === 0) {
        throw new Unfulfillable(intent, booking.id, UNAVAILABLE.paidByOtherPayment);
      }
      if ((await booksRepository(tx).markSold(bookId)) === 0) {
        throw new Unfulfillable(intent, booking.id, UNAVAILABLE.soldElsewhere);
      }
    });
  } catch (error) {
    // Something committed at the same moment won: another payment of the book or of this
    // booking (unique indexes), or the booking's removal (foreign key). A repeat of this very
    // charge is told apart by the caller before any refund. The rollback is done, so reading
    // again names what happened.
    const lost = error instanceof Unfulfillable || isUniqueViolation(error) || isForeignKeyViolation(error);
    if (!lost) throw error;
    const reason = (await whyUnavailable(db, booking.id, bookId)) ?? lostTo(error);
    throw new Unfulfillable(intent, booking.id, reason);
  }
  return { acknowledged: true, insertedId: paymentId };
}

/** Gives an unfulfillable charge back (once, whatever the repeats) and says why. */
async function refund({ provider, log }: PaymentDeps, unfulfillable: Unfulfillable): Promise<never> {
  const { intent, bookingId, reason } = unfulfillable;
  try {
    await provider.refunds.create(
      { payment_intent: intent.id, reason: 'requested_by_customer', metadata: { bookingId } },
      { idempotencyKey: `refund-${intent.id}` },
    );
  } catch (error) {
    // Refunded already, or being refunded by a simultaneous request with the same key.
    if (!REFUND_UNDER_WAY.includes(String(providerCodeOf(error)))) {
      log.error({ err: error, transactionId: intent.id }, 'refunding an unfulfillable payment failed');
      throw new HttpError(502, `${reason}, and refunding your payment failed: please try again`);
    }
  }
  log.warn({ transactionId: intent.id, bookingId }, `refunded: ${reason}`);
  const what = unfulfillable.sayAmount ? `Your payment of ${formatCents(intent.amount)}` : 'Your payment';
  throw conflict(`${reason}. ${what} has been refunded.`);
}

/**
 * `POST /payment`: records the caller's succeeded PaymentIntent for the booking, or refunds it
 * when the sale can no longer happen. A repeat of a recorded payment answers the same record.
 */
export async function recordOrRefund(
  deps: PaymentDeps,
  caller: User,
  { bookingId, transactionId }: { bookingId: string; transactionId: string },
) {
  const payments = paymentsRepository(deps.db);
  const recordedFor = async () => {
    const recorded = await payments.findByTransactionId(transactionId);
    if (!recorded) return undefined;
    if (recorded.booking_id !== bookingId || recorded.email !== caller.email) {
      throw conflict('This transaction is recorded for another booking');
    }
    return { acknowledged: true, insertedId: recorded.id };
  };
  const earlier = await recordedFor();
  if (earlier) return earlier;

  try {
    return await recordPayment(deps, caller, bookingId, transactionId);
  } catch (error) {
    // A concurrent identical request may have recorded it meanwhile (this one then finds the
    // booking paid, or hits the unique transaction id): answer that record.
    const winner = await recordedFor();
    if (winner) return winner;
    if (error instanceof Unfulfillable) return refund(deps, error);
    throw error;
  }
}
