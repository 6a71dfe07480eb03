import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedOutState } from '../../testing/renderWithProviders';
import { SearchBox } from './SearchBox';

describe('navbar search box', () => {
  it('opens /search with the words on Enter', async () => {
    const { router } = renderWithProviders(<SearchBox />, { preloadedState: signedOutState(), route: '/blog' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search books' }), '  moby dick {Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?q=moby+dick'));
  });

  it('keeps the filters of the search page and starts again from the best match', async () => {
    const { router } = renderWithProviders(<SearchBox />, {
      preloadedState: signedOutState(), route: '/search?q=moby&condition=Fair&sort=price_asc',
    });
    const box = screen.getByRole('searchbox', { name: 'Search books' });
    expect(box).toHaveValue('moby');
    await userEvent.clear(box);
    await userEvent.type(box, 'cosmos{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cosmos&condition=Fair'));
  });

  it('"/" focuses it, but not while typing in another field', async () => {
    renderWithProviders(
      <>
        <input aria-label="Other field" />
        <SearchBox />
      </>,
      { preloadedState: signedOutState() },
    );
    await userEvent.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveFocus();
    await userEvent.click(screen.getByLabelText('Other field'));
    await userEvent.keyboard('/');
    expect(screen.getByLabelText('Other field')).toHaveFocus();
    expect(screen.getByLabelText('Other field')).toHaveValue('/');
  });
});
