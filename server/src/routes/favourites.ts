import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../lib/errors';
import { toDollars } from '../lib/money';
import { callerOf } from '../plugins/identity';
import { FAVOURITES_MAX, favouritesRepository } from '../repositories/favourites';
import { id, listOf } from '../schemas';

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const favourite = {
  type: 'object',
  required: ['bookId', 'name', 'author', 'price', 'img', 'sold', 'savedPrice', 'savedAt'],
  properties: { bookId: str, name: str, author: str, price: num, img: str, sold: { type: 'boolean' }, savedPrice: num, savedAt: str },
} as const;
const bookParams = { type: 'object', required: ['bookId'], additionalProperties: false, properties: { bookId: id } } as const;
const saved = { type: 'object', required: ['bookId', 'saved'], properties: { bookId: str, saved: { type: 'boolean' } } } as const;

/** A signed-in user's saved books; a sold one stays, marked, and a price drop tells them. */
export default async function favouriteRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const favourites = favouritesRepository(app.db);

  app.get('/favourites', { schema: { response: { 200: listOf(favourite) } } }, async (request) =>
    (await favourites.listFor(callerOf(request).id)).map((row) => ({
      bookId: row.book_id,
      name: row.name,
      author: row.author,
      price: toDollars(row.price_cents),
      img: row.img,
      sold: row.sold,
      savedPrice: toDollars(row.saved_price_cents),
      savedAt: new Date(row.created_at).toISOString(),
    })),
  );

  app.put<{ Params: { bookId: string } }>('/favourites/:bookId', { schema: { params: bookParams, response: { 200: saved } } }, async (request) => {
    const { bookId } = request.params;
    const done = await favourites.save(callerOf(request).id, bookId, app.orders.clock.now());
    if (done === 'full') throw conflict(`You can keep at most ${FAVOURITES_MAX} favourites`);
    if (!done) throw notFound('No such book');
    return { bookId, saved: true };
  });

  app.delete<{ Params: { bookId: string } }>('/favourites/:bookId', { schema: { params: bookParams, response: { 200: saved } } }, async (request) => {
    await favourites.remove(callerOf(request).id, request.params.bookId);
    return { bookId: request.params.bookId, saved: false };
  });
}
