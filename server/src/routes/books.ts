import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors';
import { baseUrlOf, bookForCaller } from '../lib/wire';
import { readerFor } from '../plugins/database';
import { booksRepository } from '../repositories/books';
import { scoreOf } from '../repositories/scores';
import { sellersRepository } from '../repositories/sellers';
import { idParams, score } from '../schemas';
import { publicBook } from './search';

const bookPage = {
  ...publicBook,
  required: [...publicBook.required, 'sold', 'sellerId', 'takesOffers'],
  // Whether its seller takes offers on it (server/src/offers/README.md).
  properties: { ...publicBook.properties, sold: { type: 'boolean' }, sellerId: { type: ['string', 'null'] }, takesOffers: { type: 'boolean' } },
} as const;

const sellerPage = {
  type: 'object',
  required: ['_id', 'name', 'verified', 'memberSince', 'booksSold', 'booksForSale', 'sellerScore'],
  properties: {
    _id: { type: 'string' }, name: { type: 'string' }, verified: { type: 'boolean' }, memberSince: { type: 'string' },
    booksSold: { type: 'integer' }, booksForSale: { type: 'integer' }, sellerScore: score,
  },
} as const;

/** The public pages of one book and of one seller (the seller's books come from /books/search?seller=). */
export default async function bookRoutes(app: FastifyInstance) {
  // Signed-out visitors read from the replicas (the primary without them); signed-in callers from the primary.
  const books = readerFor(app, booksRepository);
  const sellers = readerFor(app, sellersRepository);

  app.get<{ Params: { id: string } }>(
    '/books/:id',
    { preHandler: app.identifyIfSignedIn, schema: { params: idParams, response: { 200: bookPage } } },
    async (request) => {
      const book = await books(request).findById(request.params.id);
      // A withdrawn or hidden book is gone; a sold one stays on record and says so.
      if (!book || book.hidden) throw notFound('This book is no longer listed');
      const { offers_enabled: takesOffers } = await books(request).offerTermsOf(book.id);
      return { ...bookForCaller(request, baseUrlOf(request), book), sold: book.sold, sellerId: book.seller_id, takesOffers };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/sellers/:id',
    { schema: { params: idParams, response: { 200: sellerPage } } },
    async (request) => {
      const seller = await sellers(request).findProfile(request.params.id);
      if (!seller) throw notFound('No such seller');
      return {
        _id: seller.id,
        name: seller.name,
        verified: seller.verified,
        memberSince: seller.member_since,
        booksSold: seller.books_sold,
        booksForSale: seller.books_for_sale,
        sellerScore: scoreOf(seller),
      };
    },
  );
}
