import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { toIsbn13 } from '../lib/isbn';
import { parseMoney, toDollars, type MoneyField } from '../lib/money';
import { callerOf } from '../plugins/identity';
import { WANTS_MAX, wantsRepository, type WantRow } from '../repositories/wants';
import { categorySlug, deleted, dollars, idParams, listOf, text } from '../schemas';

interface WantBody {
  isbn?: string;
  q?: string;
  filters?: { category?: string; condition?: string; location?: string; minPrice?: string; maxPrice?: string };
  maxPrice?: string;
}

const PRICE = (field: string): MoneyField => ({ field, minCents: 0, maxCents: 10_000_000 });

const wantBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    isbn: text(20, 1),
    q: text(200, 1),
    filters: {
      type: 'object',
      additionalProperties: false,
      properties: { category: categorySlug, condition: text(40, 1), location: text(100, 1), minPrice: dollars, maxPrice: dollars },
    },
    maxPrice: dollars,
  },
} as const;

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const numOrNull = { type: ['number', 'null'] } as const;
const want = {
  type: 'object',
  required: ['_id', 'isbn', 'q', 'filters', 'maxPrice', 'createdAt'],
  properties: {
    _id: str, isbn: strOrNull, q: strOrNull, maxPrice: numOrNull, createdAt: str,
    filters: {
      type: ['object', 'null'],
      properties: { category: str, condition: str, location: str, minPrice: { type: 'number' }, maxPrice: { type: 'number' } },
    },
  },
} as const;

/** A want as its owner reads it; the word filters together, the price limit on its own. */
function wantOnWire(row: WantRow) {
  const filters = {
    ...(row.category !== null && { category: row.category }),
    ...(row.condition !== null && { condition: row.condition }),
    ...(row.location !== null && { location: row.location }),
    ...(row.min_price_cents !== null && { minPrice: toDollars(row.min_price_cents) }),
  };
  return {
    _id: row.id,
    isbn: row.isbn,
    q: row.q,
    filters: Object.keys(filters).length > 0 ? filters : null,
    maxPrice: row.max_price_cents === null ? null : toDollars(row.max_price_cents),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** "Tell me when it's listed": a buyer's wants (server/src/wants/README.md). */
export default async function wantRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);

  app.get('/wants', { schema: { response: { 200: listOf(want) } } }, async (request) =>
    (await wantsRepository(app.db).listFor(callerOf(request).id)).map(wantOnWire),
  );

  app.post<{ Body: WantBody }>('/wants', { schema: { body: wantBody, response: { 200: want } } }, async (request) => {
    const { isbn: isbnText, q, filters = {}, maxPrice } = request.body;
    if (isbnText === undefined && q?.trim() === undefined) throw badRequest('Say which book: an ISBN, or words to look for');
    const isbn = isbnText === undefined ? null : toIsbn13(isbnText);
    if (isbn === undefined) throw badRequest('isbn is not a valid ISBN-10 or ISBN-13');
    const limits = [filters.maxPrice, maxPrice].filter((value) => value !== undefined).map((value) => parseMoney(value, PRICE('body/maxPrice')));
    const minPriceCents = filters.minPrice === undefined ? null : parseMoney(filters.minPrice, PRICE('body/filters/minPrice'));
    const maxPriceCents = limits.length > 0 ? Math.min(...limits) : null;
    if (minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents) {
      throw badRequest('The lowest price is above the highest');
    }
    const saved = await app.db.transaction((tx) =>
      wantsRepository(tx).insert({
        id: newId(),
        userId: callerOf(request).id,
        isbn,
        q: isbn === null ? (q?.trim() ?? null) : null,
        category: isbn === null ? (filters.category?.toLowerCase() ?? null) : null,
        condition: isbn === null ? (filters.condition?.trim() ?? null) : null,
        location: isbn === null ? (filters.location?.trim() ?? null) : null,
        minPriceCents: isbn === null ? minPriceCents : null,
        maxPriceCents,
        at: app.orders.clock.now(),
      }),
    );
    if (saved === 'duplicate') throw conflict('You already want this');
    if (saved === 'full') throw conflict(`You can keep at most ${WANTS_MAX} wants`);
    if (saved === 'no-words') throw badRequest('Those words are too common to look for: add a title or an author');
    return wantOnWire(saved);
  });

  app.delete<{ Params: { id: string } }>('/wants/:id', { schema: { params: idParams, response: { 200: deleted } } }, async (request) => {
    const deletedCount = await wantsRepository(app.db).remove(callerOf(request).id, request.params.id);
    if (deletedCount === 0) throw notFound('No such want');
    return { acknowledged: true, deletedCount };
  });
}
