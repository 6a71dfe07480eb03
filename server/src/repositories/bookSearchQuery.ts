/**
 * The pieces of a search's SQL (repositories/bookSearch.ts): its filters as `where` clauses with
 * numbered parameters, the order of each sort and the keyset condition that starts a page after a
 * cursor, and the words a typo may stand for.
 */
import { LISTED, type ListedBookRow } from './books';

export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

/**
 * How `text` matches: `words` by full text (stemmed words of the title and author); `similar`
 * also accepts, for each word, the known words that look like it (pg_trgm similarity against
 * the dictionary of title and author words), which forgives typos. Search tries words first.
 */
export type TextMatch = 'words' | 'similar';

export interface SearchFilters {
  /** Words of a title or author. */
  text?: string;
  textMatch?: TextMatch;
  /** An ISBN already normalised to 13 digits. */
  isbn?: string;
  category?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  condition?: string;
  /** Part of the location, any case. */
  location?: string;
  /** Only this seller's books. */
  sellerId?: string;
}

/** Where the previous page ended, in the sort's own terms. */
export type SearchCursor = (
  | {
      sort: 'relevance';
      score: number;
      id: string;
      /** The last id of the ranked window (rankWindow.ts), when the search ranks one. */
      windowEnd?: string;
      /** Past the window: the page goes on in id order after `id`. */
      beyond?: boolean;
    }
  | { sort: 'newest'; createdAt: string; id: string }
  | { sort: 'price_asc' | 'price_desc'; priceCents: number; id: string }
) & {
  /** How the pages before matched the words, so later pages match them the same way. */
  match?: TextMatch;
  /** The number of matches when the search began. */
  total?: number;
};

export interface SearchPage {
  rows: ListedBookRow[];
  /**
   * All matches, as counted when the search began: at most the repository's `countLimit`, or one
   * more when there are more.
   */
  total: number;
  /** Set when more rows follow this page. */
  next?: SearchCursor;
}

/** The known words that may stand for one typed word: the closest few (pg_trgm similarity). */
export const ALTERNATIVES_PER_WORD = 4;
/** How alike a known word must be; pg_trgm's 0.3 lets one wrong letter in a short word through. */
export const SIMILARITY_THRESHOLD = '0.3';

/** The words of a query as the dictionary holds them: lower case, letters and digits only. */
export function dictionaryWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2 && word.length <= 40))].slice(0, 8);
}

/**
 * The words typed, each once: `Harry Harry` searches as `Harry`. The planner takes a repeated word
 * for two words that rarely meet, expects a few thousand matches of a word that has 127,000 and
 * ranks them all (260 ms at a million books). Quoted phrases are left as typed, and `or` is kept
 * wherever it stands.
 */
export function withoutRepeatedWords(text: string): string {
  if (text.includes('"')) return text;
  const seen = new Set<string>();
  return text
    .split(/\s+/)
    .filter((word) => {
      const key = word.toLowerCase();
      if (key === 'or') return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(' ');
}

/** Builds `where` clauses with numbered parameters. */
export class Where {
  readonly clauses: string[] = [...LISTED];
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(clause: string): void {
    this.clauses.push(clause);
  }

  sql(): string {
    return this.clauses.join(' and ');
  }
}

/** `to_tsquery` text: each typed word or one of its look-alikes, all words required. */
export function lookAlikeQuery(alternatives: Map<string, string[]>): string {
  return [...alternatives.entries()]
    .map(([typed, similar]) => `(${[typed, ...similar.filter((word) => word !== typed)].join(' | ')})`)
    .join(' & ');
}

/** The score of a search without words: every book alike. */
export const NO_SCORE = '0::float8';

export function filtersOf(filters: SearchFilters, lookAlikes?: string): { where: Where; score: string } {
  const where = new Where();
  let score = NO_SCORE;
  if (filters.isbn !== undefined) {
    where.add(`b.isbn = ${where.param(filters.isbn)}`);
  } else if (lookAlikes !== undefined) {
    const query = `to_tsquery('english', ${where.param(lookAlikes)})`;
    where.add(`b.search_vector @@ ${query}`);
    score = `ts_rank(b.search_vector, ${query})::float8`;
  } else if (filters.text !== undefined) {
    const query = `websearch_to_tsquery('english', ${where.param(withoutRepeatedWords(filters.text))})`;
    where.add(`b.search_vector @@ ${query}`);
    score = `ts_rank(b.search_vector, ${query})::float8`;
  }
  if (filters.category !== undefined) where.add(`b.category = ${where.param(filters.category)}`);
  if (filters.minPriceCents !== undefined) where.add(`b.resale_price_cents >= ${where.param(filters.minPriceCents)}`);
  if (filters.maxPriceCents !== undefined) where.add(`b.resale_price_cents <= ${where.param(filters.maxPriceCents)}`);
  if (filters.condition !== undefined) where.add(`lower(b.condition) = lower(${where.param(filters.condition)})`);
  if (filters.location !== undefined) {
    const escaped = filters.location.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
    where.add(`lower(b.location) like ${where.param(`%${escaped}%`)}`);
  }
  if (filters.sellerId !== undefined) where.add(`b.seller_id = ${where.param(filters.sellerId)}`);
  return { where, score };
}

/** The order of a sort, and the condition that starts a page after `cursor`. */
export function ordering(sort: SearchSort, score: string, where: Where, cursor?: SearchCursor): string {
  if (sort === 'relevance') {
    if (cursor?.sort === 'relevance') {
      const s = where.param(cursor.score);
      where.add(`(${score} < ${s} or (${score} = ${s} and b.id > ${where.param(cursor.id)}))`);
    }
    return `${score} desc, b.id`;
  }
  if (sort === 'newest') {
    if (cursor?.sort === 'newest') {
      where.add(`(b.created_at, b.id) < (${where.param(cursor.createdAt)}::timestamptz, ${where.param(cursor.id)})`);
    }
    return 'b.created_at desc, b.id desc';
  }
  const ascending = sort === 'price_asc';
  if (cursor?.sort === sort) {
    where.add(`(b.resale_price_cents, b.id) ${ascending ? '>' : '<'} (${where.param(cursor.priceCents)}, ${where.param(cursor.id)})`);
  }
  return ascending ? 'b.resale_price_cents, b.id' : 'b.resale_price_cents desc, b.id desc';
}

/** A page's row as the search reads it: the book, its score and its listing time as text. */
export type RankedRow = ListedBookRow & {
  score: number;
  created_at_text: string;
};
