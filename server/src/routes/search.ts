import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';
import { toIsbn13 } from '../lib/isbn';
import { ID_PATTERN } from '../lib/ids';
import { cursorFields, isTimestamp } from '../lib/listPaging';
import { parseMoney, type MoneyField } from '../lib/money';
import { baseUrlOf, bookForCaller } from '../lib/wire';
import { readerFor } from '../plugins/database';
import { bookSearchRepository, type SearchCursor, type SearchFilters, type SearchSort, type TextMatch } from '../repositories/bookSearch';
import { book, categorySlug, dollars, id, text } from '../schemas';

export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE_SIZE = 100;

interface SearchQuery {
  q?: string;
  category?: string;
  minPrice?: string;
  maxPrice?: string;
  condition?: string;
  location?: string;
  seller?: string;
  sort?: SearchSort;
  limit: number;
  cursor?: string;
}

const MIN_PRICE: MoneyField = { field: 'querystring/minPrice', minCents: 0, maxCents: 10_000_000 };
const MAX_PRICE: MoneyField = { field: 'querystring/maxPrice', minCents: 0, maxCents: 10_000_000 };

const searchQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: text(200),
    category: categorySlug,
    minPrice: dollars,
    maxPrice: dollars,
    condition: text(40, 1),
    location: text(100, 1),
    seller: id,
    sort: { type: 'string', enum: ['relevance', 'newest', 'price_asc', 'price_desc'] },
    limit: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_PAGE_SIZE, default: SEARCH_PAGE_SIZE },
    cursor: { type: 'string', maxLength: 400, pattern: '^[A-Za-z0-9_-]+$' },
  },
} as const;

/** Signed-out visitors see no seller phone numbers, as on the category pages. */
export const publicBook = { ...book, required: book.required.filter((field) => field !== 'number') };

const searchAnswer = {
  type: 'object',
  required: ['items', 'total', 'nextCursor'],
  properties: {
    items: { type: 'array', items: publicBook },
    total: { type: 'integer' },
    /** Set when there are more than `total` (SEARCH_COUNT_LIMIT, 1,000) matches: they were not all counted. */
    totalCapped: { type: 'boolean' },
    nextCursor: { type: ['string', 'null'] },
  },
} as const;

export const encodeCursor = (cursor: SearchCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(raw: string, sort: SearchSort): SearchCursor {
  const invalid = () => badRequest('The cursor is not one this search handed out');
  const cursor = cursorFields(raw, invalid);
  if (typeof cursor.id !== 'string' || !new RegExp(ID_PATTERN).test(cursor.id)) throw invalid();
  if (cursor.sort !== sort) throw badRequest('The cursor belongs to another sort order');
  if (cursor.match !== undefined && cursor.match !== 'words' && cursor.match !== 'similar') throw invalid();
  if (cursor.total !== undefined && !(Number.isSafeInteger(cursor.total) && (cursor.total as number) >= 0)) throw invalid();
  const match = {
    ...(cursor.match === undefined ? {} : { match: cursor.match as TextMatch }),
    ...(cursor.total === undefined ? {} : { total: cursor.total as number }),
  };
  if (sort === 'relevance' && typeof cursor.score === 'number' && Number.isFinite(cursor.score)) {
    // A search that ranks a window (repositories/rankWindow.ts) names the window's last book, and
    // whether the page is already past it.
    if (cursor.windowEnd === undefined) {
      if (cursor.beyond !== undefined) throw invalid();
      return { sort, score: cursor.score, id: cursor.id, ...match };
    }
    if (typeof cursor.windowEnd !== 'string' || !new RegExp(ID_PATTERN).test(cursor.windowEnd)) throw invalid();
    if (cursor.beyond !== undefined && cursor.beyond !== true) throw invalid();
    return { sort, score: cursor.score, id: cursor.id, windowEnd: cursor.windowEnd, ...(cursor.beyond ? { beyond: true } : {}), ...match };
  }
  if (sort === 'newest' && typeof cursor.createdAt === 'string' && isTimestamp(cursor.createdAt)) {
    return { sort, createdAt: cursor.createdAt, id: cursor.id, ...match };
  }
  if ((sort === 'price_asc' || sort === 'price_desc') && Number.isSafeInteger(cursor.priceCents)) {
    return { sort, priceCents: cursor.priceCents as number, id: cursor.id, ...match };
  }
  throw invalid();
}

/** A 13-digit ISBN when the words typed are one (ISBN-10 or 13, with or without hyphens). */
function isbnOf(q: string): string | undefined {
  const compact = q.replace(/[\s-]/g, '');
  return /^(\d{9}[\dXx]|\d{13})$/.test(compact) ? toIsbn13(compact) : undefined;
}

/** Search over the books for sale: anyone may search; phone numbers only for signed-in callers. */
export default async function searchRoutes(app: FastifyInstance) {
  const countLimit = app.config.searchCountLimit;
  const rankLimit = app.config.searchRankLimit;
  const searchFor = readerFor(app, (db) => bookSearchRepository(db, { countLimit, rankLimit }));

  app.get<{ Querystring: SearchQuery }>(
    '/books/search',
    { preHandler: app.identifyIfSignedIn, schema: { querystring: searchQuery, response: { 200: searchAnswer } } },
    async (request) => {
      const query = request.query;
      const search = searchFor(request);
      const words = query.q?.trim() || undefined;
      const isbn = words === undefined ? undefined : isbnOf(words);
      const minPriceCents = query.minPrice === undefined ? undefined : parseMoney(query.minPrice, MIN_PRICE);
      const maxPriceCents = query.maxPrice === undefined ? undefined : parseMoney(query.maxPrice, MAX_PRICE);
      if (minPriceCents !== undefined && maxPriceCents !== undefined && minPriceCents > maxPriceCents) {
        throw badRequest('minPrice is above maxPrice');
      }
      const filters: SearchFilters = {
        text: isbn ? undefined : words,
        isbn,
        category: query.category?.toLowerCase(),
        minPriceCents,
        maxPriceCents,
        condition: query.condition?.trim() || undefined,
        location: query.location?.trim() || undefined,
        sellerId: query.seller,
      };
      const sort: SearchSort = query.sort ?? (words ? 'relevance' : 'newest');
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
      // Words first (fast, precise); only when no book has them, titles and authors that look alike.
      let page = await search.search({ ...filters, textMatch: cursor?.match ?? 'words' }, sort, query.limit, cursor);
      if (filters.text !== undefined && cursor === undefined && page.total === 0) {
        page = await search.search({ ...filters, textMatch: 'similar' }, sort, query.limit);
      }
      const base = baseUrlOf(request);
      return {
        items: page.rows.map((row) => bookForCaller(request, base, row)),
        ...(page.total > countLimit ? { total: countLimit, totalCapped: true } : { total: page.total }),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },
  );
}
