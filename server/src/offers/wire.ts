import type { Queryable } from '../db/db';
import { toDollars } from '../lib/money';
import { offersRepository, type OfferBookRow, type OfferRow, type OfferStepRow } from '../repositories/offers';

/** An offer as its sides (and an admin) read it: its books, the amount on the table, its history. */
export function offerOnWire(offer: OfferRow, books: readonly OfferBookRow[], steps: readonly OfferStepRow[]) {
  return {
    id: offer.id,
    state: offer.state,
    ...(offer.awaiting !== null && { awaiting: offer.awaiting }),
    amount: toDollars(offer.amount_cents),
    listPrice: toDollars(offer.list_price_cents),
    buyerId: offer.buyer_id,
    sellerId: offer.seller_id,
    books: books.map((book) => ({ bookId: book.book_id, name: book.name, price: toDollars(book.price_cents) })),
    delivery: { method: offer.delivery_method, ...(offer.delivery_address !== null && { address: offer.delivery_address }) },
    expiresAt: offer.expires_at?.toISOString() ?? null,
    ...(offer.booking_id !== null && { orderId: offer.booking_id }),
    createdAt: offer.created_at.toISOString(),
    history: steps.map((step) => ({
      by: step.by,
      action: step.action,
      ...(step.amount_cents !== null && { amount: toDollars(step.amount_cents) }),
      at: step.at.toISOString(),
    })),
  };
}

/** These offers on the wire, with their books and histories (one query each for all of them). */
export async function offersOnWire(db: Queryable, offers: readonly OfferRow[]) {
  const ids = offers.map((offer) => offer.id);
  const repository = offersRepository(db);
  const [books, steps] = await Promise.all([repository.booksOf(ids), repository.stepsOf(ids)]);
  return offers.map((offer) => offerOnWire(offer, books.get(offer.id) ?? [], steps.get(offer.id) ?? []));
}
