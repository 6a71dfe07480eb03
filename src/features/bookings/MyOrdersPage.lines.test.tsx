import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { anOrder } from '../../testing/fixtures';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as MyBuyerPage } from '../products/MyBuyerPage';
import { Component as MyOrdersPage } from './MyOrdersPage';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

/** A bundle's order: three books of one seller, 10% off them, one shipping. */
const bundleOrder = anOrder({
  _id: 'o7',
  bookName: 'Dune',
  state: 'booked',
  paid: false,
  deadline: null,
  lines: [
    { bookId: 'b1', name: 'Dune', price: 10 },
    { bookId: 'b2', name: 'Emma', price: 9 },
    { bookId: 'b3', name: 'Middlemarch', price: 8 },
  ],
  discount: 2.7,
  resale_price: 24.3,
  shipping_price: 5.5,
  total: 29.8,
});

/** An order of one book, as every order answers now: one line. */
const oneBook = anOrder({ _id: 'o8', bookName: 'Persuasion', lines: [{ bookId: 'b9', name: 'Persuasion', price: 12 }], discount: 0 });

describe('an order of several books in the lists', () => {
  it('My Orders: one row, named by its first book and how many more, its books listed under it; an order of one book reads as before', async () => {
    server.use(http.get(`${API}/bookings`, () => HttpResponse.json([bundleOrder, oneBook])));
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState(), route: '/dashboard' });

    const link = await screen.findByRole('link', { name: 'Dune + 2 more' });
    expect(link).toHaveAttribute('href', '/dashboard/orders/o7');
    const row = within(link.closest('tr')!);
    expect(row.getByRole('list', { name: copy.orderLines.books }).textContent).toBe('DuneEmmaMiddlemarch');
    expect(row.getByText('$24.30')).toBeInTheDocument();
    expect(row.getByRole('link', { name: copy.orders.pay })).toHaveAttribute('href', '/dashboard/payment/o7');
    expect(row.getByRole('button', { name: copy.orders.deleteLabel('Dune + 2 more') })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);

    const single = within(screen.getByRole('link', { name: 'Persuasion' }).closest('tr')!);
    expect(single.queryByRole('list', { name: copy.orderLines.books })).not.toBeInTheDocument();
    expect(single.getByRole('button', { name: copy.orders.deleteLabel('Persuasion') })).toBeInTheDocument();
  });

  it('My Buyer: one row for the order, its books listed under its name', async () => {
    server.use(http.get(`${API}/mybuyers`, () => HttpResponse.json([{ ...bundleOrder, viewer: 'seller' }, { ...oneBook, viewer: 'seller' }])));
    renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }), route: '/dashboard/mybuyer' });

    const link = await screen.findByRole('link', { name: 'Dune + 2 more' });
    expect(link).toHaveAttribute('href', '/dashboard/orders/o7');
    const row = within(link.closest('tr')!);
    expect(within(row.getByRole('list', { name: copy.orderLines.books })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dune',
      'Emma',
      'Middlemarch',
    ]);
    expect(row.getByText('$24.30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Persuasion' }).parentElement?.tagName).toBe('TD');
  });
});
