import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { BookCard } from '../catalogue/BookCard';
import { Component as BookPage } from '../catalogue/BookPage';
import { dune } from '../catalogue/testBooks';
import { aFavourite, serveFavourites } from './testSupport';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

const renderCard = (state = signedInState()) => renderWithProviders(<BookCard book={dune} onBook={jest.fn()} />, { preloadedState: state });

describe('the heart on a book card', () => {
  it('saves the book at once (before the API answers) with PUT /favourites/:bookId, and says it is saved', async () => {
    const user = userEvent.setup();
    const { calls, release } = serveFavourites([], { hold: true });
    renderCard();

    const card = screen.getByRole('article', { name: 'Dune' });
    const heart = await within(card).findByRole('button', { name: 'Save to favourites' });
    await waitFor(() => expect(calls).toEqual([{ method: 'GET', path: '/favourites', authorization: 'bearer t0k' }]));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleDescription('Dune');

    await user.click(heart);
    // The API has not answered yet: the heart is already pressed.
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Remove from favourites');
    await waitFor(() => expect(calls[1]).toEqual({ method: 'PUT', path: '/favourites/b1', authorization: 'bearer t0k' }));

    release();
    // Once the API agrees, the list is read again, and the heart stays pressed.
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('is pressed for a saved book, and DELETE takes it out', async () => {
    const user = userEvent.setup();
    const { calls } = serveFavourites([aFavourite()]);
    renderCard();

    const heart = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);

    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName('Save to favourites');
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /favourites', 'DELETE /favourites/b1', 'GET /favourites']));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('springs back when the API refuses, and says why', async () => {
    const user = userEvent.setup();
    serveFavourites([], { refuse: () => HttpResponse.json({ message: 'You can keep at most 500 favourites' }, { status: 409 }) });
    const { services } = renderCard();

    const heart = await screen.findByRole('button', { name: 'Save to favourites' });
    await user.click(heart);

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('You can keep at most 500 favourites', 'error'));
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(heart).toHaveAccessibleName('Save to favourites');
  });

  it("sends a visitor to log in and back to the page, and asks nothing of the API", async () => {
    const user = userEvent.setup();
    const { calls } = serveFavourites([]);
    const { router } = renderWithProviders(<BookCard book={dune} onBook={jest.fn()} />, { preloadedState: signedOutState(), route: '/search?q=dune' });

    const heart = screen.getByRole('button', { name: 'Save to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);

    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/search?q=dune' });
    expect(calls).toHaveLength(0);
  });
});

describe('the heart on the book page', () => {
  it('saves the book shown', async () => {
    const user = userEvent.setup();
    const { calls } = serveFavourites([]);
    server.use(
      http.get(`${API}/books/:id`, () => HttpResponse.json({ ...dune, sold: false, sellerId: null })),
      http.get(`${API}/bookings`, () => HttpResponse.json([])),
    );
    renderWithProviders(
      <Routes>
        <Route path="/books/:id" element={<BookPage />} />
      </Routes>,
      { preloadedState: signedInState(), route: '/books/b1' },
    );

    const heart = await screen.findByRole('button', { name: 'Save to favourites' });
    expect(heart).toHaveAccessibleDescription('Dune');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/favourites/b1')).toBe(true));
  });
});
