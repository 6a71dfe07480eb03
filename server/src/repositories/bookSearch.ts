import type { Reader } from '../db/db';
import { BOOK_COLUMNS, BOOKS_FROM, LISTED, type ListedBookRow } from './books';

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
  | { sort: 'relevance'; score: number; id: string }
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
const ALTERNATIVES_PER_WORD = 4;
/** How alike a known word must be; pg_trgm's 0.3 lets one wrong letter in a short word through. */
const SIMILARITY_THRESHOLD = '0.3';

/** The words of a query as the dictionary holds them: lower case, letters and digits only. */
export function dictionaryWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2 && word.length <= 40))].slice(0, 8);
}

/** Builds `where` clauses with numbered parameters. */
class Where {
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
function lookAlikeQuery(alternatives: Map<string, string[]>): string {
  return [...alternatives.entries()]
    .map(([typed, similar]) => `(${[typed, ...similar.filter((word) => word !== typed)].join(' | ')})`)
    .join(' & ');
}

function filtersOf(filters: SearchFilters, lookAlikes?: string): { where: Where; score: string } {
  const where = new Where();
  let score = '0::float8';
  if (filters.isbn !== undefined) {
    where.add(`b.isbn = ${where.param(filters.isbn)}`);
  } else if (lookAlikes !== undefined) {
    const query = `to_tsquery('english', ${where.param(lookAlikes)})`;
    where.add(`b.search_vector @@ ${query}`);
    score = `ts_rank(b.search_vector, ${query})::float8`;
  } else if (filters.text !== undefined) {
    const query = `websearch_to_tsquery('english', ${where.param(filters.text)})`;
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
function ordering(sort: SearchSort, score: string, where: Where, cursor?: SearchCursor): string {
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

type RankedRow = ListedBookRow & {
  score: number;
  created_at_text: string;
};

/** Search and paged lists over the books for sale; sold, withdrawn and hidden books never appear. */
export function bookSearchRepository(db: Reader, options: { countLimit: number }) {
  const { countLimit } = options;
  return {
    async search(filters: SearchFilters, sort: SearchSort, limit: number, cursor?: SearchCursor): Promise<SearchPage> {
      const similar = filters.text !== undefined && filters.textMatch === 'similar' && filters.isbn === undefined;
      let lookAlikes: string | undefined;
      if (similar) {
        const alternatives = await this.lookAlikes(dictionaryWords(filters.text ?? ''));
        if (alternatives.size === 0) return { rows: [], total: 0 };
        lookAlikes = lookAlikeQuery(alternatives);
      }
      const { where, score } = filtersOf(filters, lookAlikes);
      // The first page counts the matches, up to `countLimit` + 1 (a common word or a
      // category of a large shop matches hundreds of thousands of books, and no one reads past
      // "1,000+"); later pages carry the count in their cursor. The page itself is asked apart,
      // so that the planner may stop at its last row.
      const countSql = `select count(*)::int as total from (select 1 from books b where ${where.sql()} limit ${countLimit + 1}) as matches`;
      const countParams = [...where.params];
      const order = ordering(sort, score, where, cursor);
      // The page's books are found and ordered first from the books alone, then only they are
      // read whole with their sellers: ranking thousands of matches then sorts narrow rows.
      const pageSql = `select ${BOOK_COLUMNS}, r.score, b.created_at::text as created_at_text
        from (select b.id, ${score} as score from books b
              where ${where.sql()} order by ${order} limit ${where.param(limit + 1)}) as r
          join ${BOOKS_FROM} on b.id = r.id
        order by ${sort === 'relevance' ? 'r.score desc, b.id' : order}`;
      const rows = await db.query<RankedRow>(pageSql, where.params);
      let total = cursor?.total ?? 0;
      if (cursor === undefined) {
        // A first page that holds every match has counted them.
        total = rows.length <= limit ? rows.length : (await db.query<{ total: number }>(countSql, countParams))[0].total;
      }

      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      let next: SearchCursor | undefined;
      if (rows.length > limit && last) {
        const common = { total, ...(filters.text !== undefined ? { match: filters.textMatch ?? 'words' } : {}) };
        if (sort === 'relevance') next = { sort, score: Number(last.score), id: last.id, ...common };
        else if (sort === 'newest') next = { sort, createdAt: last.created_at_text, id: last.id, ...common };
        else next = { sort, priceCents: last.resale_price_cents, id: last.id, ...common };
      }
      return { rows: page.map(({ score: _score, created_at_text: _createdAt, ...row }) => row), total, next };
    },

    /**
     * For each word, the known title and author words that look like it (itself included when
     * known). A stop word ("and", "of") gets none: the search drops it, and its look-alikes
     * ("andrew") would otherwise be required in its place.
     */
    async lookAlikes(words: string[]): Promise<Map<string, string[]>> {
      if (words.length === 0) return new Map();
      const rows = await db.transaction(async (tx) => {
        await tx.query(`select set_config('pg_trgm.similarity_threshold', $1, true)`, [SIMILARITY_THRESHOLD]);
        return tx.query<{ typed: string; word: string }>(
          `select typed.word as typed, known.word
           from unnest($1::text[]) as typed (word)
           cross join lateral (
             select numnode(plainto_tsquery('english', typed.word)) > 0 as searched
           ) as kept
           cross join lateral (
             select word from search_words where word % typed.word
             order by similarity(word, typed.word) desc, word limit ${ALTERNATIVES_PER_WORD}
           ) as known
           where kept.searched`,
          [words],
        );
      });
      const alternatives = new Map<string, string[]>(words.map((word) => [word, []]));
      for (const row of rows) alternatives.get(row.typed)?.push(row.word);
      return alternatives;
    },
  };
}
