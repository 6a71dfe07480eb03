import type { Db, Queryable } from '../db/db';
import { deliveryOfBooks, type DeliveryChoice } from '../bundles/delivery';
import { priceOf } from '../bundles/pricing';
import { conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { formatCents } from '../lib/money';
import { handoverCode } from '../orders/handover';
import { moveWithin } from '../orders/moves';
import { insertOrder, orderNameOf } from '../orders/newOrder';
import type { OrderService } from '../plugins/orders';
import type { NewBooking } from '../repositories/bookings';
import { messagesRepository } from '../repositories/messages';
import { offersRepository, type OfferRow } from '../repositories/offers';
import { shopPoliciesRepository } from '../repositories/shopPolicies';
import type { User } from '../repositories/users';
import type { OfferSide } from './rules';

/**
 * What an offer stands on: its books, locked while it is made or accepted, how they travel, and
 * the order an accepted offer makes (server/src/offers/README.md).
 */

export interface OfferDeps {
  db: Db;
  orders: OrderService;
}

/** A book offered for, as it is now, locked. */
export interface OfferedBook {
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
  delivery?: DeliveryChoice;
  location?: string;
  phone?: string;
}

/** Why the other pending offers on books end. */
export const TAKEN_REASON = 'The book was sold or promised to another buyer';
export const FLOOR_REASON = "The offer is below the seller's lowest acceptable price";

/** The books, locked in id order: an acceptance and the offers on the same books take turns. */
export async function lockBooks(tx: Queryable, bookIds: readonly string[]): Promise<OfferedBook[]> {
  const rows = await tx.query<OfferedBook>(
    `select id, seller_id, name, img, resale_price_cents as price_cents, shipping_price_cents, offers_meetup, offers_shipping, sold,
       (hidden_at is not null or seller_suspended) as hidden, offers_enabled, offer_floor_cents, offer_auto_accept_cents
     from books where id = any($1::text[]) order by id for update`,
    [bookIds],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return bookIds.flatMap((id) => byId.get(id) ?? []);
}

/** How the books of an offer travel: every one of them must offer it. */
export const deliveryOf = (books: readonly OfferedBook[], delivery: NewOffer['delivery']) => deliveryOfBooks(books, delivery, 'choose a meet-up');

/**
 * The order of an accepted offer: its books at the agreed amount (the difference is its
 * discount), one parcel's shipping as the seller's policy says, held for its buyer until paid
 * within `OFFER_PAY_WITHIN`. Their own open bookings of those books give way to it.
 */
export async function orderOf(
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
export function unsellable(books: readonly OfferedBook[], wanted: number): string | undefined {
  if (books.length < wanted) return 'A book of this offer was withdrawn by its seller';
  const gone = books.find((book) => book.sold || book.hidden);
  return gone && `"${gone.name}" is no longer for sale`;
}

/** The books of an offer in its order, locked. */
export async function booksOfOffer(tx: Queryable, offerId: string): Promise<{ books: OfferedBook[]; wanted: number }> {
  const ids = (await tx.query<{ book_id: string }>('select book_id from offer_books where offer_id = $1 order by position', [offerId])).map((row) => row.book_id);
  return { books: await lockBooks(tx, ids), wanted: ids.length };
}

export async function userOf(tx: Queryable, userId: string): Promise<Pick<User, 'id' | 'email' | 'name'>> {
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
