import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { copy } from '../../config/copy';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { Component as BundlesPage } from './BundlesPage';
import { bundlesCopy } from './copy';
import { aBook, aBundle, priced, serveBundles, THREE_BOOKS } from './testSupport';
import type { Bundle } from './types';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/bundles" element={<BundlesPage />} />
      <Route path="/dashboard/payment/:id" element={<h1>Payment</h1>} />
    </Routes>,
    { preloadedState: signedInState(), route: '/dashboard/bundles' },
  );
}

const bundleOf = async (seller = 'Sam Seller') => within(await screen.findByRole('region', { name: bundlesCopy.from(seller) }));

/** The totals as [term, value] pairs. */
const totals = (bundle: { getAllByRole(role: 'term'): HTMLElement[] }) => bundle.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('Bundles page', () => {
  it("lists each seller's bundle: its books with their prices, the seller's terms, the discount, one shipping and the total", async () => {
    serveBundles([aBundle(), aBundle({ seller: { id: 's2', name: 'Nora Novel' }, books: [aBook({ bookId: 'b7', name: 'Ulysses', price: 6 })] })]);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: bundlesCopy.title })).toBeInTheDocument();
    const sam = await bundleOf();
    const books = within(sam.getByRole('list', { name: bundlesCopy.from('Sam Seller') }));
    expect(books.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dune$10Remove', 'Emma$9Remove', 'Middlemarch$8Remove']);
    expect(books.getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/books/b1');
    expect(sam.getByText('10% off 3 or more books · Each additional book ships for $1.50')).toBeInTheDocument();
    expect(totals(sam)).toEqual([
      ['Books (3)', '$27'],
      ['Bundle discount (10%)', '−$2.70'],
      ['Shipping', '$7'],
      ['Total', '$31.30'],
    ]);
    const nora = await bundleOf('Nora Novel');
    expect(totals(nora)).toEqual([
      ['Books (1)', '$6'],
      ['Shipping', '$4'],
      ['Total', '$10'],
    ]);
  });

  it('reads the figures again for the delivery chosen, and asks an address only for shipping', async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([aBundle()]);
    renderPage();
    const sam = await bundleOf();
    expect(sam.getByRole('radio', { name: copy.delivery.shipping })).toBeChecked();
    expect(sam.getByRole('textbox', { name: copy.delivery.address })).toBeInTheDocument();

    await user.click(sam.getByRole('radio', { name: copy.delivery.meetup }));

    await waitFor(() => expect(totals(sam)).toContainEqual(['Total', '$24.30']));
    expect(totals(sam)).toContainEqual(['Shipping', bundlesCopy.noShipping]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /bundles', 'GET /bundles/s1?delivery=meetup']);
    expect(sam.queryByRole('textbox', { name: copy.delivery.address })).not.toBeInTheDocument();
  });

  it('offers only the deliveries every book offers', async () => {
    serveBundles([aBundle({ books: [aBook(), aBook({ bookId: 'b2', name: 'Emma', shippingPrice: null })] })]);
    renderPage();
    const sam = await bundleOf();
    expect(sam.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['meetup']);
    expect(sam.getByRole('radio', { name: copy.delivery.meetup })).toBeChecked();
  });

  it('removes a book with DELETE; the bundle is priced again without it', async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([aBundle()]);
    renderPage();
    const sam = await bundleOf();

    await user.click(sam.getByRole('button', { name: bundlesCopy.removeLabel('Emma') }));
    // The focus is not lost with the row: it waits on the bundle's heading.
    expect(sam.getByRole('heading', { level: 2, name: bundlesCopy.from('Sam Seller') })).toHaveFocus();

    await waitFor(() => expect(sam.queryByText('Emma')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/bundles/s1/books/b2', authorization: 'bearer t0k' }]);
    await waitFor(() =>
      expect(totals(sam)).toEqual([
        ['Books (2)', '$18'],
        ['Shipping', '$5.50'],
        ['Total', '$23.50'],
      ]),
    );
  });

  it('marks the books sold since they were added, with why, out of the total', async () => {
    serveBundles([aBundle({ books: THREE_BOOKS.slice(0, 2), unavailable: [{ ...aBook({ bookId: 'b3', name: 'Middlemarch', price: 8 }), reason: 'Sold to another buyer' }] })]);
    renderPage();
    const sam = await bundleOf();

    const gone = within(sam.getByRole('list', { name: bundlesCopy.unavailable }));
    expect(gone.getByText('Middlemarch')).toBeInTheDocument();
    expect(gone.getByText('Sold to another buyer')).toBeInTheDocument();
    expect(gone.getByRole('button', { name: bundlesCopy.removeLabel('Middlemarch') })).toBeInTheDocument();
    expect(sam.getByText(bundlesCopy.unavailableHint)).toBeInTheDocument();
    expect(totals(sam)).toContainEqual(['Books (2)', '$19']);
  });

  it('checks out with the contact fields and the delivery, then goes to the payment page of the order', async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([aBundle()]);
    const { router } = renderPage();
    const sam = await bundleOf();

    expect(sam.getByRole('textbox', { name: copy.booking.name })).toHaveValue('Rita Reader');
    expect(sam.getByRole('textbox', { name: copy.booking.email })).toHaveValue('reader@example.com');
    await user.type(sam.getByRole('textbox', { name: copy.booking.phone }), '0123');
    await user.type(sam.getByRole('textbox', { name: copy.booking.location }), 'Dhaka');
    await user.click(sam.getByRole('button', { name: bundlesCopy.checkout }));
    // Shipping needs an address: nothing is sent without it.
    expect(await sam.findByText(copy.delivery.addressRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(sam.getByRole('textbox', { name: copy.delivery.address }), '1 Main St');
    await user.click(sam.getByRole('button', { name: bundlesCopy.checkout }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/payment/o1');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/bundles/s1/checkout',
        authorization: 'bearer t0k',
        body: {
          email: 'reader@example.com',
          cusTomername: 'Rita Reader',
          location: 'Dhaka',
          phone: '0123',
          delivery: { method: 'shipping', address: '1 Main St' },
        },
      },
    ]);
  });

  it("says why a checkout was refused (a book sold meanwhile) and shows the book as no longer available", async () => {
    const user = userEvent.setup();
    const { calls } = serveBundles([aBundle()], {
      checkout: (bundles) => {
        const bundle = bundles.get('s1') as Bundle;
        const [emma] = bundle.books.filter((book) => book.bookId === 'b2');
        bundles.set('s1', priced({ ...bundle, books: bundle.books.filter((book) => book !== emma), unavailable: [{ ...emma, reason: 'Sold to another buyer' }] }));
        return HttpResponse.json({ message: 'Emma was sold to another buyer: check out again without it' }, { status: 409 });
      },
    });
    const { services, router } = renderPage();
    const sam = await bundleOf();

    await user.click(sam.getByRole('radio', { name: copy.delivery.meetup }));
    await user.click(sam.getByRole('button', { name: bundlesCopy.checkout }));

    await waitFor(() =>
      expect(services.notifier.notify).toHaveBeenCalledWith('Emma was sold to another buyer: check out again without it', 'error'),
    );
    const gone = within(await sam.findByRole('list', { name: bundlesCopy.unavailable }));
    expect(gone.getByText('Emma')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/bundles');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it('says how to start one when there is none', async () => {
    serveBundles([]);
    renderPage();
    expect(await screen.findByText(bundlesCopy.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: bundlesCopy.browse })).toHaveAttribute('href', '/search');
  });

  it('is in the dashboard menu of anyone signed in', async () => {
    serveBundles([]);
    renderApp('/dashboard/bundles', { preloadedState: signedInState() });
    const menu = await screen.findByRole('navigation', { name: 'dashboard' });
    expect(within(menu).getByRole('link', { name: copy.menu.bundles })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: bundlesCopy.title })).toBeInTheDocument();
  });
});
