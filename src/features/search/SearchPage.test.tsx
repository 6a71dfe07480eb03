import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedOutState } from '../../testing/renderWithProviders';
import { runPastRetries } from '../../testing/failures';
import { API, server } from '../../testing/server';
import { Component as SearchPage } from './SearchPage';
import type { FoundBook } from './searchApi';

const found = (n: number, overrides: Partial<FoundBook> = {}): FoundBook => ({
  _id: n.toString(16).padStart(24, '0'), name: `Pride and Prejudice ${n}`, author: 'Jane Austen', isbn: '9780141439518',
  img: 'http://127.0.0.1:5000/image-host/i/x.webp', location: 'Boston', resale_price: 6, orginal_price: 14,
  seller_name: 'Book Resale Store', uses: '2 years', date: '2024-01-15', category: 'fiction', condition: 'Good',
  description: '', verified: true, ...overrides,
});

/** The API's search: pages of 2 over `books`, recording every query it got. */
/** The search API over `books`, two a page; `countLimit`: it counts at most that many, as a large shop's does. */
function searchApi(books: FoundBook[], countLimit = Infinity) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/books/search`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const start = Number(params.get('cursor') ?? 0);
      const items = books.slice(start, start + 2);
      const nextCursor = start + 2 < books.length ? String(start + 2) : null;
      const counted = books.length > countLimit ? { total: countLimit, totalCapped: true } : { total: books.length };
      return HttpResponse.json({ items, ...counted, nextCursor });
    }),
    http.get(`${API}/bookCatagories`, () =>
      HttpResponse.json([{ _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: 'x' }]),
    ),
  );
  return asked;
}

const renderSearch = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/search" element={<SearchPage />} />
    </Routes>,
    { preloadedState: signedOutState(), route },
  );

describe('search page', () => {
  it('searches what the URL says, shows the count and marks the searched words', async () => {
    const asked = searchApi([found(1), found(2), found(3)]);
    renderSearch('/search?q=prejudice&condition=Good');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 books'));
    expect(asked[0].toString()).toBe('q=prejudice&condition=Good');
    const first = screen.getAllByRole('article')[0];
    expect(within(first).getByRole('heading')).toHaveTextContent('Pride and Prejudice 1');
    expect(first.querySelector('mark')).toHaveTextContent('Prejudice');
    expect(within(first).getByText('$6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “prejudice”');
  });

  it('loads more with the cursor and keeps what it showed', async () => {
    const asked = searchApi([found(1), found(2), found(3)]);
    renderSearch('/search?q=pride');
    await screen.findByText('Showing 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 3 of 3');
    expect(asked[1].get('cursor')).toBe('2');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "more than" when the API stopped counting', async () => {
    searchApi([found(1), found(2), found(3)], 2);
    renderSearch('/search?q=pride');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2+ books'));
    expect(screen.getByText('Showing 2 of 2+')).toBeInTheDocument();
  });

  it('puts filters and the sort in the URL', async () => {
    const asked = searchApi([found(1)]);
    const { router } = renderSearch('/search?q=pride');
    await screen.findByText('1 book');
    await userEvent.type(screen.getByLabelText('Max price ($)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pride&maxPrice=10'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(router.state.location.search).toBe('?q=pride&maxPrice=10&sort=price_asc'));
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('q=pride&maxPrice=10&sort=price_asc'));
  });

  it('refuses a malformed price without searching', async () => {
    searchApi([found(1)]);
    const { router } = renderSearch('/search?q=pride');
    await screen.findByText('1 book');
    await userEvent.type(screen.getByLabelText('Min price ($)'), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter an amount like 12 or 12.50')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=pride');
  });

  it('shows the filters of the URL again on Back', async () => {
    searchApi([found(1)]);
    const { router } = renderSearch('/search?q=pride&location=Boston');
    await screen.findByText('1 book');
    router.navigate('/search?q=pride&location=Denver');
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Denver'));
    router.navigate(-1 as unknown as string);
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Boston'));
  });

  it('keeps a price typed while a chosen condition is still being drawn', async () => {
    // The router draws a new URL a moment after the address bar shows it: a price typed in that
    // moment must not be wiped when the condition's search arrives.
    searchApi([found(1)]);
    const { router } = renderSearch('/search?q=pride');
    await screen.findByText('1 book');
    await userEvent.type(screen.getByLabelText('Max price ($)'), '10');
    await router.navigate('/search?q=pride&condition=Excillent');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('Excillent'));
    expect(screen.getByLabelText('Max price ($)')).toHaveValue('10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pride&maxPrice=10&condition=Excillent'));
  });

  it('clears what is typed and not applied with the filters', async () => {
    searchApi([found(1)]);
    const { router } = renderSearch('/search?q=pride&condition=Fair');
    await screen.findByText('1 book');
    await userEvent.type(screen.getByLabelText('Location'), 'Boston');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pride'));
    expect(screen.getByLabelText('Location')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('');
  });

  it('suggests loosening the filters when nothing matches, and clears them', async () => {
    searchApi([]);
    const { router } = renderSearch('/search?q=zzz&condition=Fair&maxPrice=2');
    expect(await screen.findByText('No books match this search.')).toBeInTheDocument();
    expect(screen.getByText('Try fewer words, check the spelling, or remove a filter.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
  });

  describe('on a phone', () => {
    // The button shows below 600 px only (CSS); `hidden` finds it whatever width jsdom's styles assume.
    const filtersButton = (name: string | RegExp) => screen.getByRole('button', { name, hidden: true });

    it('keeps the filters behind a button that counts them, and applies the dialog\'s choices together on Apply', async () => {
      const asked = searchApi([found(1)]);
      const { router } = renderSearch('/search?q=pride&condition=Good');
      await screen.findByText('1 book');
      await userEvent.click(filtersButton('Filters (1)'));
      const dialog = await screen.findByRole('dialog', { name: 'Filters' });
      expect(within(dialog).getByRole('combobox', { name: 'Condition' })).toHaveValue('Good');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Fiction');
      await userEvent.type(within(dialog).getByLabelText('Min price ($)'), '5');
      // Nothing is searched until Apply.
      expect(router.state.location.search).toBe('?q=pride&condition=Good');
      const searches = asked.length;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(router.state.location.search).toBe('?q=pride&category=fiction&minPrice=5&condition=Good'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(asked.length).toBe(searches + 1);
      expect(filtersButton('Filters (3)')).toBeInTheDocument();
    });

    it('clears every filter from the dialog and keeps the words and the sort', async () => {
      searchApi([found(1)]);
      const { router } = renderSearch('/search?q=pride&condition=Good&location=Boston&sort=newest');
      await screen.findByText('1 book');
      await userEvent.click(filtersButton('Filters (2)'));
      const dialog = await screen.findByRole('dialog', { name: 'Filters' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(router.state.location.search).toBe('?q=pride&sort=newest'));
      expect(filtersButton('Filters')).toBeInTheDocument();
    });

    it('closes on Escape without searching, and a bad price keeps it open', async () => {
      const asked = searchApi([found(1)]);
      const { router } = renderSearch('/search?q=pride');
      await screen.findByText('1 book');
      await userEvent.click(filtersButton('Filters'));
      let dialog = await screen.findByRole('dialog', { name: 'Filters' });
      await userEvent.type(within(dialog).getByLabelText('Max price ($)'), '1.234');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
      expect(within(dialog).getByText('Enter an amount like 12 or 12.50')).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(router.state.location.search).toBe('?q=pride');
      expect(asked).toHaveLength(1);
      // Opened again, it starts from the URL's filters, not what was typed and left.
      await userEvent.click(filtersButton('Filters'));
      dialog = await screen.findByRole('dialog', { name: 'Filters' });
      expect(within(dialog).getByLabelText('Max price ($)')).toHaveValue('');
    });
  });

  it('says so when the search fails, and tries again', async () => {
    // The search is asked again after 1, 2 and 4 s: a fake clock runs past those waits.
    jest.useFakeTimers();
    try {
      let calls = 0;
      server.use(
        http.get(`${API}/books/search`, () => {
          calls += 1;
          return calls <= 4 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json({ items: [found(1)], total: 1, nextCursor: null });
        }),
        http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
      );
      renderSearch('/search?q=pride');
      await runPastRetries();
      expect(await screen.findByText('The search could not be run. Check your connection and try again.')).toBeInTheDocument();
      expect(calls).toBe(4);
      await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('1 book')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
