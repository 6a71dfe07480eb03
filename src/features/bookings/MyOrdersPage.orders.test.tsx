import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { anOrder, aBooking } from '../../testing/fixtures';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as MyBuyerPage } from '../products/MyBuyerPage';
import { Component as MyOrdersPage } from './MyOrdersPage';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe("orders' state in the lists", () => {
  it("My Orders: each title links to its order page, with the order's state and next deadline; the spec's columns stay", async () => {
    server.use(
      http.get(`${API}/bookings`, () =>
        HttpResponse.json([
          anOrder({ _id: 'b1', state: 'booked', paid: false, deadline: { kind: 'pay', at: '2025-11-28T12:00:00.000Z' } }),
          anOrder({ _id: 'b2', bookName: 'Emma', state: 'ready' }),
          aBooking({ _id: 'b3', bookName: 'Old answer' }),
        ]),
      ),
    );
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState(), route: '/dashboard' });

    const dune = within((await screen.findByRole('link', { name: 'Dune' })).closest('tr')!);
    expect(dune.getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/dashboard/orders/b1');
    expect(dune.getByText('Booked')).toBeInTheDocument();
    expect(dune.getByText('Pay by Friday 28 November')).toBeInTheDocument();
    expect(dune.getByRole('link', { name: copy.orders.pay })).toHaveAttribute('href', '/dashboard/payment/b1');

    const emma = within(screen.getByRole('link', { name: 'Emma' }).closest('tr')!);
    expect(emma.getByText('Ready')).toBeInTheDocument();
    expect(emma.getByText('Collect by Friday 28 November')).toBeInTheDocument();
    expect(emma.getByText(copy.orders.paid)).toBeInTheDocument();

    // An answer without the order's fields shows as before.
    expect(screen.getByRole('link', { name: 'Old answer' })).toHaveAttribute('href', '/dashboard/orders/b3');
    expect(screen.getAllByRole('columnheader').map((th) => th.firstChild?.textContent)).toEqual(['#', 'Image', 'Title', 'Price', 'Delete']);
  });

  it('My Orders: a booking that ended unpaid (cancelled, expired) offers no Pay', async () => {
    server.use(
      http.get(`${API}/bookings`, () =>
        HttpResponse.json([
          anOrder({ _id: 'b1', state: 'expired', paid: false, deadline: null }),
          anOrder({ _id: 'b2', bookName: 'Emma', state: 'cancelled', paid: false, deadline: null }),
        ]),
      ),
    );
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState(), route: '/dashboard' });
    const dune = within((await screen.findByRole('link', { name: 'Dune' })).closest('tr')!);
    expect(dune.getByText('Expired')).toBeInTheDocument();
    expect(dune.queryByRole('link', { name: copy.orders.pay })).not.toBeInTheDocument();
    const emma = within(screen.getByRole('link', { name: 'Emma' }).closest('tr')!);
    expect(emma.getByText('Cancelled')).toBeInTheDocument();
    expect(emma.queryByRole('link', { name: copy.orders.pay })).not.toBeInTheDocument();
  });

  it("My Buyer: each book links to its order, and the status is the order's state with what the seller must do by when", async () => {
    server.use(
      http.get(`${API}/mybuyers`, () =>
        HttpResponse.json([
          anOrder({ viewer: 'seller', cusTomername: 'Bina Buyer', deadline: { kind: 'ship', at: '2025-11-28T12:00:00.000Z' } }),
        ]),
      ),
    );
    renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) });
    const row = within(await screen.findByRole('row', { name: /Bina Buyer/ }));
    expect(row.getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/dashboard/orders/b1');
    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(row.getByText('Ship by Friday 28 November')).toBeInTheDocument();
  });
});
