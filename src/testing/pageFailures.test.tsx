import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../config/copy';
import { myBuyerCopy, productsCopy } from '../features/products/copy';
import { adminCopy } from '../features/admin/copy';
import { wantsCopy } from '../features/wants/copy';
import { favouritesCopy } from '../features/favourites/copy';
import { earningsCopy } from '../features/earnings/copy';
import { Component as AllBuyerPage } from '../features/admin/AllBuyerPage';
import { Component as AllSellerPage } from '../features/admin/AllSellerPage';
import { Component as MyOrdersPage } from '../features/bookings/MyOrdersPage';
import { dune } from '../features/catalogue/testBooks';
import { Component as EarningsPage } from '../features/earnings/EarningsPage';
import { Component as FavouritesPage } from '../features/favourites/FavouritesPage';
import { Component as WantedPage } from '../features/wants/WantedPage';
import { Component as BundlesPage } from '../features/bundles/BundlesPage';
import { bundlesCopy } from '../features/bundles/copy';
import { aBundle } from '../features/bundles/testSupport';
import { Component as OffersPage } from '../features/offers/OffersPage';
import { offersCopy } from '../features/offers/copy';
import { anOffer } from '../features/offers/testSupport';
import { Component as MyBuyerPage } from '../features/products/MyBuyerPage';
import { Component as MyProductsPage } from '../features/products/MyProductsPage';
import { failUntilFixed, FAILURES, failureSentence, runPastRetries } from './failures';
import { aBooking } from './fixtures';
import { renderApp, renderWithProviders, signedInState } from './renderWithProviders';
import { API, server } from './server';

/*
 * Every list page, with the API answering slowly (past the time-out), failing (500) and refused
 * (network error): the page says what failed and why — never that the list is empty — and Retry
 * shows the data without a reload.
 */

interface Case {
  name: string;
  path: string;
  failed: string;
  empty: string;
  answer: () => Response;
  shows: string;
  render(): void;
}

const user = { _id: 'u1', name: 'Sam Seller', email: 'sam@example.com', role: 'seller' as const };
const product = { _id: 'p1', name: 'Dune', price: 12, phone: '1', location: 'Dhaka', condition: 'Good', description: '', image: '' };

const earnings = {
  balance: { pending: 16, available: 0, inTransit: 0, paidOut: 0 },
  account: { state: 'none', due: [] },
  commission: { percent: 8, min: 0.5, payoutMin: 1 },
};
const entry = { _id: 'e1', kind: 'charge', account: 'pending', amount: 16, bookingId: 'b1', bookName: 'Dune', at: '2025-11-21T12:00:00.000Z' };

