import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as SellerPage } from './SellerPage';

const SELLER = 'c'.repeat(24);
const book = (n: number) => ({
  _id: n.toString(16).padStart(24, '0'), name: `Book ${n}`, author: 'A. Writer', isbn: null, img: 'x', location: 'Boston',
  resale_price: 5, orginal_price: 10, seller_name: 'Vera Seller', uses: '1 year', date: '2026-11-01', category: 'fiction',
  condition: 'Good', description: '', verified: true,
});

const renderSeller = () =>
  renderWithProviders(
    <Routes>
      <Route path="/sellers/:id" element={<SellerPage />} />
    </Routes>,
    { preloadedState: signedOutState(), route: `/sellers/${SELLER}` },
  );

describe('seller page', () => {
  it("shows the seller, the tick, membership and counts, and pages through their books", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/sellers/${SELLER}`, () =>
        HttpResponse.json({ _id: SELLER, name: 'Vera Seller', verified: true, memberSince: '2025-03-01', booksSold: 4, booksForSale: 3 }),
      ),
      http.get(`${API}/users/${SELLER}/reviews`, () => HttpResponse.json({ average: null, count: 0, completedShare: null, reviews: [] })),
      http.get(`${API}/books/search`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.toString());
        return params.get('cursor')
          ? HttpResponse.json({ items: [book(3)], total: 3, nextCursor: null })
          : HttpResponse.json({ items: [book(1), book(2)], total: 3, nextCursor: 'next' });
      }),
    );
    renderSeller();
    expect(await screen.findByRole('heading', { level: 1, name: /Vera Seller/ })).toBeInTheDocument();
    expect(screen.getByTitle('verified seller')).toBeInTheDocument();
    expect(screen.getByText('Member since 2025-03-01 · 4 books sold · 3 books for sale')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Book 1' })).toHaveAttribute('href', `/books/${(1).toString(16).padStart(24, '0')}`);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Book 3' })).toBeInTheDocument();
    expect(asked).toEqual([`seller=${SELLER}&sort=newest`, `seller=${SELLER}&sort=newest&cursor=next`]);
    expect(document.title).toBe('Vera Seller · Book Resale');
  });

  it('says so for an unknown seller', async () => {
    server.use(http.get(`${API}/sellers/${SELLER}`, () => HttpResponse.json({ message: 'No such seller' }, { status: 404 })));
    renderSeller();
    expect(await screen.findByRole('heading', { name: 'No such seller.' })).toBeInTheDocument();
  });
});
