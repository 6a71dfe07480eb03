import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import type { Offer, OfferSide, OfferStep } from './types';

export interface OfferCall {
  method: string;
  /** The path and its query, e.g. `/offers?role=seller`. */
  path: string;
  authorization: string | null;
  body?: unknown;
}

export const BUYER = 'buyer-1';
export const SELLER = 's1';

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 3, 10, minutes)).toISOString();

/** Dune ($20) offered at $14 by the buyer, waiting for the seller, two days left. */
export const anOffer = (overrides: Partial<Offer> = {}): Offer => ({
  id: 'of1',
  state: 'pending',
  awaiting: 'seller',
  amount: 14,
  listPrice: 20,
  buyerId: BUYER,
  sellerId: SELLER,
  books: [{ bookId: 'b1', name: 'Dune', price: 20 }],
  delivery: { method: 'meetup' },
  expiresAt: new Date(Date.now() + 47 * 3_600_000 + 60_000).toISOString(),
  createdAt: at(0),
  history: [{ by: 'buyer', action: 'offered', amount: 14, at: at(0) }],
  ...overrides,
});

/** The same offer after the seller countered at $18: waiting for the buyer. */
export const aCounteredOffer = (overrides: Partial<Offer> = {}): Offer =>
  anOffer({
    awaiting: 'buyer',
    amount: 18,
    history: [
      { by: 'buyer', action: 'offered', amount: 14, at: at(0) },
      { by: 'seller', action: 'countered', amount: 18, at: at(5) },
    ],
    ...overrides,
  });

const step = (by: OfferSide, action: OfferStep['action'], amount?: number): OfferStep => ({ by, action, ...(amount !== undefined && { amount }), at: at(30) });

interface Options {
  /** Answers a POST instead of the in-memory API (a 409, say). */
  refuse?: (path: string) => Response | undefined;
}

/**
 * The offers API in memory: the lists by side and state, one offer, making one (waiting for the
 * seller) and the moves of the side it waits for (the reader is named by `reader`); every call recorded.
 */
export function serveOffers(initial: Offer[], reader: () => OfferSide, options: Options = {}) {
  const offers = new Map(initial.map((offer) => [offer.id, offer]));
  const calls: OfferCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      authorization: request.headers.get('authorization'),
      ...(text ? { body: JSON.parse(text) as unknown } : {}),
    });
  };
  const moved = (id: string, change: (offer: Offer) => Offer) => {
    const offer = offers.get(id);
    if (!offer) return HttpResponse.json({ message: 'No such offer' }, { status: 404 });
    const next = change(offer);
    offers.set(id, next);
    return HttpResponse.json(next);
  };
  const other = (side: OfferSide): OfferSide => (side === 'buyer' ? 'seller' : 'buyer');
  server.use(
    http.get(`${API}/offers`, async ({ request }) => {
      await record(request);
      const params = new URL(request.url).searchParams;
      const role = params.get('role') ?? 'buyer';
      const state = params.get('state');
      return HttpResponse.json(
        [...offers.values()].filter((offer) => (role === 'seller' ? offer.sellerId === SELLER : offer.buyerId === BUYER) && (!state || offer.state === state)),
      );
    }),
    http.get(`${API}/offers/:id`, async ({ request, params }) => {
      await record(request);
      const offer = offers.get(params.id as string);
      return offer ? HttpResponse.json(offer) : HttpResponse.json({ message: 'No such offer' }, { status: 404 });
    }),
    http.post(`${API}/offers`, async ({ request }) => {
      await record(request);
      const refused = options.refuse?.('/offers');
      if (refused) return refused;
      const body = (await request.json()) as { bookIds: string[]; amount: number; delivery: Offer['delivery'] };
      const made = anOffer({ id: `of${offers.size + 1}`, amount: body.amount, delivery: body.delivery, history: [step('buyer', 'offered', body.amount)] });
      offers.set(made.id, made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post(`${API}/offers/:id/:move`, async ({ request, params }) => {
      await record(request);
      const move = params.move as string;
      const refused = options.refuse?.(`/offers/${params.id as string}/${move}`);
      if (refused) return refused;
      const side = reader();
      if (move === 'counter') {
        const { amount } = (await request.json()) as { amount: number };
        return moved(params.id as string, (offer) => ({ ...offer, amount, awaiting: other(side), history: [...offer.history, step(side, 'countered', amount)] }));
      }
      if (move === 'accept') {
        return moved(params.id as string, (offer) => ({
          ...offer, state: 'accepted', awaiting: undefined, expiresAt: null, orderId: 'o9', history: [...offer.history, step(side, 'accepted', offer.amount)],
        }));
      }
      return moved(params.id as string, (offer) => ({ ...offer, state: 'declined', awaiting: undefined, expiresAt: null, history: [...offer.history, step(side, 'declined')] }));
    }),
  );
  return { calls, offers };
}

/** An access token whose subject is `userId` (only its subject is read in the browser). */
export const tokenFor = (userId: string) => `h.${btoa(JSON.stringify({ sub: userId })).replace(/=+$/, '')}.s`;
