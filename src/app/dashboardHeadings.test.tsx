import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aBooking } from '../testing/fixtures';
import { renderApp, signedInState } from '../testing/renderWithProviders';
import { API, server } from '../testing/server';
import type { RootState } from './store';

/*
 * Every dashboard page titles itself on one scale: the same typography variant for each page's
 * h1, whichever page, state or role it is.
 */

const admin = signedInState({ isAdmin: true, isSeller: true });
const seller = signedInState({ isSeller: true });
const buyer = signedInState();

const pages: Array<[string, string, Partial<RootState>, string]> = [
  ['My Orders', '/dashboard', buyer, 'My Orders'],
  ['All seller', '/dashboard/allseller', admin, 'All seller'],
  ['All Buyer', '/dashboard/allbuyer', admin, 'All Buyer'],
  ['Add Product', '/dashboard/addproducts', seller, 'Add Product'],
  ['My Products', '/dashboard/myproducts', seller, 'My Products'],
  ['My Buyer', '/dashboard/mybuyer', seller, 'My Buyer'],
  ['My Earnings', '/dashboard/earnings', seller, 'My Earnings'],
  ['Edit listing', '/dashboard/products/p1/edit', seller, 'Edit listing'],
  ['Favourites', '/dashboard/favourites', buyer, 'Favourites'],
  ['Wanted', '/dashboard/wanted', buyer, 'Wanted'],
  ['Bundles', '/dashboard/bundles', buyer, 'Bundles'],
  ['Bundle shipping and discounts', '/dashboard/shop-policy', seller, 'Bundle shipping and discounts'],
  ['Offers', '/dashboard/offers', seller, 'Offers'],
  ['an unknown offer', '/dashboard/offers/nope', buyer, 'Offers'],
  ['Messages', '/dashboard/messages', buyer, 'Messages'],
  ['an unknown thread', '/dashboard/messages/nope', buyer, 'No such conversation.'],
  ['Payouts', '/dashboard/payouts', admin, 'Payouts'],
  ['Reports', '/dashboard/reports', admin, 'Reports'],
  ['a paid booking', '/dashboard/payment/b1', buyer, 'payment for Dune'],
  ['an unknown booking', '/dashboard/payment/nope', buyer, "We couldn't find this booking"],
  ['a seller page, to a buyer', '/dashboard/mybuyer', buyer, 'You need a seller account for this page'],
];

beforeEach(() => {
  localStorage.setItem('accessToken', 't0k');
  server.use(
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
    http.get(`${API}/bookings/:id`, ({ params }) =>
      params.id === 'b1' ? HttpResponse.json(aBooking({ paid: true })) : HttpResponse.json({ message: 'No such booking' }, { status: 404 }),
    ),
    http.get(`${API}/seller`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get(`${API}/buyer`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
    http.get(`${API}/products`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get(`${API}/products/:id`, () => HttpResponse.json({ message: 'No such product' }, { status: 404 })),
    http.get(`${API}/wants`, () => HttpResponse.json([])),
    http.get(`${API}/offers`, () => HttpResponse.json([])),
    http.get(`${API}/offers/:id`, () => HttpResponse.json({ message: 'No such offer' }, { status: 404 })),
    http.get(`${API}/mybuyers`, () => HttpResponse.json([])),
    http.get(`${API}/earnings`, () =>
      HttpResponse.json({
        balance: { pending: 0, available: 0, inTransit: 0, paidOut: 0 },
        account: { state: 'none', due: [] },
        commission: { percent: 8, min: 0.5, payoutMin: 1 },
      }),
    ),
    http.get(`${API}/earnings/entries`, () => HttpResponse.json([])),
    http.get(`${API}/admin/payouts`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get(`${API}/admin/payouts/waiting`, () => HttpResponse.json([])),
    http.get(`${API}/admin/commission`, () => HttpResponse.json([])),
    http.get(`${API}/admin/reconciliation`, () => HttpResponse.json(null)),
    http.get(`${API}/admin/reports`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  );
});

it.each(pages)('%s: its heading is on the dashboard scale', async (_name, route, state, title) => {
  renderApp(route, { preloadedState: state });
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  expect(heading).toHaveClass('MuiTypography-h2');
});
