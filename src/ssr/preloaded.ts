import { categoriesApi } from '../api/categoriesApi';
import type { AppDispatch } from '../app/storeShell';
import { catalogueApi } from '../features/catalogue/catalogueApi';
import type { UserReviewsArgs, UserReviewsPage } from '../features/reviews/userReviewsApi';
import { searchApi, type SearchPage } from '../features/search/searchApi';
import type { SearchArgs } from '../features/search/searchParams';
import type { BookDetails, Category, SellerProfile } from '../types/entities';

/** The element that carries the API answers a page was rendered with. */
export const PRELOADED_DATA_ID = 'preloaded-data';

/**
 * One API answer a page was rendered with, as the cache holds it: the endpoint, its argument
 * (what the page asks for, so the same cache entry) and the value.
 */
export type PreloadedEntry =
  | { endpointName: 'getCategories'; arg?: undefined; value: Category[] }
  | { endpointName: 'getBook'; arg: string; value: BookDetails | null }
  | { endpointName: 'getSeller'; arg: string; value: SellerProfile | null }
  | { endpointName: 'searchBooks'; arg: SearchArgs; value: { pages: SearchPage[]; pageParams: Array<string | null> } }
  | { endpointName: 'getUserReviews'; arg: UserReviewsArgs; value: { pages: UserReviewsPage[]; pageParams: Array<string | null> } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isCategory = (value: unknown): value is Category =>
  isObject(value) && ['_id', 'name', 'category_id', 'category', 'img'].every((key) => typeof value[key] === 'string');

const hasId = (value: unknown) => isObject(value) && typeof value._id === 'string';

/** Whether a value read from a page is an entry this app renders with (and of the right shape). */
function isEntry(value: unknown): value is PreloadedEntry {
  if (!isObject(value)) return false;
  const { endpointName, arg, value: data } = value;
  switch (endpointName) {
    case 'getCategories':
      return arg === undefined && Array.isArray(data) && data.every(isCategory);
    case 'getBook':
    case 'getSeller':
      return typeof arg === 'string' && (data === null || hasId(data));
    case 'searchBooks':
      return (
        isObject(arg) &&
        isObject(data) &&
        Array.isArray(data.pageParams) &&
        Array.isArray(data.pages) &&
        data.pages.every((page) => isObject(page) && Array.isArray(page.items) && page.items.every(hasId))
      );
    case 'getUserReviews':
      return (
        isObject(arg) &&
        typeof arg.userId === 'string' &&
        isObject(data) &&
        Array.isArray(data.pageParams) &&
        Array.isArray(data.pages) &&
        data.pages.every((page) => isObject(page) && Array.isArray(page.reviews) && page.reviews.every(hasId))
      );
    default:
      return false;
  }
}

/** A JSON script tag (a data block, never executed); `<` is escaped so no text in the data can close the tag. */
export function preloadedDataTag(entries: readonly PreloadedEntry[]): string {
  const json = JSON.stringify(entries).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRELOADED_DATA_ID}">${json}</script>`;
}

/** The answers the page was rendered with; none when it has none, and never one of a shape this app does not render. */
export function readPreloadedEntries(doc: Document): PreloadedEntry[] {
  const text = doc.getElementById(PRELOADED_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every(isEntry) ? value : [];
  } catch {
    return [];
  }
}

/**
 * Puts answers into the cache as if fetched just now, so the first render draws what the HTML
 * shows. A seller's reviews go in once their endpoint's code is in (the promise): the browser
 * waits for it before hydrating (boot.tsx), and so does the server.
 */
export function preloadEntries(dispatch: AppDispatch, entries: readonly PreloadedEntry[]): Promise<void> {
  const pending: Array<Promise<unknown>> = [];
  for (const entry of entries) {
    switch (entry.endpointName) {
      case 'getCategories':
        dispatch(categoriesApi.util.upsertQueryEntries([{ endpointName: 'getCategories', arg: undefined, value: entry.value }]));
        break;
      case 'getBook':
        dispatch(catalogueApi.util.upsertQueryEntries([{ endpointName: 'getBook', arg: entry.arg, value: entry.value }]));
        break;
      case 'getSeller':
        dispatch(catalogueApi.util.upsertQueryEntries([{ endpointName: 'getSeller', arg: entry.arg, value: entry.value }]));
        break;
      case 'searchBooks':
        dispatch(searchApi.util.upsertQueryEntries([{ endpointName: 'searchBooks', arg: entry.arg, value: entry.value }]));
        break;
      case 'getUserReviews': {
        // The endpoint comes with the seller page's own code, which that page's HTML preloads:
        // asked for here, before the page is, it is in the cache before the page renders. The
        // chunk that prepares every page stays without it.
        const { arg, value } = entry;
        pending.push(
          import(/* webpackChunkName: "page-seller" */ '../features/reviews/userReviewsApi')
            .then(({ userReviewsApi }) => dispatch(userReviewsApi.util.upsertQueryEntries([{ endpointName: 'getUserReviews', arg, value }])))
            .catch(() => undefined),
        );
        break;
      }
    }
  }
  return Promise.all(pending).then(() => undefined);
}
