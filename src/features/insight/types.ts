/** The insight feature's wire types (`/insight/seller`, `/insight/seller/books`, `/insight/admin`, `/users/:id/reliability`). */
import type { OrderState } from '../../types/entities';

/** The periods the API takes, in days; each ends today (UTC) inclusive. */
export const PERIOD_DAYS = [7, 30, 90, 365] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

/** A span of UTC days, `YYYY-MM-DD`, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** A seller's totals over a period; money in dollars, `conversion` orders ÷ sessions (0..1). */
export interface SellerTotals {
  views: number;
  sessions: number;
  favourites: number;
  offers: number;
  orders: number;
  revenue: number;
  conversion: number;
  averageOrder: number;
}

export interface SellerDay {
  day: string;
  views: number;
  orders: number;
  revenue: number;
}

export interface TopByViews {
  bookId: string;
  name: string;
  views: number;
}

export interface TopByFavourites {
  bookId: string;
  name: string;
  favourites: number;
}

/** The orders made in the period, by the state they are in now. */
export type OrdersByState = Record<OrderState, number>;

/** The last 90 days' record; shares are fractions 0..1, null with nothing to measure. */
export interface Reliability {
  days: number;
  orders: number;
  shippedOnTime: number | null;
  cancelled: number | null;
  disputed: number | null;
  averageReview: number | null;
  badge: boolean;
}

/** `GET /insight/seller?days=` */
export interface SellerInsight {
  period: DayRange;
  previous: DayRange;
  totals: SellerTotals;
  previousTotals: SellerTotals;
  daily: SellerDay[];
  topByViews: TopByViews[];
  topByFavourites: TopByFavourites[];
  ordersByState: OrdersByState;
  reliability: Reliability;
}

/** The marketplace's totals: `revenue` is sales (the books' price paid, before commission); shares 0..1. */
export interface AdminTotals extends SellerTotals {
  commission: number;
  refundShare: number;
  disputeShare: number;
  offersAccepted: number;
  newUsers: number;
  newSellers: number;
  newListings: number;
}

export interface AdminDay extends SellerDay {
  commission: number;
}

export interface AdminMonth {
  /** `YYYY-MM` */
  month: string;
  orders: number;
  revenue: number;
  commission: number;
}

export interface PayoutFigure {
  count: number;
  amount: number;
}

/** `GET /insight/admin?days=` */
export interface AdminInsight {
  period: DayRange;
  previous: DayRange;
  totals: AdminTotals;
  previousTotals: AdminTotals;
  daily: AdminDay[];
  monthly: AdminMonth[];
  ordersByState: OrdersByState;
  payouts: { paid: PayoutFigure; failed: PayoutFigure; waiting: PayoutFigure };
  sellersWithoutPayoutAccount: number;
}

/** What the books grid sorts by; `-` first is descending. */
export type BookSortField = 'views' | 'favourites' | 'favouriteRate' | 'offers' | 'daysListed' | 'price';
export type BookSort = BookSortField | `-${BookSortField}`;

/** One of the seller's books listed now, with its period's figures (`GET /insight/seller/books`). */
export interface BookInsight {
  bookId: string;
  name: string;
  price: number;
  views: number;
  favourites: number;
  /** favourites ÷ views, 0 with no views. */
  favouriteRate: number;
  offers: number;
  daysListed: number;
}

export interface BookInsightArgs {
  days: PeriodDays;
  sort: BookSort;
  limit: number;
  cursor?: string;
}

export interface BookInsightPage {
  books: BookInsight[];
  total: number;
  nextCursor: string | null;
}

/** `GET /users/:id/reliability`: what anyone may read of a seller's record. */
export interface PublicReliability {
  badge: boolean;
  orders: number;
  shippedOnTime: number | null;
  disputed: number | null;
}

/** The tables the CSV routes answer. */
export type SellerCsvTable = 'daily' | 'topByViews' | 'topByFavourites' | 'ordersByState';
export type AdminCsvTable = 'daily' | 'monthly' | 'ordersByState' | 'payouts';
