import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { orderCopy } from './copy';
import { anOrder } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Order } from '../../types/entities';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

const serve = (order: Order) => server.use(http.get(`${API}/bookings/:id`, () => HttpResponse.json(order)));

/** The facts' description list as [term, value] pairs. */
const facts = () => {
  const section = screen.getByRole('region', { name: orderCopy.delivery });
  const terms = within(section).getAllByRole('term').map((term) => term.textContent);
  const values = within(section).getAllByRole('definition').map((value) => value.textContent);
  return terms.map((term, index) => [term, values[index]]);
};

describe('the order page of an order of several books', () => {
  it('names the order by its first book and lists each book with its price, the discount, shipping and the total', async () => {
    serve(
      anOrder({
        _id: 'o7',
        delivery: { method: 'shipping', address: '1 Main St' },
        lines: [
          { bookId: 'b1', name: 'Dune', price: 10 },
          { bookId: 'b2', name: 'Emma', price: 9 },
          { bookId: 'b3', name: 'Middlemarch', price: 8 },
        ],
        discount: 2.7,
        resale_price: 24.3,
        shipping_price: 5.5,
        total: 29.8,
      }),
    );
    renderApp('/dashboard/orders/o7', { preloadedState: signedInState() });

    expect(await screen.findByRole('heading', { level: 1, name: orderCopy.title('Dune + 2 more') })).toBeInTheDocument();
    expect(facts()).toEqual([
      [orderCopy.seller, 'Sam Seller'],
      ['Dune', '$10'],
      ['Emma', '$9'],
      ['Middlemarch', '$8'],
      [orderCopy.discount, '−$2.70'],
      [orderCopy.shipping, '$5.50'],
      [orderCopy.total, '$29.80'],
      [orderCopy.delivery, orderCopy.shippingTo('1 Main St')],
    ]);
  });

  it('leaves the discount out when there was none', async () => {
    serve(anOrder({ _id: 'o7', lines: [{ bookId: 'b1', name: 'Dune', price: 10 }, { bookId: 'b2', name: 'Emma', price: 9 }], discount: 0, resale_price: 19, total: 19 }));
    renderApp('/dashboard/orders/o7', { preloadedState: signedInState() });

    await screen.findByRole('heading', { level: 1, name: orderCopy.title('Dune + 1 more') });
    expect(facts().map(([term]) => term)).toEqual([orderCopy.seller, 'Dune', 'Emma', orderCopy.total, orderCopy.delivery]);
  });

  it('reads as before for an order of one book (one line)', async () => {
    serve(anOrder({ _id: 'o8', lines: [{ bookId: 'book-1', name: 'Dune', price: 12 }], discount: 0 }));
    renderApp('/dashboard/orders/o8', { preloadedState: signedInState() });

    await screen.findByRole('heading', { level: 1, name: orderCopy.title('Dune') });
    expect(facts()).toEqual([
      [orderCopy.seller, 'Sam Seller'],
      [orderCopy.price, '$12'],
      [orderCopy.delivery, orderCopy.meetup],
    ]);
  });
});
