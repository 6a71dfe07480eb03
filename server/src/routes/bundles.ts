import type { FastifyInstance } from 'fastify';
import { checkoutBundle, type CheckoutBody } from '../bundles/checkout';
import type { DeliveryMethod } from '../bundles/pricing';
import { bundleOnWire, readBundle } from '../bundles/wire';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { baseUrlOf } from '../lib/wire';
import { ordersForCaller } from '../orders/wire';
import { callerOf } from '../plugins/identity';
import { bookingsRepository } from '../repositories/bookings';
import { booksRepository } from '../repositories/books';
import { BUNDLE_MAX_BOOKS, bundlesRepository } from '../repositories/bundles';
import { booking, email, id, text } from '../schemas';

const sellerParams = {
  type: 'object',
  required: ['sellerId'],
  additionalProperties: false,
  properties: { sellerId: id },
} as const;
const bookParams = {
  type: 'object',
  required: ['sellerId', 'bookId'],
  additionalProperties: false,
  properties: { sellerId: id, bookId: id },
} as const;
const deliveryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { delivery: { type: 'string', enum: ['meetup', 'shipping'] } },
} as const;

const checkoutBody = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: {
    email,
    cusTomername: text(100),
    location: { ...text(200), default: '' },
    phone: { ...text(40), default: '' },
    delivery: {
      type: 'object',
      required: ['method'],
      additionalProperties: false,
      properties: { method: { type: 'string', enum: ['meetup', 'shipping'] }, address: text(500) },
    },
  },
} as const;

/**
 * A buyer's bundles (server/src/bundles/README.md): several books of one seller gathered, then
 * checked out as one order. Only the buyer reads or changes their own.
 */
export default async function bundleRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const bundles = bundlesRepository(app.db);

  const answer = async (base: string, buyerId: string, sellerId: string, delivery?: DeliveryMethod) =>
    bundleOnWire(base, await readBundle(app.db, buyerId, sellerId), delivery);

  app.get('/bundles', async (request) => {
    const caller = callerOf(request);
    const base = baseUrlOf(request);
    const sellers = await bundles.sellersOf(caller.id);
    return Promise.all(sellers.map((sellerId) => answer(base, caller.id, sellerId)));
  });

  app.get<{ Params: { sellerId: string }; Querystring: { delivery?: DeliveryMethod } }>(
    '/bundles/:sellerId',
    { schema: { params: sellerParams, querystring: deliveryQuery } },
    async (request) => answer(baseUrlOf(request), callerOf(request).id, request.params.sellerId, request.query.delivery),
  );

  app.put<{ Params: { sellerId: string; bookId: string } }>(
    '/bundles/:sellerId/books/:bookId',
    { schema: { params: bookParams } },
    async (request) => {
      const caller = callerOf(request);
      const { sellerId, bookId } = request.params;
      const book = await booksRepository(app.db).findById(bookId);
      if (!book || book.hidden || book.seller_id !== sellerId) throw notFound('No such book of this seller');
      if (book.seller_id === caller.id) throw badRequest('You cannot bundle your own book');
      if (book.sold) throw conflict('This book is already sold');
      if ((await bundles.count(caller.id, sellerId)) >= BUNDLE_MAX_BOOKS) {
        throw conflict(`A bundle holds at most ${BUNDLE_MAX_BOOKS} books: check this one out first`);
      }
      await bundles.add(caller.id, sellerId, bookId, app.orders.clock.now());
      return answer(baseUrlOf(request), caller.id, sellerId);
    },
  );

  app.delete<{ Params: { sellerId: string; bookId: string } }>(
    '/bundles/:sellerId/books/:bookId',
    { schema: { params: bookParams } },
    async (request) => {
      const caller = callerOf(request);
      const { sellerId, bookId } = request.params;
      await bundles.remove(caller.id, sellerId, [bookId]);
      return answer(baseUrlOf(request), caller.id, sellerId);
    },
  );

  app.post<{ Params: { sellerId: string }; Body: CheckoutBody }>(
    '/bundles/:sellerId/checkout',
    { schema: { params: sellerParams, body: checkoutBody, response: { 200: booking } } },
    async (request) => {
      const caller = callerOf(request);
      if (request.body.email.toLowerCase() !== caller.email.toLowerCase()) throw forbidden('You can only book for yourself');
      const orderId = await checkoutBundle(app, caller, request.params.sellerId, request.body);
      const row = await bookingsRepository(app.db).findById(orderId);
      if (!row) throw conflict('This order changed meanwhile; please try again');
      const [order] = await ordersForCaller(app.db, baseUrlOf(request), [row], caller, app.orders.reading(), 'buyer');
      return order;
    },
  );
}
