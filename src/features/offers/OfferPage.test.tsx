import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { offersCopy } from './copy';
import { aCounteredOffer, anOffer, BUYER, SELLER, serveOffers, tokenFor } from './testSupport';
import type { Offer, OfferSide } from './types';

function renderOffer(offer: Offer, reader: OfferSide | 'admin', options: Parameters<typeof serveOffers>[2] = {}) {
  localStorage.setItem('accessToken', tokenFor(reader === 'buyer' ? BUYER : reader === 'seller' ? SELLER : 'admin-1'));
  const served = serveOffers([offer], () => (reader === 'seller' ? 'seller' : 'buyer'), options);
  const rendered = renderApp(`/dashboard/offers/${offer.id}`, {
    preloadedState: signedInState({ isSeller: reader === 'seller', isAdmin: reader === 'admin' }),
  });
  return { ...served, ...rendered };
}

/** The offer's facts as the page lists them, term by term. */
const detailsOf = () => {
  const terms = document.querySelectorAll('main dl dt');
  return Object.fromEntries(Array.from(terms).map((term) => [term.textContent, term.nextElementSibling?.textContent]));
};

const historyOf = () =>
  within(screen.getByRole('table', { name: offersCopy.history }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent));

const movesShown = () => screen.queryByRole('region', { name: offersCopy.moves });

