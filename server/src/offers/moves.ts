import type { Db, Queryable } from '../db/db';
import { priceOf, type DeliveryMethod } from '../bundles/pricing';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { formatCents } from '../lib/money';
import { handoverCode } from '../orders/handover';
import { moveWithin } from '../orders/moves';
import { insertOrder, orderNameOf } from '../orders/newOrder';
import type { OrderService } from '../plugins/orders';
import { blocksRepository } from '../repositories/blocks';
import type { NewBooking } from '../repositories/bookings';
import { messagesRepository } from '../repositories/messages';
import { offersRepository, type OfferRow, type StepNews } from '../repositories/offers';
import { shopPoliciesRepository } from '../repositories/shopPolicies';
import type { User } from '../repositories/users';
import {
  booksKeyOf, counterRange, floorOf, MAX_OFFERS_ON_SAME_BOOKS, refusalOf, type OfferSide,
} from './rules';

export interface OfferDeps {
  db: Db;
  orders: OrderService;
}

/** A book offered for, as it is now, locked. */
interface OfferedBook {
  id: string;
  seller_id: string | null;
  name: string;
  img: string;
  price_cents: number;
  shipping_price_cents: number | null;
  offers_meetup: boolean;
  offers_shipping: boolean;
  sold: boolean;
  hidden: boolean;
  offers_enabled: boolean;
  offer_floor_cents: number | null;
  offer_auto_accept_cents: number | null;
}

export interface NewOffer {
  bookIds: string[];
  amountCents: number;
  delivery?: { method: DeliveryMethod; address?: string };
  location?: string;
  phone?: string;
}

/** Why the other pending offers on books end. */
export const TAKEN_REASON = 'The book was sold or promised to another buyer';
export const FLOOR_REASON = "The offer is below the seller's lowest acceptable price";

