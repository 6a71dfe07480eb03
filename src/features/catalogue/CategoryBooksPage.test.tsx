import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import configureMockStore from 'redux-mock-store';
import type { AppStore, RootState } from '../../app/store';
import { copy } from '../../config/copy';
import { renderApp, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Book } from '../../types/entities';
import { setupStore } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { rolesLoaded } from '../roles/roleSlice';
import { catalogueApi } from './catalogueApi';
import { makeLoader } from './CategoryBooksPage';
import { dune, emma } from './testBooks';
import { trackStore } from '../../testing/storeRegistry';

interface Seen {
  path: string;
  search: string;
  authorization: string | null;
}

/** Answers GET /bookCatagoriesId[/:id] and records each call. */
function answerBooks(answer: () => Response) {
  const seen: Seen[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    seen.push({ path: url.pathname, search: url.search, authorization: request.headers.get('authorization') });
    return answer();
  };
  server.use(
    http.get(`${API}/bookCatagoriesId/:id`, record),
    http.get(`${API}/bookCatagoriesId`, record),
    // The buyer's bookings, for 'Booked': none.
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
    // The heading names the category from the category list.
    http.get(`${API}/bookCatagories`, () =>
      HttpResponse.json([{ _id: 'c1', name: 'Fiction', category_id: '1', category: 'fiction', img: '' }]),
    ),
  );
  return seen;
}

/** The value shown beside a label in a book card's details. */
function detail(card: HTMLElement, label: string): HTMLElement {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('CategoryBooksPage', () => {
  it('fetches the category with the bearer token before the page shows', async () => {
    const seen = answerBooks(() => HttpResponse.json<Book[]>([dune, emma]));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    await screen.findByRole('heading', { level: 1, name: copy.books.categoryTitle('Fiction') });
    // The page arrives with its data: no empty state, no progress bar in between.
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText(copy.books.empty)).not.toBeInTheDocument();
    // One page of 24: the list pages as it scrolls.
    expect(seen).toEqual([{ path: '/bookCatagoriesId/fiction', search: '?limit=24', authorization: 'bearer t0k' }]);
  });

  it('shows every field of a book on its card', async () => {
    answerBooks(() => HttpResponse.json<Book[]>([dune, emma]));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    const dunesCard = await screen.findByRole('article', { name: 'Dune' });
    expect(within(dunesCard).getByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    // The title opens the book's own page.
    expect(within(dunesCard).getByRole('link', { name: 'Dune' })).toHaveAttribute('href', `/books/${dune._id}`);
    const image = within(dunesCard).getByRole('img', { name: 'Dune' });
    expect(image).toHaveAttribute('src', dune.img);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(detail(dunesCard, copy.books.seller)).toHaveTextContent('Sam Seller');
    expect(detail(dunesCard, copy.books.location)).toHaveTextContent('Dhaka');
    expect(detail(dunesCard, copy.books.contact)).toHaveTextContent('+880 1711 000000');
    expect(detail(dunesCard, copy.books.originalPrice)).toHaveTextContent('$20');
    expect(detail(dunesCard, copy.books.resalePrice)).toHaveTextContent('$8');
    expect(detail(dunesCard, copy.books.uses)).toHaveTextContent('2 years');
    expect(detail(dunesCard, copy.books.date)).toHaveTextContent('2022-11-03');
    expect(within(dunesCard).getByRole('button', { name: copy.books.bookNow })).toBeEnabled();

    expect(detail(card('Emma'), copy.books.resalePrice)).toHaveTextContent('$4.50');
  });

  it('shows the verified tick beside a verified seller only', async () => {
    answerBooks(() => HttpResponse.json<Book[]>([dune, emma]));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    await screen.findByRole('article', { name: 'Dune' });
    expect(within(detail(card('Dune'), copy.books.seller)).getByRole('img', { name: copy.books.verified })).toBeInTheDocument();
    expect(within(card('Emma')).queryByRole('img', { name: copy.books.verified })).not.toBeInTheDocument();
  });

  it('lists every book from GET /bookCatagoriesId when no category is given', async () => {
    const seen = answerBooks(() => HttpResponse.json<Book[]>([emma]));
    renderApp('/bookCatagoriesId', { preloadedState: signedInState() });

    await screen.findByRole('heading', { level: 1, name: copy.books.allBooksTitle });
    expect(screen.getByRole('article', { name: 'Emma' })).toBeInTheDocument();
    expect(seen).toEqual([{ path: '/bookCatagoriesId', search: '?limit=24', authorization: 'bearer t0k' }]);
  });

  it('shows the empty state for a category without books', async () => {
    answerBooks(() => HttpResponse.json<Book[]>([]));
    renderApp('/bookCatagoriesId/poetry', { preloadedState: signedInState() });

    expect(await screen.findByText(copy.books.empty)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering the page, without fetching', async () => {
    const seen = answerBooks(() => HttpResponse.json<Book[]>([dune]));
    const { router } = renderApp('/bookCatagoriesId/fiction', { preloadedState: signedOutState() });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/bookCatagoriesId/fiction' });
    expect(seen).toEqual([]);
  });
});

describe('the books loader', () => {
  const mockStore = configureMockStore<Partial<RootState>>();

  it('dispatches nothing for a signed-out visitor and leaves the redirect to the guard', async () => {
    const store = mockStore(signedOutState());
    const loader = makeLoader(store as unknown as AppStore);

    const url = new URL('http://localhost/bookCatagoriesId/fiction');
    const args = { params: { id: 'fiction' }, request: new Request(url), url, pattern: '/bookCatagoriesId/:id', context: undefined };

    await expect(loader(args)).resolves.toBeNull();
    expect(store.getActions()).toEqual([]);
  });

  it('waits for the session, then leaves the books in the cache for the page', async () => {
    const seen = answerBooks(() => HttpResponse.json<Book[]>([dune]));
    // Signed in, roles still on their way.
    const store = trackStore(setupStore(createFakeServices(), {
      ...signedInState(),
      role: { isAdmin: false, isSeller: false, loading: true, error: null },
    }));
    const loader = makeLoader(store);
    const url = new URL('http://localhost/bookCatagoriesId/fiction');
    const done = loader({ params: { id: 'fiction' }, request: new Request(url), url, pattern: '/bookCatagoriesId/:id', context: undefined });

    await Promise.resolve();
    expect(seen).toEqual([]);
    store.dispatch(rolesLoaded({ isAdmin: false, isSeller: false }));

    await expect(done).resolves.toBeNull();
    expect(seen).toEqual([{ path: '/bookCatagoriesId/fiction', search: '?limit=24', authorization: 'bearer t0k' }]);
    expect(catalogueApi.endpoints.getBooks.select('fiction')(store.getState()).data).toEqual({
      pages: [{ books: [dune], nextCursor: null }],
      pageParams: [null],
    });
  });
});
