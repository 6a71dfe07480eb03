/** The offers feature's wire types: an offer (`/offers`) and a listing's offer terms (`/products/:id`). */
import type { DeliveryMethod } from '../../types/entities';

export type OfferState = 'pending' | 'accepted' | 'declined' | 'expired';
export type OfferSide = 'buyer' | 'seller';

/** One step of a negotiation; `system` declines below the floor, accepts automatically, or expires. */
export interface OfferStep {
  by: OfferSide | 'system';
  action: 'offered' | 'countered' | 'accepted' | 'declined' | 'expired';
  /** Dollars, for an offer, a counter or an acceptance. */
  amount?: number;
  at: string;
}

/** A book of an offer, at its asking price when the offer was made (dollars). */
export interface OfferBook {
  bookId: string;
  name: string;
  price: number;
}

/**
 * One negotiation (`GET /offers/:id`), in dollars: `amount` is on the table (the last amount
 * offered or countered), `listPrice` the books' asking prices together; `awaiting` and
 * `expiresAt` while pending, `orderId` once accepted.
 */
export interface Offer {
  id: string;
  state: OfferState;
  awaiting?: OfferSide;
  amount: number;
  listPrice: number;
  buyerId: string;
  sellerId: string;
  books: OfferBook[];
  delivery: { method: DeliveryMethod; address?: string };
  expiresAt: string | null;
  orderId?: string;
  createdAt: string;
  history: OfferStep[];
}

/** `POST /offers`: books of one seller, an amount below their asking price together, how they would travel. */
export interface NewOffer {
  bookIds: string[];
  amount: number;
  delivery?: { method: DeliveryMethod; address?: string };
}

/** `GET /offers`: the caller's offers on one side, maybe of one state. */
export interface OfferListRequest {
  role: OfferSide;
  state?: OfferState;
}

/**
 * A listing's offer terms as `GET /products/:id` answers them (dollars): whether it takes offers,
 * the floor below which one is declined at once (half the price unless set), and the amount from
 * which one is accepted at once (null: never).
 */
export interface OfferTerms {
  enabled: boolean;
  autoDeclineBelow: number | null;
  autoAcceptFrom: number | null;
}
