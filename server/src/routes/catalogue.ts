import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerPage, BOOK_LIST_MAX, decodeCursor, OLDEST_FIRST, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { baseUrlOf, bookOnWire, categoryOnWire } from '../lib/wire';
import { BOOKS_OLDEST_FIRST, booksRepository } from '../repositories/books';
import { categoriesRepository } from '../repositories/categories';
import { book, category, categorySlug, listOf } from '../schemas';

const bookListQuery = { type: 'object', additionalProperties: false, properties: pagingProperties(BOOK_LIST_MAX) } as const;

/** Categories (public) and the books for sale (signed-in users), a page at a time, oldest first. */
export default async function catalogueRoutes(app: FastifyInstance) {
  const categories = categoriesRepository(app.db);
  const books = booksRepository(app.db);

  app.get('/bookCatagories', { schema: { response: { 200: listOf(category) } } }, async (request) => {
    const base = baseUrlOf(request);
    return (await categories.list()).map((row) => categoryOnWire(base, row));
  });

  const listBooks = async (request: FastifyRequest<{ Querystring: PagingQuery }>, reply: FastifyReply, category?: string) => {
    const { limit = BOOK_LIST_MAX, cursor } = request.query;
    const page = await books.listForSale(category, limit, cursor === undefined ? undefined : decodeCursor(cursor, OLDEST_FIRST, BOOKS_OLDEST_FIRST));
    const base = baseUrlOf(request);
    const path = category === undefined ? '/bookCatagoriesId' : `/bookCatagoriesId/${encodeURIComponent(category)}`;
    return answerPage(request, reply, { path, limit, sort: OLDEST_FIRST, page }).map((row) => bookOnWire(base, row));
  };

  app.get<{ Params: { id: string }; Querystring: PagingQuery }>(
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
        querystring: bookListQuery,
        response: { 200: listOf(book) },
      },
    },
    // An unknown category simply has no books, as the client expects a list.
    (request, reply) => listBooks(request, reply, request.params.id.toLowerCase()),
  );

  app.get<{ Querystring: PagingQuery }>(
    '/bookCatagoriesId',
    { onRequest: app.authenticate, schema: { querystring: bookListQuery, response: { 200: listOf(book) } } },
    (request, reply) => listBooks(request, reply),
  );
}
