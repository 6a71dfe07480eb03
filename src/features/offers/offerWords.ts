import { offersCopy } from './copy';
import type { Offer, OfferSide } from './types';

/** Books named as one: "Dune", or "Dune and 2 more books". */
export const offerSubject = (names: string[]): string => offersCopy.booksName(names[0] ?? '', Math.max(0, names.length - 1));

/** Whose turn it is, for the reader's side (an admin reads the side it waits for). */
export function turnWords(offer: Offer, side: OfferSide | null): string {
  if (offer.state !== 'pending' || !offer.awaiting) return offersCopy.noTurn;
  return side === offer.awaiting ? offersCopy.yourTurn : offersCopy.waitingFor(offer.awaiting);
}

/** How long a pending offer has left, from `now`. */
export function timeLeftWords(offer: Offer, now: number): string {
  if (offer.state !== 'pending' || !offer.expiresAt) return offersCopy.noTurn;
  return offersCopy.timeLeft(new Date(offer.expiresAt).getTime() - now);
}

/** The reader's side of an offer: its buyer, its seller, or neither (an admin). */
export function sideOf(offer: Offer, userId: string | null): OfferSide | null {
  if (userId === offer.buyerId) return 'buyer';
  if (userId === offer.sellerId) return 'seller';
  return null;
}

/**
 * The amounts a counter of `side` may be, both ends excluded, worked out from the history: the
 * seller's between the buyer's last amount and the asking price; the buyer's between their own
 * last amount and the seller's last counter. The API has the last word.
 */
export function counterRange(offer: Offer, side: OfferSide): { above: number; below: number } {
  const lastBy = (by: OfferSide) => [...offer.history].reverse().find((step) => step.by === by && step.amount !== undefined && (step.action === 'offered' || step.action === 'countered'))?.amount;
  const buyerLast = lastBy('buyer') ?? offer.amount;
  if (side === 'seller') return { above: buyerLast, below: offer.listPrice };
  return { above: buyerLast, below: lastBy('seller') ?? offer.listPrice };
}