/** The books, locked in id order: an acceptance and the offers on the same books take turns. */
async function lockBooks(tx: Queryable, bookIds: readonly string[]): Promise<OfferedBook[]> {
  const rows = await tx.query<OfferedBook>(
    `select id, seller_id, name, img, resale_price_cents as price_cents, shipping_price_cents, offers_meetup, offers_shipping, sold,
       (hidden_at is not null or seller_suspended) as hidden, offers_enabled, offer_floor_cents, offer_auto_accept_cents
     from books where id = any($1::text[]) order by id for update`,
    [bookIds],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return bookIds.flatMap((id) => byId.get(id) ?? []);
}

/** How the books travel: every one of them must offer it. */
function deliveryOf(books: readonly OfferedBook[], delivery: NewOffer['delivery']) {
  const method = delivery?.method ?? (books.every((book) => book.offers_meetup) ? 'meetup' : 'shipping');
  if (method === 'meetup') {
    const postOnly = books.find((book) => !book.offers_meetup);
    if (postOnly) throw badRequest(`"${postOnly.name}" is only offered for shipping: choose shipping and give an address`);
    return { method, address: null };
  }
  const notPosted = books.find((book) => !book.offers_shipping || book.shipping_price_cents === null);
  if (notPosted) throw badRequest(`"${notPosted.name}" is not offered for shipping: choose a meet-up`);
  const address = delivery?.address?.trim();
  if (!address) throw badRequest('Give the address to ship the books to');
  return { method, address };
}

/** The offer's deadline, and its reminder a day before (none when that is already past). */
function clockOf(deps: OfferDeps, at: Date) {
  const { offerExpiresAfterMs, offerReminderBeforeMs } = deps.orders.deadlines;
  const expiresAt = new Date(at.getTime() + offerExpiresAfterMs);
  const remind = offerExpiresAfterMs > offerReminderBeforeMs ? new Date(expiresAt.getTime() - offerReminderBeforeMs) : null;
  return { expiresAt, remindAt: remind };
}

/**
 * The order of an accepted offer: its books at the agreed amount (the difference is its
 * discount), one parcel's shipping as the seller's policy says, held for its buyer until paid
 * within `OFFER_PAY_WITHIN`. Their own open bookings of those books give way to it.
 */
async function orderOf(
  tx: Queryable,
  deps: OfferDeps,
  offer: OfferRow,
  people: { buyer: Pick<User, 'id' | 'email' | 'name'>; accepter: { id: string; name: string; side: OfferSide } },
  books: readonly OfferedBook[],
  at: Date,
): Promise<string> {
  const { buyer } = people;
  const policy = await shopPoliciesRepository(tx).of(offer.seller_id);
  const priced = books.map((book) => ({ priceCents: book.price_cents, shippingCents: book.offers_shipping ? book.shipping_price_cents : null, meetup: book.offers_meetup }));
  const { shippingCents } = priceOf({ ...policy, discounts: [] }, priced, offer.delivery_method);
  const ownOpen = await tx.query<{ id: string }>(
    "select id from bookings where buyer_id = $1 and state = 'booked' and book_id = any($2::text[]) for update",
    [offer.buyer_id, books.map((book) => book.id)],
  );
  await moveWithin(tx, deps.orders, ownOpen.map((row) => row.id), 'booked', 'cancelled', at, { actor: 'buyer', reason: 'Replaced by your accepted offer' });
  const lines = books.map((book) => ({ book_id: book.id, name: book.name, price_cents: book.price_cents, img: book.img }));
  const booking: NewBooking = {
    id: newId(),
    book_id: books[0].id,
    buyer_id: offer.buyer_id,
    seller_id: offer.seller_id,
    email: buyer.email,
    cus_tomername: buyer.name,
    location: offer.location,
    phone: offer.phone,
    book_name: orderNameOf(lines),
    resale_price_cents: offer.amount_cents,
    discount_cents: Math.max(0, offer.list_price_cents - offer.amount_cents),
    img: books[0].img,
    delivery_method: offer.delivery_method,
    delivery_address: offer.delivery_address,
    shipping_cents: shippingCents,
    handover_code: handoverCode(),
    state_at: at,
    due_at: new Date(at.getTime() + deps.orders.deadlines.offerPayWithinMs),
  };
  if (!(await insertOrder(tx, booking, lines))) throw conflict('This offer changed meanwhile; please try again');
  await recordInThread(tx, booking.id, offer, people.accepter, at);
  await tx.query('update books set sold = true, reserved_booking_id = $1 where id = any($2::text[])', [booking.id, books.map((book) => book.id)]);
  await offersRepository(tx).declinePendingOn(books.map((book) => book.id), offer.id, at, TAKEN_REASON);
  return booking.id;
}

/** Whether every book can still be sold with the offer; the first that cannot, named. */
function unsellable(books: readonly OfferedBook[], wanted: number): string | undefined {
  if (books.length < wanted) return 'A book of this offer was withdrawn by its seller';
  const gone = books.find((book) => book.sold || book.hidden);
  return gone && `"${gone.name}" is no longer for sale`;
}

/** The books of an offer in its order, locked. */
async function booksOfOffer(tx: Queryable, offerId: string): Promise<{ books: OfferedBook[]; wanted: number }> {
  const ids = (await tx.query<{ book_id: string }>('select book_id from offer_books where offer_id = $1 order by position', [offerId])).map((row) => row.book_id);
  return { books: await lockBooks(tx, ids), wanted: ids.length };
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

async function userOf(tx: Queryable, userId: string): Promise<Pick<User, 'id' | 'email' | 'name'>> {
  const [user] = await tx.query<Pick<User, 'id' | 'email' | 'name'>>('select id, email, name from users where id = $1', [userId]);
  if (!user) throw notFound('No such offer');
  return user;
}

const STEP_WORDS: Record<string, string> = { offered: 'offered', countered: 'countered', accepted: 'accepted', declined: 'declined', expired: 'expired' };

/**
 * The negotiation, written in the new order's message thread by the side who accepted: the
 * agreed amount, then every step (the thread holds at most 2,000 characters a message).
 */
async function recordInThread(tx: Queryable, orderId: string, offer: OfferRow, accepter: { id: string; name: string; side: OfferSide }, at: Date) {
  const steps = (await offersRepository(tx).stepsOf([offer.id])).get(offer.id) ?? [];
  const said = [...steps.map((step) => ({ by: step.by, action: step.action, amount: step.amount_cents })), { by: accepter.side, action: 'accepted', amount: offer.amount_cents }]
    .map((step) => `${step.by === 'system' ? 'Automatically' : step.by === 'buyer' ? 'Buyer' : 'Seller'} ${STEP_WORDS[step.action]}${step.amount === null ? '' : ` ${formatCents(step.amount)}`}`);
  const text = [`Offer accepted: ${formatCents(offer.amount_cents)} for the books (asking ${formatCents(offer.list_price_cents)}).`, said.join(' · ')].join('\n');
  const thread = await messagesRepository(tx).openOrderThread(orderId, at);
  if (thread) await messagesRepository(tx).insert(thread, accepter, accepter.side, text.slice(0, 2000), at);
}
