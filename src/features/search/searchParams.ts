/** The search as it lives in the URL (`/search?q=…&category=…`), so it can be shared and reloaded. */
export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

export interface SearchArgs {
  q?: string;
  category?: string;
  minPrice?: string;
  maxPrice?: string;
  condition?: string;
  location?: string;
  /** Only this seller's books (the seller's page). */
  seller?: string;
  sort?: SearchSort;
}

export const SORTS: readonly SearchSort[] = ['relevance', 'newest', 'price_asc', 'price_desc'];
export const FILTER_KEYS = ['category', 'minPrice', 'maxPrice', 'condition', 'location'] as const;
const KEYS = ['q', ...FILTER_KEYS, 'seller', 'sort'] as const;

/** Dollars as the API takes them: digits with at most two decimals. */
const PRICE = /^\d{1,6}(\.\d{1,2})?$/;
const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

function valid(key: (typeof KEYS)[number], value: string): boolean {
  if (key === 'sort') return (SORTS as readonly string[]).includes(value);
  if (key === 'minPrice' || key === 'maxPrice') return PRICE.test(value);
  if (key === 'category') return SLUG.test(value);
  if (key === 'seller') return /^[0-9a-f]{24}$/.test(value);
  return value.length <= (key === 'q' ? 200 : 100);
}

/** The search a URL asks for; unknown keys and values the API would refuse are left out. */
export function argsFromParams(params: URLSearchParams): SearchArgs {
  const args: SearchArgs = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (!value || !valid(key, value)) continue;
    if (key === 'sort') args.sort = value as SearchSort;
    else args[key] = value;
  }
  return args;
}

/** The URL query of a search: only what is set, always in the same order (one cache key per search). */
export function paramsFromArgs(args: SearchArgs): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = args[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function hasFilters(args: SearchArgs): boolean {
  return FILTER_KEYS.some((key) => Boolean(args[key]));
}

/** The words of a query worth highlighting (two letters or more). */
export function queryWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
}
