import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { offersCopy } from './copy';
import { aCounteredOffer, anOffer, BUYER, SELLER, serveOffers, tokenFor } from './testSupport';

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('/dashboard/offers', () => {
  it("lists a buyer's offers made: the books, the amount on the table, whose turn, time left and state; no Received tab", async () => {
    localStorage.setItem('accessToken', tokenFor(BUYER));
    const { calls } = serveOffers(
      [
        aCounteredOffer(),
        anOffer({
          id: 'of2', state: 'declined', awaiting: undefined, expiresAt: null,
          books: [{ bookId: 'b2', name: 'Emma', price: 9 }, { bookId: 'b3', name: 'Middlemarch', price: 8 }, { bookId: 'b4', name: 'Ulysses', price: 5 }],
        }),
      ],
      () => 'buyer',
    );
    renderApp('/dashboard/offers', { preloadedState: signedInState() });

    const table = await screen.findByRole('table', { name: `${offersCopy.title}: ${offersCopy.made}` });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(rowsOf(table)).toEqual([
      ['Dune', '$18.00', offersCopy.yourTurn, '1 day 23 hours left', 'Pending'],
      ['Emma and 2 more books', '$14.00', '—', '—', 'Declined'],
    ]);
    expect(within(table).getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/dashboard/offers/of1');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/offers?role=buyer']);
  });

  it('shows a seller the offers received on their tab, and filters by state through the address', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', tokenFor(SELLER));
    const { calls } = serveOffers([anOffer(), anOffer({ id: 'of2', state: 'expired', awaiting: undefined, expiresAt: null })], () => 'seller');
    const { router } = renderApp('/dashboard/offers', { preloadedState: signedInState({ isSeller: true }) });

    const received = await screen.findByRole('tab', { name: offersCopy.received });
    expect(screen.getByRole('tab', { name: offersCopy.made })).toHaveAttribute('aria-selected', 'true');
    await user.click(received);
    expect(received).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: offersCopy.received });
    const table = await within(panel).findByRole('table', { name: `${offersCopy.title}: ${offersCopy.received}` });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(rowsOf(table)[0]).toEqual(['Dune', '$14.00', offersCopy.yourTurn, '1 day 23 hours left', 'Pending']);

    await user.selectOptions(within(panel).getByRole('combobox', { name: offersCopy.stateFilter }), 'expired');
    await waitFor(() => expect(rowsOf(screen.getByRole('table'))).toEqual([['Dune', '$14.00', '—', '—', 'Expired']]));
    expect(router.state.location.search).toBe('?role=seller&state=expired');
    expect(calls.map((call) => call.path)).toEqual(['/offers?role=buyer', '/offers?role=seller', '/offers?role=seller&state=expired']);
  });

  it('says when there is nothing: none made (with a way to the books), none received, none of a state', async () => {
    localStorage.setItem('accessToken', tokenFor(SELLER));
    serveOffers([], () => 'seller');
    const { router } = renderApp('/dashboard/offers', { preloadedState: signedInState({ isSeller: true }) });
    expect(await screen.findByText(offersCopy.emptyMade)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: offersCopy.browse })).toHaveAttribute('href', '/search');

    router.navigate('/dashboard/offers?role=seller');
    expect(await screen.findByText(offersCopy.emptyReceived)).toBeInTheDocument();
    router.navigate('/dashboard/offers?role=seller&state=accepted');
    expect(await screen.findByText(offersCopy.emptyState('Accepted'))).toBeInTheDocument();
  });

  it('says the list failed, never an empty list, and shows it after Retry', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', tokenFor(BUYER));
    let fail = true;
    server.use(
      http.get(`${API}/offers`, () => (fail ? HttpResponse.json({ message: 'Not allowed' }, { status: 403 }) : HttpResponse.json([anOffer()]))),
    );
    renderApp('/dashboard/offers', { preloadedState: signedInState() });
    expect(await screen.findByText(offersCopy.failed, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(offersCopy.emptyMade)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Dune' })).toBeInTheDocument();
  });
});
