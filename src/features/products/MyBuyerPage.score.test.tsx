import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { aBooking } from '../../testing/fixtures';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as MyBuyerPage } from './MyBuyerPage';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

it("shows the seller each buyer's score under their name", async () => {
  server.use(
    http.get(`${API}/mybuyers`, () =>
      HttpResponse.json([
        aBooking({ cusTomername: 'Bina Buyer', buyerScore: { average: 3.96, count: 5, completedShare: 0.8 } }),
        aBooking({ _id: 'b2', cusTomername: 'Nell New', buyerScore: { average: null, count: 0, completedShare: null } }),
        // An older answer: no score.
        aBooking({ _id: 'b3', cusTomername: 'Olga Old' }),
      ]),
    ),
  );
  renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) });
  const bina = await screen.findByRole('row', { name: /Bina Buyer/ });
  expect(within(bina).getByRole('img', { name: 'Rated 4.0 of 5 by 5 reviews' })).toBeInTheDocument();
  expect(within(bina).getByText('4.0 (5)')).toBeInTheDocument();
  expect(within(bina).getByText('80% completed')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Nell New/ })).getByText(copy.reviews.none)).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Olga Old/ })).getAllByRole('cell')[0]).toHaveTextContent(/^Olga Old$/);
});
