import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { toIsbn13 } from '../lib/isbn';
import { commissionOn } from '../ledgerConfig';
import { parseMoney, toDollars } from '../lib/money';
import { answerPage, decodeCursor, LIST_MAX, OLDEST_FIRST, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { baseUrlOf, productOnWire } from '../lib/wire';
import { ordersForCaller } from '../orders/wire';
import { cancelOpenOrdersOf } from '../orders/moves';
import { tellWanters } from '../wants/match';
import { callerOf } from '../plugins/identity';
import { bookingsRepository, SELLER_BOOKINGS_OLDEST_FIRST } from '../repositories/bookings';
import { BOOKS_OLDEST_FIRST, booksRepository } from '../repositories/books';
import { categoriesRepository } from '../repositories/categories';
import { booking, deleted, idParams, inserted, listOf, product } from '../schemas';
import { deliveryOffer, newProductBody, ORIGINAL_PRICE, photosOf, PRICE, type NewProductBody } from '../products/listingBody';

/** The query of the seller's lists (products and buyers): only paging. */
const sellerListQuery = { type: 'object', additionalProperties: false, properties: pagingProperties(LIST_MAX) } as const;

const todayIsoDate = () => new Date().toISOString().slice(0, 10);

/** A seller's own books (shown as products) and the bookings on them. Sellers and admins only. */
export default async function productRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSeller);
  const books = booksRepository(app.db);
  const categories = categoriesRepository(app.db);

  app.get<{ Querystring: PagingQuery }>(
    '/products',
    { schema: { querystring: sellerListQuery, response: { 200: listOf(product) } } },
    async (request, reply) => {
      const { limit = LIST_MAX, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, OLDEST_FIRST, BOOKS_OLDEST_FIRST);
      const sellerId = callerOf(request).id;
      // The total keeps "my products : n" true while the table shows only the pages loaded so far.
      const [page, total] = await Promise.all([books.listBySeller(sellerId, limit, after), books.countBySeller(sellerId)]);
      reply.header('x-total-count', String(total));
      const base = baseUrlOf(request);
      const rows = answerPage(request, reply, { path: '/products', limit, sort: OLDEST_FIRST, page });
      const open = await bookingsRepository(app.db).countUnpaidByBook(rows.map((row) => row.id));
      const { commission } = app.config;
      // What the seller keeps of the price at today's commission (the shipping is theirs on top).
      return rows.map((row) => ({
        ...productOnWire(base, row),
        openBookings: open.get(row.id) ?? 0,
        youReceive: toDollars(row.resale_price_cents - commissionOn(row.resale_price_cents, commission)),
      }));
    },
  );

  app.post<{ Body: NewProductBody }>(
    '/products',
    { config: { multiLineFields: ['description'] }, schema: { body: newProductBody, response: { 200: inserted } } },
    async (request) => {
      const seller = callerOf(request);
      const body = request.body;
      const priceCents = parseMoney(body.price, PRICE);
      const originalPriceCents = body.orginal_price === undefined ? priceCents : parseMoney(body.orginal_price, ORIGINAL_PRICE);
      const isbn = body.isbn?.trim() ? toIsbn13(body.isbn) : null;
      if (isbn === undefined) throw badRequest('isbn is not a valid ISBN-10 or ISBN-13');
      const offer = deliveryOffer(body.delivery);
      // Products without a category land in the first one, so they still show in a list.
      const category = body.category?.toLowerCase() ?? (await categories.first())?.category;
      if (!category || !(await categories.exists(category))) throw badRequest('Unknown category');
      const id = newId();
      await books.insert({
        id,
        category,
        name: body.name.trim(),
        img: body.image,
        photos: photosOf(body.image, body.images).photos ?? [],
        location: body.location,
        resale_price_cents: priceCents,
        orginal_price_cents: originalPriceCents,
        seller_id: seller.id,
        seller_email: seller.email,
        seller_name: seller.name,
        number: body.phone,
        uses: body.uses ?? '',
        date: todayIsoDate(),
        condition: body.condition,
        description: body.description,
        author: body.author?.trim() ?? '',
        isbn,
        ...offer,
      });
      // Buyers who want this book hear of it within seconds (their open tabs and their mail).
      if ((await tellWanters(app.db, [id], app.orders.clock.now())) > 0) app.orders.told();
      return { acknowledged: true, insertedId: id };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/products/:id',
    { schema: { params: idParams, response: { 200: deleted } } },
    async (request) => {
      const caller = callerOf(request);
      const book = await books.findById(request.params.id);
      if (!book) throw notFound('No such product');
      if (book.seller_id !== caller.id && caller.role !== 'admin') throw forbidden('This is not your product');
      // A sold book is part of a paid record; it stays so the buyer's order and payment stay whole.
      if (book.sold) throw conflict('This book is sold and stays on record');
      // Its unpaid bookings stay with their buyers, withdrawn (the foreign key clears their book id).
      const actor = book.seller_id === caller.id ? 'seller' : 'admin';
      const deletedCount = await app.db.transaction(async (tx) => {
        await cancelOpenOrdersOf(tx, app.orders, { bookId: book.id }, actor);
        return booksRepository(tx).deleteUnsold(book.id);
      });
      app.orders.told();
      if (deletedCount === 0) throw conflict('This book was sold meanwhile');
      return { acknowledged: true, deletedCount };
    },
  );

  app.get<{ Querystring: PagingQuery }>(
    '/mybuyers',
    { schema: { querystring: sellerListQuery, response: { 200: listOf(booking) } } },
    async (request, reply) => {
      const { limit = LIST_MAX, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor, OLDEST_FIRST, SELLER_BOOKINGS_OLDEST_FIRST);
      const caller = callerOf(request);
      const page = await bookingsRepository(app.db).listForSeller(caller.id, limit, after);
      const rows = answerPage(request, reply, { path: '/mybuyers', limit, sort: OLDEST_FIRST, page });
      return ordersForCaller(app.db, baseUrlOf(request), rows, caller, app.orders.reading(), 'seller');
    },
  );
}
