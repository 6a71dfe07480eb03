/**
 * The shared entities as they travel on the wire (spellings of the API kept): the types several
 * features, or the shared layers, use. A feature's own wire types live in its folder, in
 * `src/features/<domain>/types.ts`.
 */

export interface Category {
  _id: string;
  name: string;
  category_id: string;
  category: string;
  img: string;
}

export interface Book {
  _id: string;
  name: string;
  img: string;
  location: string;
  resale_price: number;
  orginal_price: number;
  seller_name: string;
  number: string;
  uses: string;
  date: string;
  category: string;
  condition?: string;
  description?: string;
  verified: boolean;
  author?: string;
  /** ISBN-13, when the seller gave one. */
  isbn?: string | null;
  /** How the book reaches its buyer (older answers lack it: a meet-up only). */
  delivery?: DeliveryOffer;
  /** What buyers say of the seller (older answers lack it). */
  sellerScore?: Score;
}

/** Someone named on the wire: a review's author or subject, a report's reporter. */
export interface Party {
  _id: string;
  name: string;
}

/**
 * A user's score in one role: the mean of their shown reviews (null with none), how many, and
 * the share of their orders completed rather than refunded (0–1; null with none).
 */
export interface Score {
  average: number | null;
  count: number;
  completedShare: number | null;
  /** A seller's score only: at least 10 orders in 90 days, 95 % sent on time, under 2 % disputed. */
  reliable?: boolean;
}

/** One book's own page: visitors get no phone number; a sold book stays on record. */
export type BookDetails = Omit<Book, 'number'> & {
  number?: string;
  sold: boolean;
  sellerId: string | null;
  /** Whether its seller takes offers on it; absent from an older API, read as yes. */
  takesOffers?: boolean;
};

/** A seller's public page. */
export interface SellerProfile {
  _id: string;
  name: string;
  verified: boolean;
  memberSince: string;
  booksSold: number;
  booksForSale: number;
  /** What buyers say of them (older answers lack it). */
  sellerScore?: Score;
}

export type Role = 'Buyer' | 'seller' | 'admin';

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export interface Booking {
  _id: string;
  bookId: string;
  bookName: string;
  cusTomername: string;
  email: string;
  location: string;
  phone: string;
  resale_price: number;
  paid: boolean;
  img?: string;
  /** The seller withdrew the book: it can no longer be paid, only removed (`bookId` is then ''). */
  withdrawn?: boolean;
  /* The order carried to its end (older answers lack these; `Order` has them all). */
  state?: OrderState;
  delivery?: OrderDelivery;
  /** Dollars; 0 for a meet-up. */
  shipping_price?: number;
  /** resale_price + shipping_price: what the card is charged. */
  total?: number;
  timeline?: OrderStep[];
  deadline?: OrderDeadline | null;
  viewer?: OrderViewer;
  actions?: OrderMove[];
  /** Six digits: only to the buyer, only for a meet-up, from `paid` until `received`. */
  handoverCode?: string;
  /** After five wrong codes, codes are refused until then. */
  codeLockedUntil?: string;
  sellerName?: string;
  createdAt?: string;
  /** Dollars, to its seller and admins only: the total less the commission fixed when it was paid. */
  sellerReceives?: number;
  /** To its seller only: what sellers say of the buyer. */
  buyerScore?: Score;
  /** The books of the order, one line each (older answers lack it; a one-book order has one line). */
  lines?: OrderLine[];
  /** Dollars taken off the books' total by the seller's bundle discount (0 without one). */
  discount?: number;
}

/** One book of an order, at the price it was ordered for (dollars). */
export interface OrderLine {
  bookId: string;
  name: string;
  price: number;
}

export type OrderState =
  | 'booked'
  | 'paid'
  | 'ready'
  | 'shipped'
  | 'received'
  | 'completed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'disputed';
export type DeadlineKind = 'pay' | 'ship' | 'handover' | 'receive' | 'problem';
export type OrderMove = 'cancelled' | 'ready' | 'shipped' | 'received' | 'disputed' | 'completed' | 'refunded';
export type OrderViewer = 'buyer' | 'seller' | 'admin';
export type DeliveryMethod = 'meetup' | 'shipping';

/** What a book offers. A book listed without a choice offers a meet-up only. */
export interface DeliveryOffer {
  meetup: boolean;
  shipping: boolean;
  shippingPrice: number | null;
}

export interface OrderDelivery {
  method: DeliveryMethod;
  address?: string;
  carrier?: string;
  tracking?: string;
}

export interface OrderStep {
  state: OrderState;
  at: string;
  reason?: string;
}

export interface OrderDeadline {
  kind: DeadlineKind;
  at: string;
}

/** A booking as `GET /bookings/:id` and the moves answer it: every order field there. */
export type Order = Booking &
  Required<Pick<Booking, 'state' | 'delivery' | 'shipping_price' | 'total' | 'timeline' | 'viewer' | 'actions' | 'sellerName' | 'createdAt'>> & {
    deadline: OrderDeadline | null;
  };

