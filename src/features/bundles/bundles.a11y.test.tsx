import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { dune } from '../catalogue/testBooks';
import { bundlesCopy, shopPolicyCopy } from './copy';
import { aBook, aBundle, POLICY, serveBundles, servePolicy, THREE_BOOKS, tokenFor } from './testSupport';

let viewport: { restore(): void } | undefined;
afterEach(() => viewport?.restore());

describe.each([390, 1280])('bundles at %i px', (width) => {
  beforeEach(() => {
    viewport = setViewportWidth(width);
    localStorage.setItem('accessToken', tokenFor('buyer-1'));
  });

  it('the bundles page passes axe, with an unavailable book and a bundle of one book', async () => {
    serveBundles([
      aBundle({ books: THREE_BOOKS.slice(0, 2), unavailable: [{ ...aBook({ bookId: 'b3', name: 'Middlemarch' }), reason: 'Sold to another buyer' }] }),
      aBundle({ seller: { id: 's2', name: 'Nora Novel' }, books: [aBook({ bookId: 'b7', name: 'Ulysses', shippingPrice: null })] }),
    ]);
    renderApp('/dashboard/bundles', { preloadedState: signedInState() });
    await screen.findByRole('region', { name: bundlesCopy.from('Nora Novel') });
    expect(await axeViolations()).toEqual([]);
  });

  it('the empty bundles page passes axe', async () => {
    serveBundles([]);
    renderApp('/dashboard/bundles', { preloadedState: signedInState() });
    await screen.findByText(bundlesCopy.empty);
    expect(await axeViolations()).toEqual([]);
  });

  it('the shop policy page passes axe, also with its errors shown', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', tokenFor('s1'));
    servePolicy(POLICY);
    renderApp('/dashboard/shop-policy', { preloadedState: signedInState({ isSeller: true }) });
    await screen.findByRole('group', { name: shopPolicyCopy.discountGroup(1) });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: shopPolicyCopy.addDiscount }));
    await user.click(screen.getByRole('button', { name: shopPolicyCopy.save }));
    await screen.findByText(shopPolicyCopy.errors.percent);
    expect(await axeViolations()).toEqual([]);
  });

  it("the book page's Add to bundle passes axe", async () => {
    serveBundles([]);
    server.use(
      http.get(`${API}/books/:id`, () => HttpResponse.json({ ...dune, sold: false, sellerId: 's1' })),
      http.get(`${API}/bookings`, () => HttpResponse.json([])),
    );
    renderApp('/books/b1', { preloadedState: signedInState() });
    await screen.findByRole('button', { name: bundlesCopy.add });
    expect(await axeViolations()).toEqual([]);
  });
});
