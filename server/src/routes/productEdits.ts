import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { toIsbn13 } from '../lib/isbn';
import { formatCents, parseMoney, toDollars } from '../lib/money';
import { baseUrlOf, productOnWire } from '../lib/wire';
import { commissionOn } from '../ledgerConfig';
import { callerOf } from '../plugins/identity';
import {
  deliveryOffer, editProductBody, offerTermsOf, ORIGINAL_PRICE, photosOf, PRICE, type NewProductBody, type OffersBody, type OfferTerms,
} from '../products/listingBody';
import { floorOf } from '../offers/rules';
import { bookingsRepository } from '../repositories/bookings';
import { booksRepository, type BookRow, type ListingChanges } from '../repositories/books';
import { categoriesRepository } from '../repositories/categories';
import { idParams, product } from '../schemas';
import { tellBookedBuyers, tellPriceDrop, tellWanters } from '../wants/match';

/** The book, when the caller may change it: its seller, or an admin. */
async function ownBook(app: FastifyInstance, request: FastifyRequest<{ Params: { id: string } }>): Promise<BookRow> {
  const caller = callerOf(request);
  const book = await booksRepository(app.db).findById(request.params.id);
  if (!book) throw notFound('No such product');
  if (book.seller_id !== caller.id && caller.role !== 'admin') throw forbidden('This is not your product');
  return book;
}

/** What the body changes, checked as `POST /products` checks it. */
async function changesOf(app: FastifyInstance, book: BookRow, body: Partial<NewProductBody>): Promise<ListingChanges> {
  const changes: ListingChanges = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.price !== undefined) changes.resale_price_cents = parseMoney(body.price, PRICE);
  if (body.orginal_price !== undefined) changes.orginal_price_cents = parseMoney(body.orginal_price, ORIGINAL_PRICE);
  if (body.phone !== undefined) changes.number = body.phone;
  if (body.location !== undefined) changes.location = body.location;
  if (body.condition !== undefined) changes.condition = body.condition;
  if (body.description !== undefined) changes.description = body.description;
  Object.assign(changes, photosOf(body.image, body.images));
  if (body.author !== undefined) changes.author = body.author.trim();
  if (body.uses !== undefined) changes.uses = body.uses;
  if (body.isbn !== undefined) {
    const isbn = body.isbn.trim() ? toIsbn13(body.isbn) : null;
    if (isbn === undefined) throw badRequest('isbn is not a valid ISBN-10 or ISBN-13');
    changes.isbn = isbn;
  }
  if (body.category !== undefined) {
    const category = body.category.toLowerCase();
    if (!(await categoriesRepository(app.db).exists(category))) throw badRequest('Unknown category');
    changes.category = category;
  }
  if (body.delivery !== undefined) {
    const current = book.shipping_price_cents === null ? undefined : (book.shipping_price_cents / 100).toFixed(2);
    Object.assign(changes, deliveryOffer({ meetup: book.offers_meetup, shipping: book.offers_shipping, shippingPrice: current, ...body.delivery }));
  }
  return changes;
}

/** A listing's offer terms on the wire: the floor is half the price unless the seller set one. */
const offersOnWire = (terms: OfferTerms, priceCents: number) => ({
  enabled: terms.offers_enabled,
  autoDeclineBelow: toDollars(floorOf({ price_cents: priceCents, offer_floor_cents: terms.offer_floor_cents })),
  autoAcceptFrom: terms.offer_auto_accept_cents === null ? null : toDollars(terms.offer_auto_accept_cents),
});

/**
 * Reading and editing one listing (its seller or an admin). An edit keeps open bookings at the
 * price they were booked at and tells their buyers; a lower price tells those who saved the book;
 * a listing that now matches a want tells its buyer (server/src/wants/README.md).
 */
export default async function productEditRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireSeller);

  const answer = async (request: FastifyRequest, book: BookRow) => ({
    ...productOnWire(baseUrlOf(request), book),
    offers: offersOnWire(await booksRepository(app.db).offerTermsOf(book.id), book.resale_price_cents),
    openBookings: (await bookingsRepository(app.db).countUnpaidByBook([book.id])).get(book.id) ?? 0,
    youReceive: toDollars(book.resale_price_cents - commissionOn(book.resale_price_cents, app.config.commission)),
  });

  app.get<{ Params: { id: string } }>('/products/:id', { schema: { params: idParams, response: { 200: product } } }, async (request) =>
    answer(request, await ownBook(app, request)),
  );

  app.put<{ Params: { id: string }; Body: Partial<NewProductBody> & { offers?: OffersBody } }>(
    '/products/:id',
    { config: { multiLineFields: ['description'] }, schema: { params: idParams, body: editProductBody, response: { 200: product } } },
    async (request) => {
      const book = await ownBook(app, request);
      if (book.sold) throw conflict('This book is sold and can no longer be changed');
      const { offers, ...fields } = request.body;
      const changes = await changesOf(app, book, fields);
      const terms = offers && offerTermsOf(offers, await booksRepository(app.db).offerTermsOf(book.id), changes.resale_price_cents ?? book.resale_price_cents);
      const at = app.orders.clock.now();
      const done = await app.db.transaction(async (tx) => {
        const before = await booksRepository(tx).updateUnsold(book.id, changes);
        if (!before) return false;
        if (terms) await booksRepository(tx).setOfferTerms(book.id, terms);
        // Only offer terms changed: nothing a buyer booked changed.
        if (Object.keys(changes).length === 0) return true;
        await tellBookedBuyers(tx, book.id, at);
        if (changes.resale_price_cents !== undefined && changes.resale_price_cents < before.previousPriceCents) {
          await tellPriceDrop(tx, book.id, before.previousPriceCents, at);
        }
        await tellWanters(tx, [book.id], at);
        return true;
      });
      if (!done) throw conflict('This book was sold meanwhile');
      app.orders.told();
      const now = await booksRepository(app.db).findById(book.id);
      if (!now) throw notFound('No such product');
      request.log.info({ bookId: book.id, fields: Object.keys(changes), price: changes.resale_price_cents && formatCents(changes.resale_price_cents) }, 'listing edited');
      return answer(request, now);
    },
  );
}
