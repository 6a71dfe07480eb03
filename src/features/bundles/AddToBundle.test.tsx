import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderApp, renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { Component as BookPage } from '../catalogue/BookPage';
import { dune } from '../catalogue/testBooks';
import { Component as SellerPage } from '../search/SellerPage';
import { bundlesCopy } from './copy';
import { aBook, aBundle, SELLER, serveBundles, tokenFor } from './testSupport';

const book = (overrides: Partial<BookDetails> = {}): BookDetails => ({ ...dune, sold: false, sellerId: SELLER.id, ...overrides });
const shelf = { b1: { seller: SELLER, book: aBook() } };

function renderBookPage(details: BookDetails, state = signedInState()) {
  server.use(
    http.get(`${API}/books/:id`, () => HttpResponse.json(details)),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/books/:id" element={<BookPage />} />
      <Route path="/dashboard/bundles" element={<h1>Your bundles</h1>} />
    </Routes>,
    { preloadedState: state, route: '/books/b1' },
  );
}

beforeEach(() => localStorage.setItem('accessToken', tokenFor('buyer-1')));

describe('Add to bundle on the book page', () => {
  it("adds the book to its seller's bundle, says so, and then leads to the bundles", async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([], { shelf });
    const { services, router } = renderBookPage(book());

    const add = await screen.findByRole('button', { name: bundlesCopy.add });
    expect(add).toHaveAccessibleDescription('Dune');
    await user.click(add);

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(bundlesCopy.added('Sam Seller'), 'success'));
    const view = await screen.findByRole('button', { name: bundlesCopy.view });
    // The same button: the focus stays on it.
    expect(view).toBe(add);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /bundles', 'PUT /bundles/s1/books/b1', 'GET /bundles']);

    await user.click(view);
    expect(router.state.location.pathname).toBe('/dashboard/bundles');
  });

  it('says a book is already in the bundle', async () => {
    serveBundles([aBundle()]);
    renderBookPage(book());
    expect(await screen.findByRole('button', { name: bundlesCopy.view })).toBeInTheDocument();
  });

  it('offers nothing until the bundles are read, so a book already in one never shows "Add to bundle"', async () => {
    serveBundles([aBundle()]);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(`${API}/bundles`, async () => {
        await held;
        return HttpResponse.json([aBundle()]);
      }),
    );
    renderBookPage(book());
    await screen.findByRole('button', { name: 'Save to favourites' });
    // Time for the button's chunk to come: while the bundles are read, it renders nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: bundlesCopy.add })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: bundlesCopy.view })).not.toBeInTheDocument();

    answer();
    expect(await screen.findByRole('button', { name: bundlesCopy.view })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: bundlesCopy.add })).not.toBeInTheDocument();
  });

  it('is still offered when the bundles cannot be read', async () => {
    server.use(http.get(`${API}/bundles`, () => HttpResponse.json({ message: 'Not now' }, { status: 403 })));
    renderBookPage(book());
    expect(await screen.findByRole('button', { name: bundlesCopy.add })).toBeInTheDocument();
  });

  it("is not offered on one's own book, on a sold book, or to a visitor", async () => {
    serveBundles([]);
    localStorage.setItem('accessToken', tokenFor('s1'));
    const own = renderBookPage(book());
    await screen.findByRole('button', { name: 'Save to favourites' });
    // Time for the button's chunk to come: it renders nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: bundlesCopy.add })).not.toBeInTheDocument();
    own.unmount();

    localStorage.setItem('accessToken', tokenFor('buyer-1'));
    const sold = renderBookPage(book({ sold: true }));
    await screen.findByText('This book has been sold.');
    expect(screen.queryByRole('button', { name: bundlesCopy.add })).not.toBeInTheDocument();
    sold.unmount();

    renderBookPage(book(), signedOutState());
    await screen.findByRole('button', { name: 'Book Now' });
    expect(screen.queryByRole('button', { name: bundlesCopy.add })).not.toBeInTheDocument();
  });
});

const found = { ...dune, author: 'Frank Herbert', isbn: null };

describe('Add to bundle in search results and on the seller page', () => {
  it("adds a search result, looking its seller up first (the results do not name it)", async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([], { shelf });
    server.use(
      http.get(`${API}/books/search`, () => HttpResponse.json({ items: [found], total: 1, nextCursor: null })),
      http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
      http.get(`${API}/books/:id`, () => HttpResponse.json(book())),
    );
    const { services } = renderApp('/search?q=dune', { preloadedState: signedInState() });

    const card = within(await screen.findByRole('article', { name: 'Dune' }));
    await user.click(await card.findByRole('button', { name: bundlesCopy.add }));

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(bundlesCopy.added('Sam Seller'), 'success'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual(['/bundles/s1/books/b1']);
    expect(await card.findByRole('button', { name: bundlesCopy.view })).toBeInTheDocument();
  });

  it("adds a book from the seller's page to that seller's bundle, and offers nothing on the seller's own page", async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([], { shelf });
    server.use(
      http.get(`${API}/sellers/s1`, () => HttpResponse.json({ _id: 's1', name: 'Sam Seller', verified: true, memberSince: '2025-03-01', booksSold: 0, booksForSale: 1 })),
      http.get(`${API}/users/s1/reviews`, () => HttpResponse.json({ average: null, count: 0, completedShare: null, reviews: [] })),
      http.get(`${API}/books/search`, () => HttpResponse.json({ items: [found], total: 1, nextCursor: null })),
    );
    const page = () => (
      <Routes>
        <Route path="/sellers/:id" element={<SellerPage />} />
      </Routes>
    );
    const { unmount } = renderWithProviders(page(), { preloadedState: signedInState(), route: '/sellers/s1' });

    const card = within(await screen.findByRole('article', { name: 'Dune' }));
    await user.click(await card.findByRole('button', { name: bundlesCopy.add }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual(['/bundles/s1/books/b1']));
    unmount();

    localStorage.setItem('accessToken', tokenFor('s1'));
    renderWithProviders(page(), { preloadedState: signedInState({ isSeller: true }), route: '/sellers/s1' });
    await screen.findByRole('article', { name: 'Dune' });
    await screen.findByRole('button', { name: 'Save to favourites' });
    expect(screen.queryByRole('button', { name: bundlesCopy.add })).not.toBeInTheDocument();
  });
});