describe('an offer for the seller it waits for', () => {
  it('shows the books, the asking price, the amount on the table, whose turn, time left and history, with Accept, Counter and Decline', async () => {
    renderOffer(anOffer(), 'seller');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer for Dune' })).toBeInTheDocument();
    expect(detailsOf()).toMatchObject({
      State: 'Pending',
      Books: 'Dune · $20.00',
      'Asking price': '$20.00',
      'On the table': '$14.00',
      Turn: offersCopy.yourTurn,
      'Time left': '1 day 23 hours left',
      Delivery: 'Meet-up',
    });
    expect(historyOf()).toEqual([['Buyer', 'Offered', '$14.00']]);
    const moves = movesShown()!;
    expect(within(moves).getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept $14.00', 'Counter', 'Decline']);
  });

  it("counters between the buyer's last amount and the asking price, both excluded; the turn passes to the buyer", async () => {
    const user = userEvent.setup();
    const { calls } = renderOffer(anOffer(), 'seller');
    await user.click(await screen.findByRole('button', { name: offersCopy.counter }));
    const dialog = await screen.findByRole('dialog', { name: offersCopy.counterTitle });
    const range = offersCopy.counterRange('$14.00', '$20.00');
    expect(within(dialog).getAllByText(range).length).toBeGreaterThan(0);

    const amount = within(dialog).getByRole('textbox', { name: /Your counter/ });
    for (const outside of ['20', '14', '25']) {
      await user.clear(amount);
      await user.type(amount, outside);
      await user.click(within(dialog).getByRole('button', { name: offersCopy.sendCounter }));
      expect(await within(dialog).findByText(offersCopy.errors.counterRange('$14.00', '$20.00'))).toBeInTheDocument();
    }
    await user.clear(amount);
    await user.type(amount, '18');
    await user.click(within(dialog).getByRole('button', { name: offersCopy.sendCounter }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/offers/of1/counter', authorization: `bearer ${tokenFor(SELLER)}`, body: { amount: 18 } },
    ]);
    await waitFor(() => expect(detailsOf()).toMatchObject({ 'On the table': '$18.00', Turn: offersCopy.waitingFor('buyer') }));
    expect(movesShown()).not.toBeInTheDocument();
    expect(historyOf()).toEqual([
      ['Buyer', 'Offered', '$14.00'],
      ['You', 'Countered', '$18.00'],
    ]);
  });

  it("shows the API's refusal of a counter in its dialog", async () => {
    const user = userEvent.setup();
    const refusal = 'A counter lies between $14.00 and $20.00';
    renderOffer(anOffer(), 'seller', { refuse: () => HttpResponse.json({ message: refusal }, { status: 409 }) });
    await user.click(await screen.findByRole('button', { name: offersCopy.counter }));
    const dialog = await screen.findByRole('dialog', { name: offersCopy.counterTitle });
    await user.type(within(dialog).getByRole('textbox', { name: /Your counter/ }), '15');
    await user.click(within(dialog).getByRole('button', { name: offersCopy.sendCounter }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('declines after asking once more', async () => {
    const user = userEvent.setup();
    const { calls, services } = renderOffer(anOffer(), 'seller');
    await user.click(await screen.findByRole('button', { name: offersCopy.decline }));
    const confirm = await screen.findByRole('dialog', { name: offersCopy.decline });
    expect(confirm).toHaveTextContent(offersCopy.confirmDecline);
    await user.click(within(confirm).getByRole('button', { name: offersCopy.decline }));

    await waitFor(() => expect(detailsOf()).toMatchObject({ State: 'Declined' }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/offers/of1/decline']);
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.declined, 'success');
    expect(movesShown()).not.toBeInTheDocument();
  });

  it('after accepting, a seller is led to the order', async () => {
    const user = userEvent.setup();
    renderOffer(anOffer(), 'seller');
    await user.click(await screen.findByRole('button', { name: 'Accept $14.00' }));
    expect(await screen.findByRole('link', { name: offersCopy.viewOrder })).toHaveAttribute('href', '/dashboard/orders/o9');
    expect(screen.queryByRole('link', { name: offersCopy.payNow })).not.toBeInTheDocument();
  });
});

describe('an offer for the buyer', () => {
  it('shows no moves while it waits for the seller', async () => {
    renderOffer(anOffer(), 'buyer');
    await screen.findByRole('heading', { level: 1, name: 'Offer for Dune' });
    expect(detailsOf()).toMatchObject({ Turn: offersCopy.waitingFor('seller') });
    expect(movesShown()).not.toBeInTheDocument();
    expect(historyOf()).toEqual([['You', 'Offered', '$14.00']]);
  });

  it("counters a counter between their own last amount and the seller's last counter", async () => {
    const user = userEvent.setup();
    renderOffer(aCounteredOffer(), 'buyer');
    await user.click(await screen.findByRole('button', { name: offersCopy.counter }));
    const dialog = await screen.findByRole('dialog', { name: offersCopy.counterTitle });
    expect(within(dialog).getAllByText(offersCopy.counterRange('$14.00', '$18.00')).length).toBeGreaterThan(0);
  });

  it('accepts the counter, then pays its order on the payment page', async () => {
    const user = userEvent.setup();
    const { calls, services } = renderOffer(aCounteredOffer(), 'buyer');
    await user.click(await screen.findByRole('button', { name: 'Accept $18.00' }));

    const pay = await screen.findByRole('link', { name: offersCopy.payNow });
    expect(pay).toHaveAttribute('href', '/dashboard/payment/o9');
    expect(screen.getByText(offersCopy.payHint)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/offers/of1/accept']);
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.accepted('$18.00'), 'success');
    expect(movesShown()).not.toBeInTheDocument();
  });
});

describe('an offer for an admin, and one that is not there', () => {
  it('an admin reads it without moves', async () => {
    renderOffer(anOffer(), 'admin');
    expect(await screen.findByText(offersCopy.adminReads)).toBeInTheDocument();
    expect(movesShown()).not.toBeInTheDocument();
    expect(historyOf()).toEqual([['Buyer', 'Offered', '$14.00']]);
  });

  it('an unknown offer (or someone else’s) says so, with a way to the offers', async () => {
    localStorage.setItem('accessToken', tokenFor(BUYER));
    serveOffers([], () => 'buyer');
    renderApp('/dashboard/offers/nope', { preloadedState: signedInState() });
    expect(await screen.findByText(offersCopy.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: offersCopy.backToOffers })).toHaveAttribute('href', '/dashboard/offers');
  });
});