const cases: Case[] = [
  {
    name: 'My Orders',
    path: '/bookings',
    failed: copy.orders.failed,
    empty: copy.orders.empty,
    answer: () => HttpResponse.json([aBooking({ bookName: 'Dune' })]),
    shows: 'Dune',
    render: () => renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState() }),
  },
  {
    name: 'My Products',
    path: '/products',
    failed: productsCopy.failed,
    empty: productsCopy.empty,
    answer: () => HttpResponse.json([product], { headers: { 'X-Total-Count': '1' } }),
    shows: 'Dune',
    render: () => renderWithProviders(<MyProductsPage />, { preloadedState: signedInState({ isSeller: true }) }),
  },
  {
    name: 'My Buyer',
    path: '/mybuyers',
    failed: myBuyerCopy.failed,
    empty: myBuyerCopy.empty,
    answer: () => HttpResponse.json([aBooking({ bookName: 'Dune' })]),
    shows: 'Dune',
    render: () => renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) }),
  },
  {
    name: 'My Earnings',
    path: '/earnings/entries',
    failed: earningsCopy.entriesFailed,
    empty: earningsCopy.empty,
    answer: () => HttpResponse.json([entry]),
    shows: 'Dune',
    render: () => {
      server.use(http.get(`${API}/earnings`, () => HttpResponse.json(earnings)));
      renderWithProviders(<EarningsPage />, { preloadedState: signedInState({ isSeller: true }) });
    },
  },
  {
    name: 'All seller',
    path: '/seller',
    failed: adminCopy.sellersFailed,
    empty: adminCopy.emptySellers,
    answer: () => HttpResponse.json([user], { headers: { 'X-Total-Count': '1' } }),
    shows: 'Sam Seller',
    render: () => renderWithProviders(<AllSellerPage />, { preloadedState: signedInState({ isAdmin: true, isSeller: true }) }),
  },
  {
    name: 'All Buyer',
    path: '/buyer',
    failed: adminCopy.buyersFailed,
    empty: adminCopy.emptyBuyers,
    answer: () => HttpResponse.json([{ ...user, role: 'Buyer' }], { headers: { 'X-Total-Count': '1' } }),
    shows: 'Sam Seller',
    render: () => renderWithProviders(<AllBuyerPage />, { preloadedState: signedInState({ isAdmin: true, isSeller: true }) }),
  },
  {
    name: 'Favourites',
    path: '/favourites',
    failed: favouritesCopy.failed,
    empty: favouritesCopy.empty,
    answer: () =>
      HttpResponse.json([{ bookId: 'b1', name: 'Dune', author: '', price: 8, img: '', sold: false, savedPrice: 8, savedAt: '2025-11-21T12:00:00.000Z' }]),
    shows: 'Dune',
    render: () => renderWithProviders(<FavouritesPage />, { preloadedState: signedInState() }),
  },
  {
    name: 'Wanted',
    path: '/wants',
    failed: wantsCopy.failed,
    empty: wantsCopy.empty,
    answer: () => HttpResponse.json([{ _id: 'w1', isbn: null, q: 'dune', filters: null, maxPrice: null, createdAt: '2025-11-21T12:00:00.000Z' }]),
    shows: '“dune”',
    render: () => renderWithProviders(<WantedPage />, { preloadedState: signedInState() }),
  },
  {
    name: 'Bundles',
    path: '/bundles',
    failed: bundlesCopy.failed,
    empty: bundlesCopy.empty,
    answer: () => HttpResponse.json([aBundle()]),
    shows: 'Dune',
    render: () => renderWithProviders(<BundlesPage />, { preloadedState: signedInState() }),
  },
  {
    name: 'Offers',
    path: '/offers',
    failed: offersCopy.failed,
    empty: offersCopy.emptyMade,
    answer: () => HttpResponse.json([anOffer()]),
    shows: 'Dune',
    render: () => renderWithProviders(<OffersPage />, { preloadedState: signedInState() }),
  },
  {
    name: 'a category',
    path: '/bookCatagoriesId/fiction',
    failed: copy.books.failed,
    empty: copy.books.empty,
    answer: () => HttpResponse.json([dune]),
    shows: dune.name,
    render: () => {
      server.use(
        http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
        http.get(`${API}/bookings`, () => HttpResponse.json([])),
      );
      renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    },
  },
];

const matrix = cases.flatMap((page) => FAILURES.map((failure) => [page.name, failure, page] as const));

describe('list pages when the API lets them down', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.setItem('accessToken', 't0k');
  });
  afterEach(() => jest.useRealTimers());

  it.each(matrix)('%s, API %s: says what failed with Retry, and Retry shows the rows', async (_name, failure, page) => {
    const clicker = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = failUntilFixed(page.path, failure, page.answer);
    page.render();
    // The route's guard comes in a chunk (a resolved import here): let it render before the clock runs.
    await act(() => jest.advanceTimersByTimeAsync(0));
    // The loader of a page fetched first, and the page tries once more: both end.
    await runPastRetries();
    await runPastRetries();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${page.failed} ${failureSentence[failure]}`);
    expect(screen.queryByText(page.empty)).not.toBeInTheDocument();

    api.fix();
    await clicker.click(screen.getByRole('button', { name: copy.messages.retry }));
    expect(await screen.findByText(page.shows)).toBeInTheDocument();
    expect(screen.queryByText(page.failed, { exact: false })).not.toBeInTheDocument();
  });
});
