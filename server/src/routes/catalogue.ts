import type { FastifyInstance } from 'fastify';
import { baseUrlOf, bookOnWire, categoryOnWire } from '../lib/wire';
import { booksRepository } from '../repositories/books';
import { categoriesRepository } from '../repositories/categories';
import { book, category, categorySlug, listOf } from '../schemas';

/** Categories (public) and the books for sale (signed-in users). */
export default async function catalogueRoutes(app: FastifyInstance) {
  const categories = categoriesRepository(app.db);
  const books = booksRepository(app.db);

  app.get('/bookCatagories', { schema: { response: { 200: listOf(category) } } }, async (request) => {
    const base = baseUrlOf(request);
    return (await categories.list()).map((row) => categoryOnWire(base, row));
  });

  app.get<{ Params: { id: string } }>(
    '/bookCatagoriesId/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: categorySlug },
        },
        response: { 200: listOf(book) },
      },
    },
    async (request) => {
      const base = baseUrlOf(request);
      // An unknown category simply has no books, as the client expects a list.
      return (await books.listForSale(request.params.id.toLowerCase())).map((row) => bookOnWire(base, row));
    },
  );

  app.get(
    '/bookCatagoriesId',
    { onRequest: app.authenticate, schema: { response: { 200: listOf(book) } } },
    async (request) => {
      const base = baseUrlOf(request);
      return (await books.listForSale()).map((row) => bookOnWire(base, row));
    },
  );
}
