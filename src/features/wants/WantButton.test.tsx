import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as SearchPage } from '../search/SearchPage';
import { signedOut } from '../auth/authSlice';
import { aWant, serveWants } from './testSupport';

/** A search that finds nothing. */
beforeEach(() => {
  localStorage.setItem('accessToken', 't0k');
  server.use(
    http.get(`${API}/books/search`, () => HttpResponse.json({ items: [], total: 0, nextCursor: null })),
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([{ _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: 'x' }])),
  );
});

const renderSearch = (route: string, state = signedInState()) =>
  renderWithProviders(
    <Routes>
      <Route path="/search" element={<SearchPage />} />
      <Route path="/login" element={<p>Log in here</p>} />
    </Routes>,
    { preloadedState: state, route },
  );

describe("Tell me when it's listed", () => {
  it('saves a search that found nothing, its words and filters, with a toast; the button is then spent', async () => {
    const user = userEvent.setup();
    const calls = serveWants();
    const { services } = renderSearch('/search?q=dune+messiah&category=fiction&condition=Good&maxPrice=10');

    await screen.findByText('No books match this search.');
    const tellMe = screen.getByRole('button', { name: "Tell me when it's listed" });
    await user.click(tellMe);

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith("Saved: we'll tell you when it's listed", 'success'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/wants',
        authorization: 'bearer t0k',
        body: { q: 'dune messiah', filters: { category: 'fiction', condition: 'Good', maxPrice: '10' } },
      },
    ]);
    expect(tellMe).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits, disabled, until the session is known, then sends a visitor to log in', async () => {
    const user = userEvent.setup();
    const calls = serveWants();
    const loading = signedOutState();
    const { store, router } = renderSearch('/search?q=dune', { ...loading, auth: { ...loading.auth!, status: 'loading' } });
    await screen.findByText('No books match this search.');
    const tellMe = screen.getByRole('button', { name: "Tell me when it's listed" });
    expect(tellMe).toBeDisabled();

    store.dispatch(signedOut());
    await waitFor(() => expect(tellMe).toBeEnabled());
    await user.click(tellMe);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says why a want was refused beside the button', async () => {
    const user = userEvent.setup();
    serveWants([], () => HttpResponse.json({ message: 'You already want this' }, { status: 409 }));
    renderSearch('/search?q=dune');

    await user.click(await screen.findByRole('button', { name: "Tell me when it's listed" }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You already want this');
    expect(screen.getByRole('button', { name: "Tell me when it's listed" })).toBeEnabled();
  });

  it('asks an ISBN search for the most the buyer would pay, then saves the ISBN with it', async () => {
    const user = userEvent.setup();
    const calls = serveWants();
    const { services } = renderSearch('/search?q=978-0-14-143951-8');

    await user.click(await screen.findByRole('button', { name: "Tell me when it's listed" }));
    const dialog = await screen.findByRole('dialog', { name: "Tell me when it's listed" });
    expect(dialog).toHaveAccessibleDescription('ISBN 978-0-14-143951-8');
    const price = within(dialog).getByLabelText('Max price ($)');
    await user.type(price, '12.505');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount like 12 or 12.50')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ isbn: '978-0-14-143951-8', maxPrice: '12.50' }]);
    expect(services.notifier.notify).toHaveBeenCalledWith("Saved: we'll tell you when it's listed", 'success');
    expect(screen.getByRole('button', { name: "Tell me when it's listed" })).toBeDisabled();
  });

  it('saves an ISBN want without a price when none is given; a refusal shows in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = serveWants([], () =>
      refuse
        ? HttpResponse.json({ message: 'You can keep at most 100 wants' }, { status: 409 })
        : HttpResponse.json(aWant({ isbn: '9780141439518', q: null })),
    );
    renderSearch('/search?q=0141439513');

    await user.click(await screen.findByRole('button', { name: "Tell me when it's listed" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You can keep at most 100 wants')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ isbn: '0141439513' }, { isbn: '0141439513' }]);
  });

  it('sends a visitor to log in first, to come back to the same search', async () => {
    const user = userEvent.setup();
    const calls = serveWants();
    const { router } = renderSearch('/search?q=dune', signedOutState());

    await user.click(await screen.findByRole('button', { name: "Tell me when it's listed" }));

    expect(await screen.findByText('Log in here')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/search?q=dune' });
    expect(calls).toHaveLength(0);
  });

  it('is not offered for a search without words', async () => {
    serveWants();
    renderSearch('/search?category=fiction');
    await screen.findByText('No books match this search.');
    expect(screen.queryByRole('button', { name: "Tell me when it's listed" })).not.toBeInTheDocument();
  });
});
