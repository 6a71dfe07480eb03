import { matchPath } from 'react-router-dom';
import { paths } from '../config/paths';
import { nextCursorOf } from '../api/paging';
import { sellerReviewsArgs, userReviewsPath, type UserReviewsPage } from '../features/reviews/userReviewsApi';
import type { SearchPage } from '../features/search/searchApi';
import { argsFromParams, paramsFromArgs, type SearchArgs } from '../features/search/searchParams';
import type { BookDetails, SellerProfile } from '../types/entities';
import type { PreloadedEntry } from './preloaded';

/** An API answer as the web server got it: its status, and its JSON body when it had one. */
export interface ApiAnswer {
  status: number;
  body?: unknown;
  /** The `Link` header, where a list says where its next page starts. */
  link?: string;
}

/** Asks the API for a path (`/books/…`) as a visitor: no credentials, whatever the browser sent. */
export type FetchApi = (path: string) => Promise<ApiAnswer>;

/** What a route is rendered with: the answers, the page's status, and the chunk the page's code is in. */
export interface RouteData {
  status: 200 | 404;
  entries: PreloadedEntry[];
}

/** The routes rendered per request with their data, and the chunk of each page (webpackChunkName in router.tsx). */
const DATA_ROUTES = [
  { pattern: paths.home, chunk: undefined },
  { pattern: paths.bookPattern, chunk: 'page-book' },
  { pattern: paths.sellerPattern, chunk: 'page-seller' },
  { pattern: paths.search, chunk: 'page-search' },
] as const;

type DataRoute = (typeof DATA_ROUTES)[number];

function routeOf(pathname: string): { route: DataRoute; id: string } | undefined {
  for (const route of DATA_ROUTES) {
    const match = matchPath(route.pattern, pathname);
    if (match) return { route, id: match.params.id ?? '' };
  }
  return undefined;
}

/** The chunk name of the page a path shows, when it is rendered with its data; its files are preloaded. */
export function pageChunkOf(pathname: string): string | undefined {
  return routeOf(pathname)?.route.chunk;
}

/** Whether a path is rendered per request with data from the API. */
export const isDataRoute = (pathname: string): boolean => routeOf(pathname) !== undefined;

/** The API did not give what the page needs: the page goes out without its data, and the browser asks itself. */
export class NoRouteData extends Error {}

const ok = (answer: ApiAnswer): unknown => {
  if (answer.status !== 200 || answer.body === undefined) throw new NoRouteData(`The API answered ${answer.status}`);
  return answer.body;
};

/** Visitors never get the seller's phone number; should an answer carry one, it stays out of the page. */
function withoutPhone<T extends object>(value: T): T {
  if (!('number' in value)) return value;
  const { number: _left, ...rest } = value as T & { number?: unknown };
  return rest as T;
}

const searchPath = (args: SearchArgs) => `/books/search?${paramsFromArgs(args).toString()}`;

/**
 * The first page of a search, as its results show it: a result shows no description, so the page
 * does not carry them (the cache takes the whole books when the browser next asks).
 */
function firstSearchPage(body: unknown): SearchPage {
  const page = body as SearchPage;
  if (!Array.isArray(page?.items)) throw new NoRouteData('The search answered no items');
  return { ...page, items: page.items.map(({ description: _shownOnItsPage, ...book }) => withoutPhone(book)) };
}

/**
 * The first page of a seller's reviews, as the page asks for it, when the API gave it: without it
 * the page renders the reviews loading, as the browser's first render does, and asks itself.
 */
function sellerReviewsEntry(sellerId: string, answer: ApiAnswer | undefined): PreloadedEntry[] {
  const page = answer?.status === 200 ? (answer.body as Omit<UserReviewsPage, 'nextCursor'> | undefined) : undefined;
  if (!page || !Array.isArray(page.reviews)) return [];
  const nextCursor = nextCursorOf({ response: new Response(null, { headers: answer?.link ? { link: answer.link } : {} }) });
  return [{ endpointName: 'getUserReviews', arg: sellerReviewsArgs(sellerId), value: { pages: [{ ...page, nextCursor }], pageParams: [null] } }];
}

const searchEntry = (arg: SearchArgs, page: SearchPage): PreloadedEntry => ({
  endpointName: 'searchBooks',
  arg,
  value: { pages: [page], pageParams: [null] },
});

/**
 * The API answers a URL's page is rendered with, fetched as the page itself would ask for them
 * (the same arguments, so the same cache entries): undefined for a route rendered without data.
 * Throws NoRouteData (or the fetch's error) when the API does not give them.
 */
export async function loadRouteData(url: string, fetchApi: FetchApi): Promise<RouteData | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const found = routeOf(pathname);
  if (!found) return undefined;
  const { route, id } = found;
  switch (route.pattern) {
    case paths.home: {
      const categories = ok(await fetchApi('/bookCatagories'));
      if (!Array.isArray(categories)) throw new NoRouteData('The category list is not a list');
      return { status: 200, entries: [{ endpointName: 'getCategories', value: categories }] };
    }
    case paths.bookPattern: {
      const answer = await fetchApi(`/books/${encodeURIComponent(id)}`);
      if (answer.status === 404) return { status: 404, entries: [{ endpointName: 'getBook', arg: id, value: null }] };
      const book = withoutPhone(ok(answer) as BookDetails);
      return { status: 200, entries: [{ endpointName: 'getBook', arg: id, value: book }] };
    }
    case paths.sellerPattern: {
      // The page asks for the seller's books once it has the seller; all are asked for at once here.
      // The reviews may fail alone: the page then renders without them, and the browser asks.
      const books: SearchArgs = { seller: id, sort: 'newest' };
      const [seller, page, reviews] = await Promise.all([
        fetchApi(`/sellers/${encodeURIComponent(id)}`),
        fetchApi(searchPath(books)),
        fetchApi(userReviewsPath(sellerReviewsArgs(id))).catch(() => undefined),
      ]);
      if (seller.status === 404) return { status: 404, entries: [{ endpointName: 'getSeller', arg: id, value: null }] };
      return {
        status: 200,
        entries: [
          { endpointName: 'getSeller', arg: id, value: ok(seller) as SellerProfile },
          searchEntry(books, firstSearchPage(ok(page))),
          ...sellerReviewsEntry(id, reviews),
        ],
      };
    }
    case paths.search: {
      const args = argsFromParams(searchParams);
      return { status: 200, entries: [searchEntry(args, firstSearchPage(ok(await fetchApi(searchPath(args)))))] };
    }
  }
}
