import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import type { AdminInsight, AdminTotals, BookInsight, OrdersByState, SellerInsight, SellerTotals } from './types';

/** One request the API was asked: its path, its query and its token. */
export interface InsightCall {
  path: string;
  query: Record<string, string>;
  authorization: string | null;
}

const record = (calls: InsightCall[], request: Request) => {
  const url = new URL(request.url);
  calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: request.headers.get('authorization') });
};

const noOrders: OrdersByState = {
  booked: 0,
  paid: 0,
  ready: 0,
  shipped: 0,
  received: 0,
  completed: 0,
  cancelled: 0,
  expired: 0,
  refunded: 0,
  disputed: 0,
};

const zeroSeller: SellerTotals = { views: 0, sessions: 0, favourites: 0, offers: 0, orders: 0, revenue: 0, conversion: 0, averageOrder: 0 };

/** `days` UTC days ending 3 Dec 2026, oldest first. */
const daysEnding = (days: number) =>
  Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 11, 3 - (days - 1 - i))).toISOString().slice(0, 10));

/** A new seller's answer: every figure 0, every day there, no top books. */
export function aQuietSellerInsight(days = 30): SellerInsight {
  const period = daysEnding(days);
  return {
    period: { from: period[0], to: period[period.length - 1] },
    previous: { from: '2026-10-05', to: '2026-11-03' },
    totals: zeroSeller,
    previousTotals: zeroSeller,
    daily: period.map((day) => ({ day, views: 0, orders: 0, revenue: 0 })),
    topByViews: [],
    topByFavourites: [],
    ordersByState: noOrders,
    reliability: { days: 90, orders: 0, shippedOnTime: null, cancelled: null, disputed: null, averageReview: null, badge: false },
  };
}

/**
 * A busy seller: 112 views (100 before: +12 %), 3 favourites (none before: new), 97 offers
 * (100 before: −3 %), 4 orders, $86.40 revenue; Dune viewed most, two orders paid.
 */
export function aSellerInsight(days = 30): SellerInsight {
  const quiet = aQuietSellerInsight(days);
  const daily = quiet.daily.map((day, i) => (i === quiet.daily.length - 1 ? { ...day, views: 12, orders: 2, revenue: 43.2 } : day));
  return {
    ...quiet,
    totals: { views: 112, sessions: 80, favourites: 3, offers: 97, orders: 4, revenue: 86.4, conversion: 0.05, averageOrder: 21.6 },
    previousTotals: { views: 100, sessions: 90, favourites: 0, offers: 100, orders: 4, revenue: 60, conversion: 0.04, averageOrder: 15 },
    daily,
    topByViews: [
      { bookId: 'b1', name: 'Dune', views: 70 },
      { bookId: 'b2', name: 'Emma', views: 42 },
    ],
    topByFavourites: [{ bookId: 'b2', name: 'Emma', favourites: 3 }],
    ordersByState: { ...noOrders, paid: 2, completed: 2 },
    reliability: { days: 90, orders: 12, shippedOnTime: 0.9, cancelled: 0.05, disputed: 0, averageReview: 4.5, badge: false },
  };
}

const zeroAdmin: AdminTotals = { ...zeroSeller, commission: 0, refundShare: 0, disputeShare: 0, offersAccepted: 0, newUsers: 0, newSellers: 0, newListings: 0 };

/** The marketplace: $1,000 of sales (800 before: +25 %), refunds at 2 % (1 % before: +1 pt), two failed payouts. */
export function anAdminInsight(days = 30): AdminInsight {
  const quiet = aQuietSellerInsight(days);
  return {
    period: quiet.period,
    previous: quiet.previous,
    totals: { ...zeroAdmin, revenue: 1000, commission: 80, orders: 50, refundShare: 0.02, newUsers: 7, views: 900, sessions: 600, conversion: 0.083 },
    previousTotals: { ...zeroAdmin, revenue: 800, commission: 64, orders: 40, refundShare: 0.01, newUsers: 7, views: 1000, sessions: 500, conversion: 0.08 },
    daily: quiet.daily.map((day, i) => ({ ...day, commission: i === 0 ? 8 : 0, revenue: i === 0 ? 100 : 0 })),
    monthly: [
      { month: '2026-11', orders: 30, revenue: 600, commission: 48 },
      { month: '2026-12', orders: 20, revenue: 400, commission: 32 },
    ],
    ordersByState: { ...noOrders, completed: 45, refunded: 1, disputed: 4 },
    payouts: { paid: { count: 12, amount: 900 }, failed: { count: 2, amount: 40 }, waiting: { count: 1, amount: 15.5 } },
    sellersWithoutPayoutAccount: 3,
  };
}

/** GET /insight/seller, answered by `answer(days)`; each call kept. */
export function serveSellerInsight(answer: (days: number) => SellerInsight = aSellerInsight) {
  const calls: InsightCall[] = [];
  server.use(
    http.get(`${API}/insight/seller`, ({ request }) => {
      record(calls, request);
      return HttpResponse.json(answer(Number(new URL(request.url).searchParams.get('days'))));
    }),
  );
  return calls;
}

export function serveAdminInsight(answer: (days: number) => AdminInsight = anAdminInsight) {
  const calls: InsightCall[] = [];
  server.use(
    http.get(`${API}/insight/admin`, ({ request }) => {
      record(calls, request);
      return HttpResponse.json(answer(Number(new URL(request.url).searchParams.get('days'))));
    }),
  );
  return calls;
}

/** Book 01 … Book n, each with its figures. */
export const someBooks = (n: number): BookInsight[] =>
  Array.from({ length: n }, (_, i) => ({
    bookId: `b${i + 1}`,
    name: `Book ${String(i + 1).padStart(2, '0')}`,
    price: 10 + i,
    views: 100 - i,
    favourites: i % 3,
    favouriteRate: (i % 3) / (100 - i),
    offers: i % 2,
    daysListed: i + 1,
  }));

/** GET /insight/seller/books as the API pages it: `limit` rows after `cursor` ("after-<id>"), a Link while more follow. The order is the list's. */
export function serveSellerBooks(books: BookInsight[]) {
  const calls: InsightCall[] = [];
  server.use(
    http.get(`${API}/insight/seller/books`, ({ request }) => {
      record(calls, request);
      const params = new URL(request.url).searchParams;
      const cursor = params.get('cursor');
      const start = cursor === null ? 0 : books.findIndex((book) => `after-${book.bookId}` === cursor) + 1;
      const limit = Number(params.get('limit') ?? 25);
      const page = books.slice(start, start + limit);
      const headers: Record<string, string> = { 'X-Total-Count': String(books.length) };
      if (start + limit < books.length) {
        const next = new URLSearchParams(params);
        next.set('cursor', `after-${page[page.length - 1].bookId}`);
        headers.Link = `<${API}/insight/seller/books?${next.toString()}>; rel="next"`;
      }
      return HttpResponse.json(page, { headers });
    }),
  );
  return calls;
}

/** Every CSV route, answering `csv`; each call kept. */
export function serveCsv(csv = 'day,views\r\n2026-12-03,12\r\n') {
  const calls: InsightCall[] = [];
  const answer = ({ request }: { request: Request }) => {
    record(calls, request);
    return new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  };
  server.use(
    http.get(`${API}/insight/seller.csv`, answer),
    http.get(`${API}/insight/seller/books.csv`, answer),
    http.get(`${API}/insight/admin.csv`, answer),
  );
  return calls;
}
