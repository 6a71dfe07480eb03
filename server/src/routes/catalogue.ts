import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOK_LIST_MAX, decodeCursor, nextPageLink, OLDEST_FIRST, pagingProperties, type PagingQuery } from '../lib/listPaging';
import { readyAnswer, sendKeptOrRead, sendReady } from '../lib/readyAnswer';
import { baseUrlOf, bookOnWire, categoryOnWire } from '../lib/wire';
import { BOOKS_OLDEST_FIRST, booksRepository } from '../repositories/books';
import { categoriesRepository } from '../repositories/categories';
import { book, category, categorySlug, listOf } from '../schemas';

const bookListQuery = { type: 'object', additionalProperties: false, properties: pagingProperties(BOOK_LIST_MAX) } as const;

/**
 * Anyone may keep the category list, but must ask again before reusing it (304 when unchanged);
 * the book lists carry sellers' phone numbers, so only the signed-in browser keeps them.
 */
const CATEGORIES_CACHE_CONTROL = 'no-cache';
const BOOK_PAGE_CACHE_CONTROL = 'private, no-cache';

/**
 * Categories (public) and the books for sale (signed-in users), a page at a time, oldest first.
 * Answers come ready from memory (`app.caches`, emptied by every change of the catalogue) with an
 * ETag, and `304 Not Modified` to a client that holds them already.
 */
export default async function catalogueRoutes(app: FastifyInstance) {
  const categories = categoriesRepository(app.db);
  const books = booksRepository(app.db);

  app.get('/bookCatagories', { schema: { response: { 200: listOf(category) } } }, (request, reply) => {
    // Image links start with the base URL, which names the port bound once listening.
    const base = baseUrlOf(request);
    return sendKeptOrRead(
      app.caches.categories,
      base,
      async () => readyAnswer(reply.serialize((await categories.list()).map((row) => categoryOnWire(base, row)))),
      (answer) => sendReady(request, reply, answer, CATEGORIES_CACHE_CONTROL),
    );
  });

  const listBooks = (request: FastifyRequest<{ Querystring: PagingQuery }>, reply: FastifyReply, category?: string) => {
    const { limit = BOOK_LIST_MAX, cursor } = request.query;
    // Checked on every request, kept page or not: a bad cursor is a 400 before anything is read.
    const after = cursor === undefined ? undefined : decodeCursor(cursor, OLDEST_FIRST, BOOKS_OLDEST_FIRST);
    const base = baseUrlOf(request);
    // '*' (all books) and '|' appear in no category slug, limit or cursor.
    const key = `${base}|${category ?? '*'}|${limit}|${cursor ?? ''}`;
    const read = async () => {
      const page = await books.listForSale(category, limit, after);
      const path = category === undefined ? '/bookCatagoriesId' : `/bookCatagoriesId/${encodeURIComponent(category)}`;
      const link = nextPageLink(request, { path, limit, sort: OLDEST_FIRST, page });
      return readyAnswer(reply.serialize(page.rows.map((row) => bookOnWire(base, row))), link === undefined ? {} : { link });
    };
    return sendKeptOrRead(app.caches.bookPages, key, read, (answer) => sendReady(request, reply, answer, BOOK_PAGE_CACHE_CONTROL));
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
