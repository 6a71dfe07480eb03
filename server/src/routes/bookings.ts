import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { answerPage, decodeCursor, LIST_MAX, OLDEST_FIRST, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { baseUrlOf } from '../lib/wire';
import { handoverCode } from '../orders/handover';
import { clockFor, type DeliveryMethod } from '../orders/states';
import { ordersForCaller, viewerOf } from '../orders/wire';
import { ordersRepository } from '../repositories/orders';
import { callerOf } from '../plugins/identity';
import { BOOKINGS_OLDEST_FIRST, bookingsRepository } from '../repositories/bookings';
import { booksRepository, type BookRow } from '../repositories/books';
import { booking, bookingInserted, deleted, email, id, idParams, listOf, sameEmail, text } from '../schemas';
import { blocksRepository } from '../repositories/blocks';

/** A seller who blocked the caller sells them nothing. */
export const BOOKING_BLOCKED = 'This seller does not accept your bookings';

interface NewBookingBody {
  bookId: string;
  email: string;
  cusTomername?: string;
  location: string;
  phone: string;
  delivery?: { method: DeliveryMethod; address?: string };
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
    // Without it, a meet-up (the spec's booking).
    delivery: {
      type: 'object',
      required: ['method'],
      additionalProperties: false,
      properties: { method: { type: 'string', enum: ['meetup', 'shipping'] }, address: text(500) },
    },
  },
} as const;

/** How the buyer gets the book, checked against what the book offers. */
function deliveryOf(book: BookRow, delivery: NewBookingBody['delivery']) {
  const method = delivery?.method ?? 'meetup';
  if (method === 'meetup') {
    if (!book.offers_meetup) throw badRequest('This book is only offered for shipping: choose shipping and give an address');
    return { delivery_method: method, delivery_address: null, shipping_cents: 0 };
  }
  if (!book.offers_shipping || book.shipping_price_cents === null) throw badRequest('This book is not offered for shipping');
  const address = delivery?.address?.trim();
  if (!address) throw badRequest('Give the address to ship the book to');
  return { delivery_method: method, delivery_address: address, shipping_cents: book.shipping_price_cents };
}

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
      const rows = answerPage(request, reply, { path: '/bookings', query: { email: listEmail }, limit, sort: OLDEST_FIRST, page });
      return ordersForCaller(app.db, baseUrlOf(request), rows, caller, app.orders.reading(), 'buyer');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bookings/:id',
    { schema: { params: idParams, response: { 200: booking } } },
    async (request) => {
      const caller = callerOf(request);
      const row = await bookings.findById(request.params.id);
      if (!row) throw notFound('No such booking');
      if (viewerOf(row, caller) === undefined) throw forbidden('This is not your booking');
      const [order] = await ordersForCaller(app.db, baseUrlOf(request), [row], caller, app.orders.reading());
      return order;
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
      // A hidden listing is on sale to nobody (an admin hid it, or its seller is suspended).
      if (!book || book.hidden) throw notFound('No such book');
      if (book.sold) throw conflict('This book is already sold');
      if (book.seller_id === caller.id) throw badRequest('You cannot book your own book');
      if (book.seller_id !== null && (await blocksRepository(app.db).blocks(book.seller_id, caller.id))) {
        throw forbidden(BOOKING_BLOCKED);
      }
      // Booking the same book twice answers the open booking instead of making a second one.
      const open = await bookings.findUnpaid(caller.id, book.id);
      if (open) return { acknowledged: true, insertedId: open.id, alreadyBooked: true };
      const bookingId = newId();
      const at = app.orders.clock.now();
      const { dueAt } = clockFor('booked', at, app.orders.deadlines);
      const booking = {
        id: bookingId,
        book_id: book.id,
        buyer_id: caller.id,
        seller_id: book.seller_id,
        email: caller.email,
        cus_tomername: body.cusTomername?.trim() || caller.name,
        location: body.location,
        phone: body.phone,
        book_name: book.name,
        resale_price_cents: book.resale_price_cents,
        img: book.img,
        ...deliveryOf(book, body.delivery),
        handover_code: handoverCode(),
        state_at: at,
        due_at: dueAt,
      };
      const stored = await app.db.transaction(async (tx) => {
        if (!(await bookingsRepository(tx).insertUnlessOpen(booking))) return false;
        await ordersRepository(tx).begin(booking, at, dueAt);
        return true;
      });
      if (stored) {
        app.orders.told();
        return { acknowledged: true, insertedId: bookingId, alreadyBooked: false };
      }
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
      // An unpaid booking goes, whatever became of it (open, cancelled, withdrawn or expired).
      if (row.paid) throw conflict('A paid booking cannot be cancelled');
      const deletedCount = await bookings.deleteUnpaid(row.id);
      if (deletedCount === 0) throw conflict('This booking was paid meanwhile');
      return { acknowledged: true, deletedCount };
    },
  );
}
