import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { aFavourite, serveFavourites } from './testSupport';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Favourites page', () => {
  it('lists the saved books with their price, marks a sold one and a price lower than when saved', async () => {
    serveFavourites([
      aFavourite(),
      aFavourite({ bookId: 'b2', name: 'Emma', author: 'Jane Austen', price: 9, savedPrice: 12 }),
      aFavourite({ bookId: 'b3', name: 'Middlemarch', author: '', price: 6, savedPrice: 6, sold: true }),
    ]);
    renderApp('/dashboard/favourites', { preloadedState: signedInState() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
    await screen.findByText('Emma');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Image', 'Title', 'Price', 'Remove']);
    expect(within(rowOf('Dune')).getByRole('link', { name: 'Dune' })).toHaveAttribute('href', '/books/b1');
    expect(within(rowOf('Dune')).getByText('by Frank Herbert')).toBeInTheDocument();
    expect(within(rowOf('Dune')).queryByText('Sold')).not.toBeInTheDocument();
    expect(within(rowOf('Emma')).getByText('$9')).toBeInTheDocument();
    expect(within(rowOf('Emma')).getByText('Was $12 when saved')).toBeInTheDocument();
    expect(within(rowOf('Middlemarch')).getByText('Sold')).toBeInTheDocument();
    expect(within(rowOf('Middlemarch')).queryByText(/^Was /)).not.toBeInTheDocument();
  });

  it('removes a book with DELETE /favourites/:bookId; the row goes at once', async () => {
    const user = userEvent.setup();
    const { calls } = serveFavourites([aFavourite(), aFavourite({ bookId: 'b2', name: 'Emma' })]);
    renderApp('/dashboard/favourites', { preloadedState: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Remove Dune' }));

    await waitFor(() => expect(screen.queryByText('Dune')).not.toBeInTheDocument());
    expect(screen.getByText('Emma')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/favourites/b1', authorization: 'bearer t0k' }]));
  });

  it('says how to fill it when it is empty', async () => {
    serveFavourites([]);
    renderApp('/dashboard/favourites', { preloadedState: signedInState() });
    expect(await screen.findByText('No favourites yet. Tap the heart on a book to keep it here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is in the dashboard menu of anyone signed in', async () => {
    serveFavourites([]);
    renderApp('/dashboard/favourites', { preloadedState: signedInState() });
    const menu = await screen.findByRole('navigation', { name: 'dashboard' });
    expect(within(menu).getByRole('link', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page');
  });
});
