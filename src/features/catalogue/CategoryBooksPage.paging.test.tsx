import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { installIntersectionObserver } from '../../testing/intersectionObserver';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Book } from '../../types/entities';
import { dune } from './testBooks';

const viewport = installIntersectionObserver();

/** A category of `count` books: Book 1, Book 2, … */
const shelf = (count: number): Book[] =>
  Array.from({ length: count }, (_, i) => ({ ...dune, _id: `b${i + 1}`, name: `Book ${i + 1}`, resale_price: i + 1 }));

interface Call {
  limit: string | null;
  cursor: string | null;
}

/**
 * GET /bookCatagoriesId/fiction as the API pages it: `limit` books after `cursor` ("after-<n>"),
 * with a Link header while more follow. `fail` answers a page with 403 instead, once.
 */
function pagedCategory(books: Book[], { fail }: { fail?: string } = {}) {
  const calls: Call[] = [];
  let failed = false;
  server.use(
    http.get(`${API}/bookCatagoriesId/fiction`, ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const cursor = url.searchParams.get('cursor');
      calls.push({ limit: url.searchParams.get('limit'), cursor });
      if (cursor !== null && cursor === fail && !failed) {
        failed = true;
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }
      const start = cursor === null ? 0 : Number(cursor.replace('after-', ''));
      const page = books.slice(start, start + limit);
      const end = start + page.length;
      const headers: Record<string, string> =
        end < books.length ? { Link: `<${API}/bookCatagoriesId/fiction?limit=${limit}&cursor=after-${end}>; rel="next"` } : {};
      return HttpResponse.json(page, { headers });
    }),
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([{ _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: '' }])),
    // The buyer's bookings, for 'Booked': none.
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
  );
  return calls;
}

const cards = () => screen.queryAllByRole('article');
const listEnd = () => screen.getByTestId('book-list-end');
const blockOf = (name: string) => screen.getByRole('article', { name }).parentElement as HTMLElement;

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('the category page, a page at a time', () => {
  it('shows the first 24 books first, and the next 24 once the end of the list scrolls near', async () => {
    const calls = pagedCategory(shelf(53));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    await screen.findByRole('article', { name: 'Book 1' });
    expect(cards()).toHaveLength(24);
    expect(screen.getByRole('status')).toHaveTextContent('24 books shown');
    expect(calls).toEqual([{ limit: '24', cursor: null }]);

    viewport.scrollNear(listEnd());
    await screen.findByRole('article', { name: 'Book 48' });
    expect(cards()).toHaveLength(48);
    expect(calls[1]).toEqual({ limit: '24', cursor: 'after-24' });
  });

  it('keeps loading while the end stays in sight, and stops at the last page', async () => {
    const calls = pagedCategory(shelf(53));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    await screen.findByRole('article', { name: 'Book 1' });

    // A tall screen: the end is still near after each page arrives.
    viewport.scrollNear(listEnd());
    await screen.findByRole('article', { name: 'Book 53' });
    expect(cards()).toHaveLength(53);
    expect(calls.map((call) => call.cursor)).toEqual([null, 'after-24', 'after-48']);
    expect(screen.queryByRole('button', { name: copy.books.loadMore })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('53 books shown');
  });

  it("loads more with the 'Load more' button, without scrolling", async () => {
    const user = userEvent.setup();
    const calls = pagedCategory(shelf(30));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    await screen.findByRole('article', { name: 'Book 1' });

    await user.click(screen.getByRole('button', { name: copy.books.loadMore }));

    await screen.findByRole('article', { name: 'Book 30' });
    expect(cards()).toHaveLength(30);
    expect(calls).toEqual([{ limit: '24', cursor: null }, { limit: '24', cursor: 'after-24' }]);
    expect(screen.queryByRole('button', { name: copy.books.loadMore })).not.toBeInTheDocument();
  });

  it('shows no button and asks for nothing more when the first page is the whole list', async () => {
    const calls = pagedCategory(shelf(24));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    await screen.findByRole('article', { name: 'Book 24' });

    viewport.scrollNear(listEnd());
    expect(screen.queryByRole('button', { name: copy.books.loadMore })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says when the next page failed, and the button tries again', async () => {
    const user = userEvent.setup();
    const calls = pagedCategory(shelf(30), { fail: 'after-24' });
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    await screen.findByRole('article', { name: 'Book 1' });

    viewport.scrollNear(listEnd());
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.books.loadMoreFailed);
    expect(cards()).toHaveLength(24);

    await user.click(screen.getByRole('button', { name: copy.books.loadMore }));
    await screen.findByRole('article', { name: 'Book 30' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.map((call) => call.cursor)).toEqual([null, 'after-24', 'after-24']);
  });

  it('releases the cards of a page far from the viewport, keeping its height, and brings them back', async () => {
    pagedCategory(shelf(72));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    await screen.findByRole('article', { name: 'Book 1' });
    viewport.scrollNear(listEnd());
    await screen.findByRole('article', { name: 'Book 72' });
    expect(cards()).toHaveLength(72);

    const firstPage = blockOf('Book 1');
    viewport.scrollAway(firstPage, 4480);
    expect(cards()).toHaveLength(48);
    expect(screen.queryByRole('article', { name: 'Book 1' })).not.toBeInTheDocument();
    expect(firstPage).toHaveStyle({ height: '4480px' });
    expect(screen.getByRole('article', { name: 'Book 25' })).toBeInTheDocument();

    viewport.scrollNear(firstPage);
    expect(cards()).toHaveLength(72);
    expect(within(firstPage).getByRole('article', { name: 'Book 1' })).toBeInTheDocument();
    expect(firstPage).not.toHaveStyle({ height: '4480px' });
  });

  it('opens the booking modal from a later page, and it stays open when that page is released', async () => {
    const user = userEvent.setup();
    pagedCategory(shelf(48));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
    await screen.findByRole('article', { name: 'Book 1' });
    viewport.scrollNear(listEnd());
    const card = await screen.findByRole('article', { name: 'Book 40' });
    const secondPage = blockOf('Book 40');

    await user.click(within(card).getByRole('button', { name: copy.books.bookNow }));
    const modal = await screen.findByRole('dialog', { name: 'Book 40' });
    expect(within(modal).getByLabelText(copy.booking.bookName)).toHaveValue('Book 40');

    viewport.scrollAway(secondPage, 4480);
    // Behind the modal the page is hidden from the accessibility tree; the card is gone from the DOM.
    expect(screen.queryByRole('article', { name: 'Book 40', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Book 40' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: copy.booking.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
