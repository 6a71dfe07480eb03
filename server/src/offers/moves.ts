import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { formatCents } from '../lib/money';
import { blocksRepository } from '../repositories/blocks';
import { offersRepository, type OfferRow, type StepNews } from '../repositories/offers';
import type { User } from '../repositories/users';
import {
  booksOfOffer, deliveryOf, FLOOR_REASON, lockBooks, orderOf, unsellable, userOf, type NewOffer, type OfferDeps,
} from './acceptance';
import {
  booksKeyOf, counterRange, floorOf, MAX_OFFERS_ON_SAME_BOOKS, refusalOf, type OfferSide,
} from './rules';

export { TAKEN_REASON, type NewOffer, type OfferDeps } from './acceptance';

/** The offer's deadline, and its reminder a day before (none when that is already past). */
function clockOf(deps: OfferDeps, at: Date) {
  const { offerExpiresAfterMs, offerReminderBeforeMs } = deps.orders.deadlines;
  const expiresAt = new Date(at.getTime() + offerExpiresAfterMs);
  const remind = offerExpiresAfterMs > offerReminderBeforeMs ? new Date(expiresAt.getTime() - offerReminderBeforeMs) : null;
  return { expiresAt, remindAt: remind };
}

/**
 * A buyer's offer for books of one seller: recorded, then declined at once below the books'
 * floors, accepted at once from the seller's automatic threshold, else waiting for the seller.
 */
export async function makeOffer(deps: OfferDeps, buyer: User, body: NewOffer): Promise<string> {
  const bookIds = [...new Set(body.bookIds)];
  if (bookIds.length !== body.bookIds.length) throw badRequest('Name each book once');
  const at = deps.orders.clock.now();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const books = await lockBooks(tx, bookIds);
    if (books.length < bookIds.length) throw notFound('No such book');
    const sellerId = books[0].seller_id;
    if (sellerId === null || books.some((book) => book.seller_id !== sellerId)) throw badRequest('An offer is for books of one seller');
    if (sellerId === buyer.id) throw badRequest('You cannot make an offer on your own book');
    const gone = books.find((book) => book.sold || book.hidden);
    if (gone) throw conflict(`"${gone.name}" is no longer for sale`);
    const closed = books.find((book) => !book.offers_enabled);
    if (closed) throw conflict(`The seller takes no offers on "${closed.name}": book it at its price`);
    if (await blocksRepository(tx).blocks(sellerId, buyer.id)) throw forbidden('This seller does not accept your offers');
    const listPrice = books.reduce((sum, book) => sum + book.price_cents, 0);
    if (body.amountCents >= listPrice) throw badRequest('An offer is below the asking price: at the price, book the books instead');
    const offers = offersRepository(tx);
    const booksKey = booksKeyOf(bookIds);
    const { made, pending } = await offers.madeOn(buyer.id, booksKey);
    if (pending > 0) throw conflict('Your offer on these books is waiting for an answer: an offer is binding until answered or expired');
    if (made >= MAX_OFFERS_ON_SAME_BOOKS) {
      throw conflict(`You made ${MAX_OFFERS_ON_SAME_BOOKS} offers on these books, the most there may be: book them at their price`);
    }
    const delivery = deliveryOf(books, body.delivery);
    const { expiresAt, remindAt } = clockOf(deps, at);
    const offer: OfferRow = {
      id, buyer_id: buyer.id, seller_id: sellerId, books_key: booksKey, state: 'pending', awaiting: 'seller',
      amount_cents: body.amountCents, buyer_last_cents: body.amountCents, seller_last_cents: null, list_price_cents: listPrice,
      delivery_method: delivery.method, delivery_address: delivery.address, location: body.location ?? '', phone: body.phone ?? '',
      steps: 0, expires_at: expiresAt, booking_id: null, created_at: at, updated_at: at,
    };
    await offers.insert({ ...offer, remind_at: remindAt }, books.map((book, position) => ({ book_id: book.id, position, name: book.name, price_cents: book.price_cents })));
    const change = { ...offer, expires_at: expiresAt, remind_at: remindAt, at };
    const floor = books.reduce((sum, book) => sum + floorOf(book), 0);
    const autoAccept = books.every((book) => book.offer_auto_accept_cents !== null)
      ? books.reduce((sum, book) => sum + (book.offer_auto_accept_cents ?? 0), 0)
      : undefined;
    if (body.amountCents < floor) {
      // Recorded, declined at once, and its buyer told.
      await offers.step(id, 0, change, { by: 'buyer', action: 'offered', amount_cents: body.amountCents, at, tell: [] });
      await offers.step(id, 1, { ...change, state: 'declined', awaiting: null, expires_at: null, remind_at: null }, {
        by: 'system', action: 'declined', amount_cents: null, at, tell: [{ side: 'buyer', kind: 'offer_declined' }], reason: FLOOR_REASON,
      });
      return;
    }
    const autoAccepted = autoAccept !== undefined && body.amountCents >= autoAccept;
    await offers.step(id, 0, change, {
      by: 'buyer', action: 'offered', amount_cents: body.amountCents, at, tell: autoAccepted ? [] : [{ side: 'seller', kind: 'offer_made' }], deadline: expiresAt,
    });
    if (autoAccepted) {
      const seller = await userOf(tx, sellerId);
      const orderId = await orderOf(tx, deps, offer, { buyer, accepter: { id: seller.id, name: seller.name, side: 'seller' } }, books, at);
      await offers.step(id, 1, { ...change, state: 'accepted', awaiting: null, expires_at: null, remind_at: null, booking_id: orderId }, {
        by: 'system', action: 'accepted', amount_cents: body.amountCents, at,
        tell: [{ side: 'buyer', kind: 'offer_accepted' }, { side: 'seller', kind: 'offer_accepted' }],
      });
    }
  });
  deps.orders.told();
  return id;
}

