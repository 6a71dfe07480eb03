import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, forbidden, notFound } from '../lib/errors';
import { providerUnavailable } from '../lib/paymentProvider';
import { paymentIntentFor, type PaymentDeps } from '../payments/intents';
import { recordOrRefund } from '../payments/recording';
import { lineUnavailable } from '../payments/refunds';
import { rateLimitedPerBooking } from '../plugins/config';
import { callerOf } from '../plugins/identity';
import { bookingsRepository, type BookingRow } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { orderLinesRepository } from '../repositories/orderLines';
import type { User } from '../repositories/users';
import { email, id, inserted } from '../schemas';

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

  const depsOf = (request: FastifyRequest): PaymentDeps => ({
    db: app.db, provider: app.payments, log: request.log,
    clock: app.orders.clock, deadlines: app.orders.deadlines, commission: app.orders.commission, told: app.orders.told,
  });

  /** The caller's booking, refusing unknown, foreign and already paid ones. */
  async function payableBooking(caller: User, bookingId: string): Promise<BookingRow> {
    const booking = await bookingsRepository(app.db).findById(bookingId);
    if (!booking) throw notFound('No such booking');
    if (booking.buyer_id !== caller.id) throw forbidden('This is not your booking');
    if (booking.paid) throw conflict('This booking is already paid');
    if (booking.book_id === null) throw conflict('The seller withdrew this book');
    if (booking.state === 'expired') throw conflict('This booking expired before it was paid: book the book again');
    if (booking.state !== 'booked') throw conflict(`This booking is ${booking.state} and can no longer be paid`);
    // An order of several books names the one it can no longer have.
    const [unsellable] = await orderLinesRepository(app.db).unsellable(booking.id);
    if (unsellable) throw conflict(lineUnavailable(unsellable));
    const book = await booksRepository(app.db).findById(booking.book_id);
    if (!book || (book.sold && (await booksRepository(app.db).reservedFor(book.id)) !== booking.id)) {
      throw conflict('This book is already sold');
    }
    return booking;
  }

  app.post<{ Body: { bookingId: string } }>(
    '/create-payment-intent',
    {
      // Per caller and booking, after `authenticate` and the body schema.
      config: rateLimitedPerBooking(app.config),
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
      // The booking's open intent when it can still be paid, so reopening the checkout adds none.
      const intent = await paymentIntentFor(depsOf(request), booking);
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
    async (request) => recordOrRefund(depsOf(request), { caller: callerOf(request) }, request.body),
  );
}
