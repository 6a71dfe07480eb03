import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppTree } from '../app/AppTree';
import { createNavigationService } from '../app/services';
import { setupStore } from '../app/store';
import { createFakeServices } from '../testing/fakeServices';
import { API, server } from '../testing/server';
import type { BookDetails, Category } from '../types/entities';
import { preloadEntries, type PreloadedEntry } from './preloaded';
import type { RenderedPage } from './render';
import { baseApi } from '../api/baseApi';

/*
 * The browser hydrates the markup the prerenderer made. Here the prerenderer runs in a Node
 * process of its own (as at build time), the markup goes into this page, and the app hydrates
 * it with React's development checks on: any warning or recoverable error fails the test, and
 * the nodes from the HTML must be the ones the app ends up with.
 */

const categories: Category[] = [
  { _id: 'c1', name: 'Fiction', category_id: '01', category: 'fiction', img: '/images/fiction.jpg' },
  { _id: 'c2', name: 'Science & "Facts" </script>', category_id: '02', category: 'science', img: '/images/science.jpg' },
];

const categoryEntries: PreloadedEntry[] = [{ endpointName: 'getCategories', value: categories }];

const ID = 'b'.repeat(24);
const SELLER = 'c'.repeat(24);
const book: BookDetails & { images: string[] } = {
  _id: ID, name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', img: 'http://127.0.0.1:5000/image-host/i/m.webp',
  images: ['http://127.0.0.1:5000/image-host/i/m.webp', 'http://127.0.0.1:5000/image-host/i/n.webp'],
  location: 'Tucson', resale_price: 8.5, orginal_price: 20, seller_name: 'Vera Seller', uses: '2 years', date: '2026-11-01',
  category: 'fiction', condition: 'Good', description: 'Pencil notes.', verified: true, sold: false, sellerId: SELLER,
  sellerScore: { average: 4.8, count: 12, completedShare: 0.96 },
};
/** The seller's reviews as their page asks for them: the score, the first page and where the next starts. */
const reviews = {
  pages: [
    {
      average: 4.8, count: 12, completedShare: 0.96, nextCursor: 'next',
      reviews: [{
        _id: 'r1', bookingId: 'o1', bookName: 'Middlemarch', role: 'buyer' as const, author: { _id: 'u1', name: 'Rita Reader' },
        subject: { _id: SELLER, name: 'Vera Seller' }, rating: 5 as const, comment: 'Well <i>packed</i>.', at: '2026-11-01T23:30:00.000Z',
        shown: true, reply: { text: 'Thanks!', at: '2026-11-02T00:30:00.000Z' },
      }],
    },
  ],
  pageParams: [null],
};
const books = { pages: [{ items: [{ ...book, name: 'The Histories', author: 'Herodotus', isbn: null }], total: 30, nextCursor: 'next' }], pageParams: [null] };
const DATA_PAGES: Array<{ route: string; entries: PreloadedEntry[]; text: string }> = [
  { route: `/books/${ID}`, entries: [{ endpointName: 'getBook', arg: ID, value: book }], text: 'Middlemarch' },
  { route: `/books/${ID}`, entries: [{ endpointName: 'getBook', arg: ID, value: null }], text: 'This book is no longer listed.' },
  {
    route: `/sellers/${SELLER}`,
    entries: [
      { endpointName: 'getSeller', arg: SELLER, value: { _id: SELLER, name: 'Vera Seller', verified: true, memberSince: '2024-01-15', booksSold: 3, booksForSale: 30 } },
      { endpointName: 'searchBooks', arg: { seller: SELLER, sort: 'newest' }, value: books },
      { endpointName: 'getUserReviews', arg: { userId: SELLER, as: 'seller' }, value: reviews },
    ],
    text: 'Well <i>packed</i>.',
  },
  { route: '/search?q=history', entries: [{ endpointName: 'searchBooks', arg: { q: 'history' }, value: books }], text: 'The Histories' },
];

/** Routes to render, with the API answers to render them with (as test/ssr/renderRoutes.tsx reads them). */
interface RenderJob {
  routes: string[];
  entries?: PreloadedEntry[];
}

/** Renders each job's routes in one Node process (test/ssr/renderRoutes.tsx), in order. */
function renderInNode(jobs: RenderJob[]): Array<Record<string, RenderedPage>> {
  const root = path.resolve(__dirname, '..', '..');
  const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'test', 'ssr', 'renderRoutes.tsx')], {
    cwd: root,
    encoding: 'utf8',
    input: JSON.stringify(jobs),
    env: { ...process.env, NODE_ENV: 'development' },
    maxBuffer: 20 * 1024 * 1024,
    timeout: 60_000,
  });
  return JSON.parse(output) as Array<Record<string, RenderedPage>>;
}

let pages: Record<string, RenderedPage>;
let homeWithCategories: RenderedPage;
let dataPages: RenderedPage[];

beforeAll(() => {
  const [plain, withCategories, ...data] = renderInNode([
    { routes: ['/', '/blog', '/login', '/signup'] },
    { routes: ['/'], entries: categoryEntries },
    ...DATA_PAGES.map(({ route, entries }) => ({ routes: [route], entries })),
  ]);
  pages = plain;
  homeWithCategories = withCategories['/'];
  dataPages = DATA_PAGES.map(({ route }, index) => data[index][route]);
}, 90_000);

