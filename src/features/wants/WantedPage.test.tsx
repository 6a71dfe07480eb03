import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { aWant, serveWants } from './testSupport';

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('Wanted page', () => {
  it('lists each want by what it matches: the ISBN, or the words with their filters; its price limit and since when', async () => {
    serveWants([
      aWant({ _id: 'w2', isbn: '9780141439518', q: null, maxPrice: 12.5 }),
      aWant({ _id: 'w1', q: 'dune messiah', filters: { category: 'fiction', condition: 'Good', location: 'Dhaka', minPrice: 5 } }),
    ]);
    renderApp('/dashboard/wanted', { preloadedState: signedInState() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Wanted' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Wanted' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Book', 'Max price ($)', 'Since', 'Remove']);
    const [isbnRow, wordsRow] = within(table).getAllByRole('row').slice(1);
    expect(within(isbnRow).getByText('ISBN 9780141439518')).toBeInTheDocument();
    expect(within(isbnRow).getByText('$12.50')).toBeInTheDocument();
    expect(within(wordsRow).getByText('“dune messiah”')).toBeInTheDocument();
    expect(within(wordsRow).getByText('Category: fiction · Condition: Good · Location: Dhaka · from $5')).toBeInTheDocument();
    expect(within(wordsRow).getByText('Any price')).toBeInTheDocument();
  });

  it('removes a want with DELETE /wants/:id', async () => {
    const user = userEvent.setup();
    const calls = serveWants([aWant({ _id: 'w2', isbn: '9780141439518', q: null }), aWant()]);
    renderApp('/dashboard/wanted', { preloadedState: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Remove “dune”' }));

    await waitFor(() => expect(screen.queryByText('“dune”')).not.toBeInTheDocument());
    expect(screen.getByText('ISBN 9780141439518')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/wants/w1', authorization: 'bearer t0k' }]);
  });

  it('says how to want a book when there is none', async () => {
    serveWants([]);
    renderApp('/dashboard/wanted', { preloadedState: signedInState() });
    expect(await screen.findByText("Nothing wanted yet. When a search finds nothing, choose “Tell me when it's listed”.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search books' })).toHaveAttribute('href', '/search');
  });
});
