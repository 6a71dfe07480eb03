import { copy } from '../../config/copy';
import { wantsCopy } from './copy';
import { formatDollars } from '../../lib/money';
import type { Want } from './types';
import type { NewWant } from './wantsApi';

/** A search as a want keeps it: its words and filters (the search's own keys and values). */
export interface WantedSearch {
  q: string;
  category?: string;
  condition?: string;
  location?: string;
  minPrice?: string;
  maxPrice?: string;
}

const FILTERS = ['category', 'condition', 'location', 'minPrice', 'maxPrice'] as const;

/** `POST /wants` for a search that found nothing: its words, and its filters when it has any. */
export function wantOfSearch(search: WantedSearch): NewWant {
  const filters = Object.fromEntries(FILTERS.filter((key) => search[key]).map((key) => [key, search[key]]));
  return { q: search.q, ...(Object.keys(filters).length > 0 ? { filters } : {}) };
}

/** What a want looks for: "ISBN 9780141439518", or the words in quotes. */
export const wantedBook = (want: Want): string => (want.isbn ? copy.search.isbn(want.isbn) : wantsCopy.words(want.q ?? ''));

/** The filters a want of words keeps, in words: "Category: fiction", "from $5". */
export function wantFilters({ filters }: Want): string[] {
  if (!filters) return [];
  return [
    filters.category && wantsCopy.filter(copy.search.category, filters.category),
    filters.condition && wantsCopy.filter(copy.search.condition, filters.condition),
    filters.location && wantsCopy.filter(copy.search.location, filters.location),
    filters.minPrice !== undefined && wantsCopy.from(formatDollars(filters.minPrice)),
    filters.maxPrice !== undefined && wantsCopy.upTo(formatDollars(filters.maxPrice)),
  ].filter((part): part is string => Boolean(part));
}