/** The offer as one of its sides, or an admin, may see it; 404 for anyone else. */
export function sideOf(offer: Pick<OfferRow, 'buyer_id' | 'seller_id'>, caller: Pick<User, 'id' | 'role'>): OfferSide | 'admin' {
  if (offer.buyer_id === caller.id) return 'buyer';
  if (offer.seller_id === caller.id) return 'seller';
  if (caller.role === 'admin') return 'admin';
  throw notFound('No such offer');
}

export type Answer = { to: 'accept' } | { to: 'decline' } | { to: 'counter'; amountCents: number };

/**
 * The caller's answer to an offer waiting for them: accept (the order is made, its books held for
 * the buyer), decline, or counter within the range. Conditional on the offer's step, so of two
 * answers at once one wins and the other is told what became of it.
 */
export async function answerOffer(deps: OfferDeps, caller: User, offerId: string, answer: Answer): Promise<void> {
  const at = deps.orders.clock.now();
  await deps.db.transaction(async (tx) => {
    const offers = offersRepository(tx);
    const seen = await offers.findById(offerId);
    if (!seen) throw notFound('No such offer');
    const side = sideOf(seen, caller);
    if (side === 'admin') throw forbidden('Only the buyer and the seller answer an offer');
    // The books first, then the offer: an acceptance of another offer on them takes its turn.
    const { books, wanted } = answer.to === 'accept' ? await booksOfOffer(tx, offerId) : { books: [], wanted: 0 };
    const offer = await offers.findById(offerId, { lock: true });
    if (!offer) throw notFound('No such offer');
    const refusal = refusalOf(offer, side);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    const other: OfferSide = side === 'buyer' ? 'seller' : 'buyer';
    const ended = { expires_at: null, remind_at: null, awaiting: null, at };
    const base = {
      state: offer.state, awaiting: offer.awaiting, amount_cents: offer.amount_cents, buyer_last_cents: offer.buyer_last_cents,
      seller_last_cents: offer.seller_last_cents,
    };
    let moved: boolean;
    if (answer.to === 'decline') {
      moved = await offers.step(offer.id, offer.steps, { ...base, ...ended, state: 'declined' }, {
        by: side, action: 'declined', amount_cents: null, at, tell: [{ side: other, kind: 'offer_declined' }],
      });
    } else if (answer.to === 'counter') {
      const { above, below } = counterRange(offer, side);
      if (!(answer.amountCents > above && answer.amountCents < below)) {
        throw conflict(`A counter lies between ${formatCents(above)} and ${formatCents(below)}, both excluded: accept or decline instead, or counter within them`);
      }
      const { expiresAt, remindAt } = clockOf(deps, at);
      const news: StepNews = {
        by: side, action: 'countered', amount_cents: answer.amountCents, at, tell: [{ side: other, kind: 'offer_countered' }], deadline: expiresAt,
      };
      moved = await offers.step(offer.id, offer.steps, {
        ...base, state: 'pending', awaiting: other, amount_cents: answer.amountCents, expires_at: expiresAt, remind_at: remindAt, at,
        ...(side === 'buyer' ? { buyer_last_cents: answer.amountCents } : { seller_last_cents: answer.amountCents }),
      }, news);
    } else {
      const why = unsellable(books, wanted);
      if (why) throw conflict(`${why}: this offer can no longer be accepted`);
      const buyer = side === 'buyer' ? caller : await userOf(tx, offer.buyer_id);
      const orderId = await orderOf(tx, deps, offer, { buyer, accepter: { id: caller.id, name: caller.name, side } }, books, at);
      moved = await offers.step(offer.id, offer.steps, { ...base, ...ended, state: 'accepted', booking_id: orderId }, {
        by: side, action: 'accepted', amount_cents: offer.amount_cents, at, tell: [{ side: other, kind: 'offer_accepted' }],
        deadline: new Date(at.getTime() + deps.orders.deadlines.offerPayWithinMs),
      });
    }
    if (!moved) throw conflict('This offer was answered meanwhile: read it again');
  });
  deps.orders.told();
}

