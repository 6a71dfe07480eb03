import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { answerPage, decodeCursor, LIST_MAX, OLDEST_FIRST, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { baseUrlOf, bookingOnWire } from '../lib/wire';
import { callerOf } from '../plugins/identity';
import { BOOKINGS_OLDEST_FIRST, bookingsRepository } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { booking, bookingInserted, deleted, email, id, idParams, listOf, sameEmail, text } from '../schemas';

interface NewBookingBody {
  bookId: string;
  email: string;
  cusTomername?: string;
  location: string;
  phone: string;
}

const newBookingBody = {
  type: 'object',
  required: ['bookId', 'email'],
  additionalProperties: false,
  properties: {
    bookId: id,
    email,
    cusTomername: text(100),
    location: { ...text(200), default: '' },
    phone: { ...text(40), default: '' },
    // Accepted for the client's sake and ignored: name and price come from the book in the database.
    bookName: text(300),
    resale_price: { type: 'number' },
  },
} as const;

const bookingListQuery = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email, ...pagingProperties(LIST_MAX) },
} as const;

/** A buyer's own bookings. Every route needs an access token; nobody reads another's bookings. */
export default async function bookingRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const bookings = bookingsRepository(app.db);
  const books = booksRepository(app.db);

  app.get<{ Querystring: PagingQuery & { email: string } }>(
    '/bookings',
    { schema: { querystring: bookingListQuery, response: { 200: listOf(booking) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { email: listEmail, limit = LIST_MAX, cursor } = request.query;
      if (!sameEmail(listEmail, caller.email)) throw forbidden('You can only list your own bookings');
      const after = cursor === undefined ? undefined : decodeCursor(cursor, OLDEST_FIRST, BOOKINGS_OLDEST_FIRST);
      const page = await bookings.listByBuyer(caller.id, limit, after);
      const base = baseUrlOf(request);
      const rows = answerPage(request, reply, { path: '/bookings', query: { email: listEmail }, limit, sort: OLDEST_FIRST, page });
      return rows.map((row) => bookingOnWire(base, row));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bookings/:id',
    { schema: { params: idParams, response: { 200: booking } } },
    async (request) => {
      const caller = callerOf(request);
      const row = await bookings.findById(request.params.id);
      if (!row) throw notFound('No such booking');
      if (row.buyer_id !== caller.id && caller.role !== 'admin') throw forbidden('This is not your booking');
      return bookingOnWire(baseUrlOf(request), row);
    },
  );

  app.post<{ Body: NewBookingBody }>(
    '/bookings',
    { schema: { body: newBookingBody, response: { 200: bookingInserted } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      if (!sameEmail(body.email, caller.email)) throw forbidden('You can only book for yourself');
      const book = await books.findById(body.bookId);
      if (!book) throw notFound('No such book');
      if (book.sold) throw conflict('This book is already sold');
      if (book.seller_id === caller.id) throw badRequest('You cannot book your own book');
      // Booking the same book twice answers the open booking instead of making a second one.
      const open = await bookings.findUnpaid(caller.id, book.id);
      if (open) return { acknowledged: true, insertedId: open.id, alreadyBooked: true };
      const bookingId = newId();
      const stored = await bookings.insertUnlessOpen({
        id: bookingId,
        book_id: book.id,
        buyer_id: caller.id,
        email: caller.email,
        cus_tomername: body.cusTomername?.trim() || caller.name,
        location: body.location,
        phone: body.phone,
        book_name: book.name,
        resale_price_cents: book.resale_price_cents,
        img: book.img,
      });
      if (stored) return { acknowledged: true, insertedId: bookingId, alreadyBooked: false };
      // A repeat of this request got there first: answer its booking.
      const racer = await bookings.findUnpaid(caller.id, book.id);
      if (!racer) throw conflict('This booking changed meanwhile; please try again');
      return { acknowledged: true, insertedId: racer.id, alreadyBooked: true };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/bookings/:id',
    { schema: { params: idParams, response: { 200: deleted } } },
    async (request) => {
      const caller = callerOf(request);
      const row = await bookings.findById(request.params.id);
      if (!row) throw notFound('No such booking');
      if (row.buyer_id !== caller.id) throw forbidden('This is not your booking');
      if (row.paid) throw conflict('A paid booking cannot be cancelled');
      const deletedCount = await bookings.deleteUnpaid(row.id);
      if (deletedCount === 0) throw conflict('This booking was paid meanwhile');
      return { acknowledged: true, deletedCount };
    },
  );
}
