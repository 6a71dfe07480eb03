/** An offer's states (server/src/offers/README.md). */
export type OfferState = 'pending' | 'accepted' | 'declined' | 'expired';
export type OfferSide = 'buyer' | 'seller';
export type OfferAction = 'offered' | 'countered' | 'accepted' | 'declined' | 'expired';

/** A buyer makes at most this many offers on the same books; declined and expired ones count. */
export const MAX_OFFERS_ON_SAME_BOOKS = 3;
/** Without a floor of the seller's, an offer below this share of the price is declined at once. */
export const DEFAULT_FLOOR_PERCENT = 50;
/** The most books one offer is for. */
export const MAX_BOOKS_PER_OFFER = 20;

/** What the rules read of an offer. */
export interface OfferTerms {
  state: OfferState;
  awaiting: OfferSide | null;
  buyer_last_cents: number;
  seller_last_cents: number | null;
  list_price_cents: number;
}

/** The books' key for the limit of offers: their ids, sorted. */
export const booksKeyOf = (bookIds: readonly string[]) => [...bookIds].sort().join(',');

/** A listing's floor: the seller's, or half its price (rounded up to the cent). */
export const floorOf = (book: { price_cents: number; offer_floor_cents: number | null }) =>
  book.offer_floor_cents ?? Math.ceil((book.price_cents * DEFAULT_FLOOR_PERCENT) / 100);

/**
 * The amounts a counter of `side` may be, both ends excluded: the seller's lies between the
 * buyer's last amount and the asking price; the buyer's between their own last amount and the
 * seller's last counter.
 */
export function counterRange(offer: OfferTerms, side: OfferSide): { above: number; below: number } {
  if (side === 'seller') return { above: offer.buyer_last_cents, below: offer.list_price_cents };
  return { above: offer.buyer_last_cents, below: offer.seller_last_cents ?? offer.list_price_cents };
}

const STATE_WORDS: Record<Exclude<OfferState, 'pending'>, string> = {
  accepted: 'This offer was accepted: its order is waiting to be paid, and nothing more can be offered on it',
  declined: 'This offer was declined: the buyer may make a new offer, up to 3 on the same books',
  expired: 'This offer expired unanswered: the buyer may make a new offer, up to 3 on the same books',
};

/**
 * Why `side` cannot answer the offer now, as an HTTP status and message, or undefined when they
 * can: an offer that is no longer pending is 409, naming its state and what may come next; a
 * pending one waiting for the other side is 403.
 */
export function refusalOf(offer: OfferTerms, side: OfferSide): { status: 403 | 409; message: string } | undefined {
  if (offer.state !== 'pending') return { status: 409, message: STATE_WORDS[offer.state] };
  if (offer.awaiting !== side) {
    return { status: 403, message: `This offer waits for the ${offer.awaiting ?? 'other side'}'s answer: they may accept, decline or counter it` };
  }
  return undefined;
}
