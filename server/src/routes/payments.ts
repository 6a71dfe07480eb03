import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isForeignKeyViolation, isUniqueViolation } from '../db/db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { formatCents } from '../lib/money';
import type { PaymentIntentView, PaymentProvider } from '../lib/paymentProvider';
import { callerOf } from '../plugins/identity';
import { bookingsRepository, type BookingRow } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { paymentsRepository } from '../repositories/payments';
import type { User } from '../repositories/users';
import { email, id, inserted } from '../schemas';

const ALREADY_PAID = 'This booking is already paid';
const SOLD_ELSEWHERE = 'This book was sold to another buyer meanwhile';
const WITHDRAWN = 'This booking was withdrawn meanwhile';
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

/** The provider's error code (Stripe's `code`), when the error carries one. */
const providerCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** A failure of the payment provider itself, not of the caller's input. */
const providerUnavailable = () => new HttpError(502, 'The payment provider is unavailable, try again');

interface PaymentBody {
  bookingId: string;
  transactionId: string;
}

const TRANSACTION_ID = { type: 'string', pattern: '^pi_[A-Za-z0-9_]{1,250}$' } as const;
// The client also sends the price and its email: ignored, both come from the database.
const ignoredFields = { resale_price: { type: 'number' }, email } as const;

/** Card payments: the amount always comes from the booking in the database, never from the client. */
export default async function paymentRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);

  /** The caller's booking, refusing unknown, foreign and already paid ones. */
  async function payableBooking(caller: User, bookingId: string): Promise<BookingRow> {
    const booking = await bookingsRepository(app.db).findById(bookingId);
    if (!booking) throw notFound('No such booking');
    if (booking.buyer_id !== caller.id) throw forbidden('This is not your booking');
    if (booking.paid) throw conflict('This booking is already paid');
    const book = await booksRepository(app.db).findById(booking.book_id);
    if (!book || book.sold) throw conflict('This book is already sold');
    return booking;
  }

  /**
   * Checks the PaymentIntent with the provider, then records it, marks the booking paid and the
   * book sold, at once. A charge that went through for a sale that can no longer happen (the
   * book sold to someone else, the booking paid by another charge or withdrawn) is refused with
   * `Unfulfillable`, so the caller refunds it.
   */
  async function recordPayment(caller: User, bookingId: string, transactionId: string, log: FastifyBaseLogger) {
    const booking = await bookingsRepository(app.db).findById(bookingId);
    if (!booking) {
      // Withdrawn while the card was being charged: a charge made for it goes back.
      const intent = await retrieveIntent(app.payments, transactionId, log);
      // Who paid cannot be checked against a booking that is gone, so the answer names no amount.
      if (intent.status === 'succeeded' && intent.metadata.bookingId === bookingId) {
        throw new Unfulfillable(intent, bookingId, WITHDRAWN, { sayAmount: false });
      }
      throw notFound('No such booking');
    }
    if (booking.buyer_id !== caller.id) throw forbidden('This is not your booking');
    const intent = await retrieveIntent(app.payments, transactionId, log);
    if (intent.metadata.bookingId !== booking.id) throw badRequest('This payment is for another booking');
    if (intent.amount !== booking.resale_price_cents || intent.currency !== 'usd') {
      throw badRequest('The amount paid does not match the booking');
    }
    const book = await booksRepository(app.db).findById(booking.book_id);
    const unavailable = booking.paid ? ALREADY_PAID : !book || book.sold ? SOLD_ELSEWHERE : undefined;
    if (intent.status !== 'succeeded') {
      throw unavailable ? conflict(unavailable) : new HttpError(402, 'The payment has not succeeded');
    }
    if (unavailable) throw new Unfulfillable(intent, booking.id, unavailable);

    const paymentId = newId();
    try {
      await app.db.transaction(async (tx) => {
        await paymentsRepository(tx).insert({
          id: paymentId,
          booking_id: booking.id,
          transaction_id: transactionId,
          email: caller.email,
          amount_cents: intent.amount,
        });
        if ((await bookingsRepository(tx).markPaid(booking.id)) === 0) {
          throw new Unfulfillable(intent, booking.id, ALREADY_PAID);
        }
        if ((await booksRepository(tx).markSold(booking.book_id)) === 0) {
          throw new Unfulfillable(intent, booking.id, SOLD_ELSEWHERE);
        }
      });
    } catch (error) {
      // Another buyer's payment for the book, or another charge of this booking, was recorded at
      // the same moment (a repeat of this very charge is told apart by the caller before any
      // refund); or the booking was withdrawn while the provider was being asked.
      if (isUniqueViolation(error)) {
        const soldElsewhere = error instanceof Error && error.message.includes('bookings_one_paid_per_book');
        throw new Unfulfillable(intent, booking.id, soldElsewhere ? SOLD_ELSEWHERE : ALREADY_PAID);
      }
      if (isForeignKeyViolation(error)) throw new Unfulfillable(intent, booking.id, WITHDRAWN);
      throw error;
    }
    return { acknowledged: true, insertedId: paymentId };
  }

  /** Gives an unfulfillable charge back (once, whatever the repeats) and says so. */
  async function refund(unfulfillable: Unfulfillable, log: FastifyBaseLogger): Promise<never> {
    const { intent, bookingId, reason } = unfulfillable;
    try {
      await app.payments.refunds.create(
        { payment_intent: intent.id, reason: 'requested_by_customer', metadata: { bookingId } },
        { idempotencyKey: `refund-${intent.id}` },
      );
    } catch (error) {
      // Refunded already, or being refunded by a simultaneous request with the same key.
      if (!REFUND_UNDER_WAY.includes(String(providerCode(error)))) {
        log.error({ err: error, transactionId: intent.id }, 'refunding an unfulfillable payment failed');
        throw new HttpError(502, `${reason}, and refunding your payment failed: please try again`);
      }
    }
    log.warn({ transactionId: intent.id, bookingId }, `refunded: ${reason}`);
    const what = unfulfillable.sayAmount ? `Your payment of ${formatCents(intent.amount)}` : 'Your payment';
    throw conflict(`${reason}. ${what} has been refunded.`);
  }

  app.post<{ Body: { bookingId: string } }>(
    '/create-payment-intent',
    {
      schema: {
        body: {
          type: 'object',
          required: ['bookingId'],
          additionalProperties: false,
          properties: { bookingId: id, ...ignoredFields },
        },
        response: { 200: { type: 'object', required: ['clientSecret'], properties: { clientSecret: { type: 'string' } } } },
      },
    },
    async (request) => {
      const booking = await payableBooking(callerOf(request), request.body.bookingId);
      let intent: PaymentIntentView;
      try {
        intent = await app.payments.paymentIntents.create({
          amount: booking.resale_price_cents,
          currency: 'usd',
          payment_method_types: ['card'],
          metadata: { bookingId: booking.id },
        });
      } catch (error) {
        request.log.error({ err: error }, 'creating a PaymentIntent failed');
        throw providerUnavailable();
      }
      if (!intent.client_secret) throw providerUnavailable();
      return { clientSecret: intent.client_secret };
    },
  );

  app.post<{ Body: PaymentBody }>(
    '/payment',
    {
      schema: {
        body: {
          type: 'object',
          required: ['bookingId', 'transactionId'],
          additionalProperties: false,
          properties: { bookingId: id, transactionId: TRANSACTION_ID, ...ignoredFields },
        },
        response: { 200: inserted },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { bookingId, transactionId } = request.body;
      const payments = paymentsRepository(app.db);

      // A repeat of a recorded payment answers the same record.
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
        return await recordPayment(caller, bookingId, transactionId, request.log);
      } catch (error) {
        // A concurrent identical request may have recorded it meanwhile (this one then finds the
        // booking paid, or hits the unique transaction id): answer that record.
        const winner = await recordedFor();
        if (winner) return winner;
        if (error instanceof Unfulfillable) return refund(error, request.log);
        if (isUniqueViolation(error)) throw conflict('This booking is already paid');
        throw error;
      }
    },
  );
}

async function retrieveIntent(
  provider: PaymentProvider,
  transactionId: string,
  log: { error(obj: object, msg: string): void },
): Promise<PaymentIntentView> {
  try {
    return await provider.paymentIntents.retrieve(transactionId);
  } catch (error) {
    const status = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
    if (status === 404) throw badRequest('Unknown transaction');
    log.error({ err: error }, 'retrieving a PaymentIntent failed');
    throw providerUnavailable();
  }
}
