import type { Reader } from '../db/db';
import { BOOK_COLUMNS, BOOKS_FROM } from './books';
import {
  ALTERNATIVES_PER_WORD,
  dictionaryWords,
  filtersOf,
  lookAlikeQuery,
  NO_SCORE,
  ordering,
  SIMILARITY_THRESHOLD,
  type RankedRow,
  type SearchCursor,
  type SearchFilters,
  type SearchPage,
  type SearchSort,
} from './bookSearchQuery';
import { ranksWindow, windowPage, type RankWindow } from './rankWindow';

export { dictionaryWords, type SearchCursor, type SearchFilters, type SearchPage, type SearchSort, type TextMatch } from './bookSearchQuery';

/** The repository's limits: what a search counts, and past how many expected matches it ranks a window. */
export interface BookSearchLimits {
  countLimit: number;
  /** Expected matches of the words past which a search may rank a window (rankWindow.ts); 0: never. */
  rankLimit?: number;
  /**
   * Ask a first page's count beside the page rather than after it: the page waits for the longer
   * of the two, not their sum. By default where the database answers several queries at once
   * (`Queryable.concurrent`, a PostgreSQL server); the embedded database answers one query at a
   * time, so there it counts only when the page was full.
   */
  countAlongside?: boolean;
}

/** Search and paged lists over the books for sale; sold, withdrawn and hidden books never appear. */
export function bookSearchRepository(db: Reader, options: BookSearchLimits) {
  const { countLimit, rankLimit = 0, countAlongside = db.concurrent === true } = options;
  /** A window holds one match more than a search counts, so a full window says "more than". */
  const windowSize = countLimit + 1;
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

      // A common word's every match is too many to rank (rankWindow.ts): the first page decides
      // whether to rank a window, and later pages keep to what it decided.
      const relevanceCursor = cursor?.sort === 'relevance' ? cursor : undefined;
      const windowed =
        sort === 'relevance' &&
        score !== NO_SCORE &&
        (relevanceCursor
          ? relevanceCursor.windowEnd !== undefined
          : cursor === undefined && (await ranksWindow(db, filters, lookAlikes, { rankLimit, size: windowSize, pageSize: limit + 1 })));
      let rows: RankedRow[];
      let inWindow = 0;
      let window: RankWindow | undefined;
      let total = cursor?.total ?? 0;
      if (windowed) {
        const page = await windowPage(db, filters, lookAlikes, windowSize, limit + 1, relevanceCursor);
        ({ rows, window } = page);
        inWindow = page.windowed;
        if (cursor === undefined) total = page.matches ?? windowSize;
      } else {
        // The page's books are found and ordered first from the books alone, then only they are
        // read whole with their sellers: ranking thousands of matches then sorts narrow rows.
        const order = ordering(sort, score, where, cursor);
        const count = () => db.query<{ total: number }>(countSql, countParams).then(([counted]) => counted.total);
        const counting = cursor === undefined && countAlongside ? count() : undefined;
        [rows] = await Promise.all([
          db.query<RankedRow>(
            `select ${BOOK_COLUMNS}, r.score, b.created_at::text as created_at_text
              from (select b.id, ${score} as score from books b
                    where ${where.sql()} order by ${order} limit ${where.param(limit + 1)}) as r
                join ${BOOKS_FROM} on b.id = r.id
              order by ${sort === 'relevance' ? 'r.score desc, b.id' : order}`,
            where.params,
          ),
          counting,
        ]);
        if (cursor === undefined) {
          // A first page that holds every match has counted them.
          total = rows.length <= limit ? rows.length : await (counting ?? count());
        }
      }

      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      let next: SearchCursor | undefined;
      if (rows.length > limit && last) {
        const common = { total, ...(filters.text !== undefined ? { match: filters.textMatch ?? 'words' } : {}) };
        if (sort === 'relevance') {
          const place = window ? { windowEnd: window.end, ...(page.length > inWindow ? { beyond: true } : {}) } : {};
          next = { sort, score: Number(last.score), id: last.id, ...place, ...common };
        } else if (sort === 'newest') next = { sort, createdAt: last.created_at_text, id: last.id, ...common };
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