let root: Root | undefined;
/**
 * The store of the root hydrated by the test. Not handed to the shared store registry: that one
 * resets the API state before this file's afterEach unmounts the root, and a page still mounted
 * then asked for its data again, a request that could land in a later test.
 */
let store: ReturnType<typeof setupStore> | undefined;
/** The style tags each test puts into the head (the style engine keeps its own there). */
let addedStyles: Element[] = [];
beforeEach(() => {
  // After hydration the app asks for the list as usual.
  server.use(http.get(`${API}/bookCatagories`, () => HttpResponse.json(categories)));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  // Clears RTK Query's timers for unused data, which would keep jest's process alive.
  store?.dispatch(baseApi.util.resetApiState());
  store = undefined;
  document.body.innerHTML = '';
  addedStyles.forEach((element) => element.remove());
  addedStyles = [];
  window.history.pushState({}, '', '/');
});

const SLOW_DEVELOPMENT_CHECK = /^(SerializableStateInvariantMiddleware|ImmutableStateInvariantMiddleware) took \d+ms, which is more than the warning threshold/;

async function hydrate(route: string, page: RenderedPage, preloaded: PreloadedEntry[] = []) {
  window.history.pushState({}, '', route);
  const styles = document.createElement('template');
  styles.innerHTML = page.styleTags;
  addedStyles = Array.from(styles.content.children);
  document.head.append(...addedStyles);
  document.body.innerHTML = `<div id="root" data-prerendered="${new URL(route, 'http://localhost').pathname}">${page.html}</div>`;
  const container = document.getElementById('root') as HTMLElement;
  // Skeletons are there to be replaced by the data when it comes; every other node stays.
  const before = Array.from(container.querySelectorAll('*')).filter((node) => !node.closest('[aria-busy="true"]'));

  const problems: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => problems.push(args));
  // Redux Toolkit's development checks say when they took longer than 32 ms, which a busy machine
  // makes them do: a note on the machine, not on the markup.
  const consoleWarn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && SLOW_DEVELOPMENT_CHECK.test(args[0]))) problems.push(args);
  });
  const services = createFakeServices();
  const appStore = setupStore(services);
  store = appStore;
  // As the browser does (boot.tsx): the answers in, a seller's reviews included, then hydrated from that state.
  await preloadEntries(appStore.dispatch, preloaded);
  const renderedFrom = appStore.getState();
  const navigation = createNavigationService();
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppTree
        store={appStore}
        services={services}
        navigation={navigation}
        router={(children) => <BrowserRouter>{children}</BrowserRouter>}
        serverState={renderedFrom}
      />,
      { onRecoverableError: (error) => problems.push(error) },
    );
  });
  return {
    container,
    before,
    finish: () => {
      consoleError.mockRestore();
      consoleWarn.mockRestore();
      return problems;
    },
  };
}

it.each([
  ['/', 'Book Catagory'],
  ['/blog', 'What is a unit test? Why should we write unit tests?'],
  ['/login', 'Log In'],
  ['/signup', 'Sign Up'],
])('%s hydrates without a warning and keeps every node of its HTML', async (route, text) => {
  const { container, before, finish } = await hydrate(route, pages[route]);
  expect(await screen.findAllByText(text)).not.toHaveLength(0);
  // The lazy page's boundary hydrates once its module has loaded.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(finish()).toEqual([]);
  const kept = before.filter((node) => container.contains(node));
  expect(kept).toHaveLength(before.length);
});

it('the home page hydrates with the category list it was rendered with', async () => {
  const { container, before, finish } = await hydrate('/', homeWithCategories, categoryEntries);
  expect(screen.getByRole('link', { name: 'Fiction' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Science & "Facts" </script>' })).toBeInTheDocument();
  expect(finish()).toEqual([]);
  expect(before.every((node) => container.contains(node))).toBe(true);
});

it('reports a mismatch when the data differs from what the HTML was rendered with', async () => {
  // The check above can fail: hydrating the card markup with no list in the store mismatches.
  const { finish } = await hydrate('/', homeWithCategories);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(finish().length).toBeGreaterThan(0);
});

it.each(DATA_PAGES.map((page, index) => [page.route, index, page.text] as const))(
  '%s hydrates with the answers it was rendered with, without a warning, keeping every node (%#)',
  async (route, index, text) => {
    const asked: string[] = [];
    // Reads only: a book page's view beacon (POST /views) asks for nothing.
    const listen = ({ request }: { request: Request }) => {
      if (request.method === 'GET') asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', listen);
    const { container, before, finish } = await hydrate(route, dataPages[index], DATA_PAGES[index].entries);
    expect(before.length).toBeGreaterThan(20);
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
    // The lazy page's boundary hydrates once its module has loaded.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(finish()).toEqual([]);
    expect(before.filter((node) => !container.contains(node))).toEqual([]);
    // What the page was rendered with is not asked for again (the search's filters ask for the
    // categories; a seller's page, whether its seller has the Reliable seller badge).
    server.events.removeListener('request:start', listen);
    expect(asked.filter((pathname) => pathname !== '/bookCatagories' && !/^\/users\/[^/]+\/reliability$/.test(pathname))).toEqual([]);
  },
);
