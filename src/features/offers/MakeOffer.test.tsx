import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderApp, renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { aBook, aBundle, serveBundles, THREE_BOOKS } from '../bundles/testSupport';
import { Component as BookPage } from '../catalogue/BookPage';
import { dune } from '../catalogue/testBooks';
import { offersCopy } from './copy';
import { BUYER, SELLER, serveOffers, tokenFor } from './testSupport';

// Dune at $8, a meet-up or shipping at $3.
const book = (overrides: Partial<BookDetails> = {}): BookDetails => ({
  ...dune,
  sold: false,
  sellerId: SELLER,
  delivery: { meetup: true, shipping: true, shippingPrice: 3 },
  ...overrides,
});

function renderBookPage(details: BookDetails, state = signedInState()) {
  server.use(
    http.get(`${API}/books/:id`, () => HttpResponse.json(details)),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/books/:id" element={<BookPage />} />
    </Routes>,
    { preloadedState: state, route: '/books/b1' },
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: offersCopy.make });
  await user.click(button);
  return screen.findByRole('dialog', { name: offersCopy.dialogTitle });
}

beforeEach(() => localStorage.setItem('accessToken', tokenFor(BUYER)));

describe('Make an offer on the book page', () => {
  it("says the asking price and that an offer binds; sends the amount and delivery once, then opens the offer's page", async () => {
    const user = userEvent.setup();
    const { calls } = serveOffers([], () => 'buyer');
    const { services } = renderBookPage(book());

    expect(await screen.findByRole('button', { name: offersCopy.make })).toHaveAccessibleDescription('Dune');
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent(offersCopy.asking('$8.00'));
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('binding'));
    expect(within(dialog).getByText(offersCopy.binding)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: offersCopy.meetup })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: offersCopy.shipping('$3.00') }));
    await user.type(within(dialog).getByRole('textbox', { name: /Your offer/ }), '6.5');
    await user.type(within(dialog).getByRole('textbox', { name: /Shipping address/ }), '1 Book Street');
    await user.click(within(dialog).getByRole('button', { name: offersCopy.send }));

    await waitFor(() => expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/offers/of1'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/offers',
        authorization: `bearer ${tokenFor(BUYER)}`,
        body: { bookIds: ['b1'], amount: 6.5, delivery: { method: 'shipping', address: '1 Book Street' } },
      },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.sent, 'success');
  });

  it('refuses an empty amount, one at or above the asking price, a malformed one and a shipping without address, before sending', async () => {
    const user = userEvent.setup();
    const { calls } = serveOffers([], () => 'buyer');
    renderBookPage(book());
    const dialog = await openDialog(user);
    const amount = within(dialog).getByRole('textbox', { name: /Your offer/ });

    await user.click(within(dialog).getByRole('button', { name: offersCopy.send }));
    expect(await within(dialog).findByText(offersCopy.errors.amount)).toBeInTheDocument();
    await user.type(amount, '8');
    await user.tab();
    expect(await within(dialog).findByText(offersCopy.errors.belowAsking('$8.00'))).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.tab();
    expect(await within(dialog).findByText(offersCopy.errors.positive)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5.555');
    await user.tab();
    expect(await within(dialog).findByText(offersCopy.errors.amount)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(within(dialog).getByRole('radio', { name: offersCopy.shipping('$3.00') }));
    await user.click(within(dialog).getByRole('button', { name: offersCopy.send }));
    expect(await within(dialog).findByText(offersCopy.errors.address)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(offersCopy.amountHint('$8.00'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the API's refusal (a fourth offer) in the dialog, which stays open; Escape closes it", async () => {
    const user = userEvent.setup();
    const refusal = 'You made 3 offers on these books already: no more can be made';
    serveOffers([], () => 'buyer', { refuse: () => HttpResponse.json({ message: refusal }, { status: 409 }) });
    const { services } = renderBookPage(book());
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Your offer/ }), '6');
    await user.click(within(dialog).getByRole('button', { name: offersCopy.send }));

    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(services.navigation.navigate).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: offersCopy.make })).toHaveFocus();
  });

  it('offers only the delivery the book offers: a meet-up for a book listed without a choice', async () => {
    const user = userEvent.setup();
    serveOffers([], () => 'buyer');
    renderBookPage(book({ delivery: undefined }));
    const dialog = await openDialog(user);
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['meetup']);
  });

  it("is not offered on one's own book, a sold book or to a visitor", async () => {
    serveOffers([], () => 'buyer');
    localStorage.setItem('accessToken', tokenFor(SELLER));
    const own = renderBookPage(book());
    await screen.findByRole('button', { name: 'Save to favourites' });
    // Time for the button's chunk to come: it renders nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: offersCopy.make })).not.toBeInTheDocument();
    own.unmount();

    localStorage.setItem('accessToken', tokenFor(BUYER));
    const sold = renderBookPage(book({ sold: true }));
    await screen.findByText('This book has been sold.');
    expect(screen.queryByRole('button', { name: offersCopy.make })).not.toBeInTheDocument();
    sold.unmount();

    renderBookPage(book(), signedOutState());
    await screen.findByRole('button', { name: 'Book Now' });
    expect(screen.queryByRole('button', { name: offersCopy.make })).not.toBeInTheDocument();
  });

  it('is not offered on a listing whose seller takes no offers', async () => {
    serveOffers([], () => 'buyer');
    renderBookPage(book({ takesOffers: false }));
    await screen.findByRole('button', { name: 'Save to favourites' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: offersCopy.make })).not.toBeInTheDocument();
  });
});

describe('Make an offer for a bundle', () => {
  it("offers for the bundle's available books, below their subtotal, by the deliveries they share", async () => {
    const user = userEvent.setup();
    serveBundles([aBundle({ books: THREE_BOOKS.slice(0, 2), unavailable: [{ ...aBook({ bookId: 'b3', name: 'Middlemarch' }), reason: 'Sold' }] })]);
    const { calls } = serveOffers([], () => 'buyer');
    const { services } = renderApp('/dashboard/bundles', { preloadedState: signedInState() });

    const card = await screen.findByRole('region', { name: 'From Sam Seller' });
    await user.click(await within(card).findByRole('button', { name: offersCopy.makeForBundle }));
    const dialog = await screen.findByRole('dialog', { name: offersCopy.dialogTitle });
    expect(dialog).toHaveTextContent('Dune and 1 more book');
    expect(dialog).toHaveTextContent(offersCopy.asking('$19.00'));
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['meetup', 'shipping']);

    const amount = within(dialog).getByRole('textbox', { name: /Your offer/ });
    await user.type(amount, '19');
    await user.tab();
    expect(await within(dialog).findByText(offersCopy.errors.belowAsking('$19.00'))).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '15');
    await user.click(within(dialog).getByRole('button', { name: offersCopy.send }));

    await waitFor(() => expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/offers/of1'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ bookIds: ['b1', 'b2'], amount: 15, delivery: { method: 'meetup' } });
  });

  it('is not offered for a bundle whose books are all gone', async () => {
    serveBundles([aBundle({ books: [], unavailable: [{ ...aBook(), reason: 'Sold' }] })]);
    renderApp('/dashboard/bundles', { preloadedState: signedInState() });
    await screen.findByRole('region', { name: 'From Sam Seller' });
    expect(screen.queryByRole('button', { name: offersCopy.makeForBundle })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: offersCopy.make })).not.toBeInTheDocument();
  });
});
