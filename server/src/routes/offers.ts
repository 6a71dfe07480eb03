import type { FastifyInstance } from 'fastify';
import type { DeliveryMethod } from '../bundles/pricing';
import { notFound } from '../lib/errors';
import { parseMoney, type MoneyField } from '../lib/money';
import { answerOffer, makeOffer, sideOf, type Answer } from '../offers/moves';
import { MAX_BOOKS_PER_OFFER, type OfferSide, type OfferState } from '../offers/rules';
import { offersOnWire } from '../offers/wire';
import { callerOf } from '../plugins/identity';
import { offersRepository } from '../repositories/offers';
import { dollars, id, idParams, text } from '../schemas';

const AMOUNT: MoneyField = { field: 'body/amount', minCents: 1, maxCents: 100_000_000 };

interface OfferBody {
  bookIds: string[];
  amount: string;
  delivery?: { method: DeliveryMethod; address?: string };
  location?: string;
  phone?: string;
}

const offerBody = {
  type: 'object',
  required: ['bookIds', 'amount'],
  additionalProperties: false,
  properties: {
    bookIds: { type: 'array', minItems: 1, maxItems: MAX_BOOKS_PER_OFFER, items: id },
    amount: dollars,
    // How the books would travel (a meet-up by default when every book offers one), and how to reach the buyer.
    delivery: {
      type: 'object',
      required: ['method'],
      additionalProperties: false,
      properties: { method: { type: 'string', enum: ['meetup', 'shipping'] }, address: text(500) },
    },
    location: text(200),
    phone: text(40),
  },
} as const;

const counterBody = {
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: { amount: dollars },
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    role: { type: 'string', enum: ['buyer', 'seller'], default: 'buyer' },
    state: { type: 'string', enum: ['pending', 'accepted', 'declined', 'expired'] },
  },
} as const;

/**
 * Offers (server/src/offers/README.md): a buyer proposes a price for books of one seller, the two
 * sides answer in turn. Only the two sides, and an admin, ever read one; anyone else is told it
 * does not exist.
 */
export default async function offerRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  const offers = offersRepository(app.db);

  /** The offer as the caller may read it, after a move. */
  const answerWith = async (offerId: string) => {
    const offer = await offers.findById(offerId);
    if (!offer) throw notFound('No such offer');
    return (await offersOnWire(app.db, [offer]))[0];
  };

  app.post<{ Body: OfferBody }>('/offers', { schema: { body: offerBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const { bookIds, amount, delivery, location, phone } = request.body;
    const offerId = await makeOffer(app, caller, { bookIds, amountCents: parseMoney(amount, AMOUNT), delivery, location, phone });
    return reply.code(201).send(await answerWith(offerId));
  });

  app.get<{ Querystring: { role: OfferSide; state?: OfferState } }>('/offers', { schema: { querystring: listQuery } }, async (request) => {
    const { role, state } = request.query;
    return offersOnWire(app.db, await offers.listFor(callerOf(request).id, role, state));
  });

  app.get<{ Params: { id: string } }>('/offers/:id', { schema: { params: idParams } }, async (request) => {
    const offer = await offers.findById(request.params.id);
    if (!offer) throw notFound('No such offer');
    sideOf(offer, callerOf(request));
    return (await offersOnWire(app.db, [offer]))[0];
  });

  const answerRoute = (path: string, answerOf: (body: { amount?: string }) => Answer, body?: object) =>
    app.post<{ Params: { id: string }; Body: { amount?: string } }>(
      `/offers/:id/${path}`,
      { schema: { params: idParams, ...(body && { body }) } },
      async (request) => {
        await answerOffer(app, callerOf(request), request.params.id, answerOf(request.body ?? {}));
        return answerWith(request.params.id);
      },
    );
  answerRoute('accept', () => ({ to: 'accept' }));
  answerRoute('decline', () => ({ to: 'decline' }));
  answerRoute('counter', (body) => ({ to: 'counter', amountCents: parseMoney(body.amount ?? '', AMOUNT) }), counterBody);
}
