import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { dune } from '../catalogue/testBooks';
import { serveCategories } from '../products/testSupport';
import { offersCopy, offerTermsCopy } from './copy';
import { aCounteredOffer, anOffer, BUYER, SELLER, serveOffers, tokenFor } from './testSupport';

let viewport: { restore(): void } | undefined;
afterEach(() => viewport?.restore());
serveCategories();

describe.each([390, 1280])('offers at %i px', (width) => {
  beforeEach(() => {
    viewport = setViewportWidth(width);
  });

  it("a seller's offers received pass axe, and so does the empty list", async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', tokenFor(SELLER));
    const fromAnother = { buyerId: 'buyer-9' };
    serveOffers([anOffer(fromAnother), anOffer({ ...fromAnother, id: 'of2', state: 'accepted', awaiting: undefined, expiresAt: null, orderId: 'o9' })], () => 'seller');
    renderApp('/dashboard/offers?role=seller', { preloadedState: signedInState({ isSeller: true }) });
    await screen.findAllByRole('link', { name: 'Dune' });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: offersCopy.made }));
    await screen.findByText(offersCopy.emptyMade);
    expect(await axeViolations()).toEqual([]);
  });

  it("an offer's page passes axe with its moves, the counter dialog with its error, and the decline's confirmation", async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', tokenFor(BUYER));
    serveOffers([aCounteredOffer()], () => 'buyer');
    renderApp('/dashboard/offers/of1', { preloadedState: signedInState() });
    await screen.findByRole('region', { name: offersCopy.moves });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: offersCopy.counter }));
    const dialog = await screen.findByRole('dialog', { name: offersCopy.counterTitle });
    await user.click(within(dialog).getByRole('button', { name: offersCopy.sendCounter }));
    await within(dialog).findByText(offersCopy.errors.amount);
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: offersCopy.decline }));
    await screen.findByRole('dialog', { name: offersCopy.decline });
    expect(await axeViolations()).toEqual([]);
  });

  it('an accepted offer passes axe with Pay now', async () => {
    localStorage.setItem('accessToken', tokenFor(BUYER));
    serveOffers([aCounteredOffer({ state: 'accepted', awaiting: undefined, expiresAt: null, orderId: 'o9' })], () => 'buyer');
    renderApp('/dashboard/offers/of1', { preloadedState: signedInState() });
    await screen.findByRole('link', { name: offersCopy.payNow });
    expect(await axeViolations()).toEqual([]);
  });

  it("the book page's Make an offer and its dialog, with errors, pass axe", async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', tokenFor(BUYER));
    serveOffers([], () => 'buyer');
    server.use(
      http.get(`${API}/books/:id`, () => HttpResponse.json({ ...dune, sold: false, sellerId: SELLER, delivery: { meetup: true, shipping: true, shippingPrice: 3 } })),
      http.get(`${API}/bookings`, () => HttpResponse.json([])),
    );
    renderApp('/books/b1', { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: offersCopy.make }));
    const dialog = await screen.findByRole('dialog', { name: offersCopy.dialogTitle });
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: offersCopy.shipping('$3.00') }));
    await user.click(within(dialog).getByRole('button', { name: offersCopy.send }));
    await within(dialog).findByText(offersCopy.errors.address);
    expect(await axeViolations()).toEqual([]);
  });

  it("a listing's offer terms pass axe", async () => {
    localStorage.setItem('accessToken', 't0k');
    server.use(
      http.get(`${API}/products/:id`, () =>
        HttpResponse.json({
          _id: 'p1', name: 'Dune', price: 12, phone: '1', location: 'Dhaka', condition: 'Good', description: 'A desert planet',
          image: 'http://127.0.0.1:5000/image-host/i/dune.png', category: 'fiction', offers: { enabled: true, autoDeclineBelow: 6, autoAcceptFrom: null },
        }),
      ),
    );
    renderApp('/dashboard/products/p1/edit', { preloadedState: signedInState({ isSeller: true }) });
    await screen.findByRole('region', { name: offerTermsCopy.title });
    expect(await axeViolations()).toEqual([]);
  });
});
