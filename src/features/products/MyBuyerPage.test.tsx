import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Booking } from '../../types/entities';
import { Component as MyBuyerPage } from './MyBuyerPage';

const booking = (overrides: Partial<Booking>): Booking => ({
  _id: 'b1',
  bookId: 'p1',
  bookName: 'Dune',
  cusTomername: 'Bina Buyer',
  email: 'bina@example.com',
  location: 'Dhaka',
  phone: '0123',
  resale_price: 12,
  paid: false,
  ...overrides,
});

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Buyer page', () => {
  it("lists who booked the seller's books and whether they paid", async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(`${API}/mybuyers`, ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json([
          booking({}),
          booking({ _id: 'b2', bookName: 'Emma', cusTomername: 'Paul Payer', email: 'paul@example.com', resale_price: 8, paid: true }),
        ]);
      }),
    );
    renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) });

    expect(screen.getByRole('heading', { name: 'My Buyer' })).toBeInTheDocument();
    const bina = await screen.findByRole('row', { name: /Bina Buyer/ });
    expect(bina).toHaveTextContent('bina@example.com');
    expect(bina).toHaveTextContent('Dune');
    expect(bina).toHaveTextContent('$12');
    expect(within(bina).getByText('unpaid')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Paul Payer/ })).getByText('paid')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Buyer', 'Email', 'Book', 'Price', 'Status']);
    expect(authorizations).toEqual(['bearer t0k']);
  });

  it('is an empty page with a short note when no one has booked yet', async () => {
    server.use(http.get(`${API}/mybuyers`, () => HttpResponse.json([])));
    renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) });

    expect(await screen.findByText('No one has booked your books yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your products' })).toHaveAttribute('href', '/dashboard/myproducts');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