/** What happened to an order, told to its buyer or seller. */
export type OrderNotificationKind =
  | 'booked'
  | 'paid'
  | 'ready'
  | 'shipped'
  | 'received'
  | 'disputed'
  | 'completed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'ship_reminder'
  | 'problem_window'
  | 'code_locked';

/** What happened to a seller's payout (`bookingId` and `bookName` are then ''). */
export type PayoutNotificationKind = 'payout_paid' | 'payout_failed';

/**
 * What happened to a book a buyer follows: one they want was listed, a favourite's price dropped
 * (both with `bookId` and `amount`, the price), or a booked listing changed (with `bookingId`).
 */
export type ListingNotificationKind = 'want_listed' | 'price_drop' | 'listing_changed';

/**
 * Messages and the trust queue: a message unread for a while (with `threadId`), a review of the
 * reader posted, what an admin did about the reader's report or to what the reader wrote or
 * listed (both with `action`, maybe `reason`; the reader's `role` is then `user`).
 */
export type TrustNotificationKind = 'message' | 'review_posted' | 'report_outcome' | 'moderated';

/**
 * An offer's news (with `offerId`, `amount` and maybe `deadline`; `bookingId` is ''): made to the
 * seller, countered, accepted, declined, expired, or a day left to answer it.
 */
export type OfferNotificationKind = 'offer_made' | 'offer_countered' | 'offer_accepted' | 'offer_declined' | 'offer_expired' | 'offer_reminder';

export type NotificationKind = OrderNotificationKind | PayoutNotificationKind | ListingNotificationKind | TrustNotificationKind | OfferNotificationKind;

export interface AppNotification {
  /** Increasing: a later notification has a greater id (as a number). */
  _id: string;
  kind: NotificationKind;
  bookingId: string;
  bookName: string;
  /** The reader's side of the order; `user` for news of the trust queue. */
  role: 'buyer' | 'seller' | 'user';
  at: string;
  read: boolean;
  /** ship_reminder: the ship deadline; problem_window: when it closes; an offer: when it expires, or its order is due (offer_accepted). */
  deadline?: string;
  /** Why an order moved, or why a payout failed. */
  reason?: string;
  /** The payout notifications: which payout, and its amount in dollars. */
  payoutId?: string;
  /** Dollars: a payout's amount, a listed book's price, or an offer's amount. */
  amount?: number;
  /** want_listed, price_drop: the book. */
  bookId?: string;
  /** want_listed: the want it matched. */
  wantId?: string;
  /** message: its thread (an order's thread has the booking's id). */
  threadId?: string;
  /** report_outcome, moderated: what the admin did (`hide`, `suspend`, `delete`, `dismiss`, `reinstate`). */
  action?: string | null;
  /** offer_*: the offer; `amount` is the amount offered, countered or accepted. */
  offerId?: string;
}

/** What a seller is owed, in dollars (`GET /earnings`). */
export interface EarningsBalance {
  /** Sold, waiting for the order to complete. */
  pending: number;
  /** Theirs, waiting for a payout. */
  available: number;
  /** Paid out, not yet in their bank. */
  inTransit: number;
  paidOut: number;
}

export type PayoutAccountState = 'none' | 'pending' | 'active' | 'restricted';

/** Where payouts go: `due` names what the payment provider still needs (its requirement keys, e.g. `external_account`). */
export interface PayoutAccount {
  state: PayoutAccountState;
  due: string[];
}

/**
 * The platform's cut of a book's price: `percent` of it, at least `min` dollars, never more than
 * the price; and the smallest payout, `payoutMin` dollars.
 */
export interface Commission {
  percent: number;
  min: number;
  payoutMin: number;
}

export interface Earnings {
  balance: EarningsBalance;
  account: PayoutAccount;
  commission: Commission;
}

/** created: set aside, being sent; in_transit: sent to the bank; paid: in the bank; failed: the money is available again. */
export type PayoutState = 'created' | 'in_transit' | 'paid' | 'failed';
/** Who started a payout: the weekly run, the seller (Withdraw) or an admin (Retry). */
export type PayoutOrigin = 'schedule' | 'withdraw' | 'retry';

/** Money on its way from the platform to a seller's bank (amount in dollars). */
export interface Payout {
  _id: string;
  sellerId: string;
  amount: number;
  state: PayoutState;
  origin: PayoutOrigin;
  /** The failed payout this one retries. */
  retryOf: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: string;
  paidAt: string | null;
  failedAt: string | null;
}

/** The signed-in identity, as the identity provider reports it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** The provider has proven the address (its confirmation link was opened, or Google said so). */
  emailVerified: boolean;
}

export interface InsertAnswer {
  acknowledged: boolean;
  insertedId: string;
}

/** `POST /bookings`: `alreadyBooked` when the buyer had booked this book before (`insertedId` is that booking). */
export interface BookingAnswer extends InsertAnswer {
  alreadyBooked?: boolean;
}

export interface DeleteAnswer {
  acknowledged: boolean;
  deletedCount: number;
}

export interface UpdateAnswer {
  acknowledged: boolean;
  modifiedCount: number;
}
