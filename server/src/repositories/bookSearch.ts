import type { Db } from '../db/db';
import { BOOK_COLUMNS, type BookRow } from './books';

export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc';

export interface SearchFilters {
  /** Words of a title or author (typos forgiven), or an ISBN already normalised to 13 digits. */
  text?: string;
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
export type SearchCursor =
  | { sort: 'relevance'; score: number; id: string }
  | { sort: 'newest'; createdAt: string; id: string }
  | { sort: 'price_asc' | 'price_desc'; priceCents: number; id: string };

export interface SearchPage {
  rows: BookRow[];
  total: number;
  /** Set when more rows follow this page. */
  next?: SearchCursor;
}

/**
 * How close a misspelt word must be to a title's or author's word (pg_trgm word similarity).
 * PostgreSQL's 0.6 misses one wrong letter in a short word ("prejudise"); 0.45 still keeps
 * unrelated words out.
 */
const WORD_SIMILARITY_THRESHOLD = '0.45';

/** Builds `where` clauses with numbered parameters. */
class Where {
  readonly clauses: string[] = ['not b.sold'];
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

function filtersOf(filters: SearchFilters): { where: Where; score: string } {
  const where = new Where();
  let score = '0::float8';
  if (filters.text !== undefined || filters.isbn !== undefined) {
    const text = where.param(filters.text?.toLowerCase() ?? '');
    const isbn = where.param(filters.isbn ?? null);
    const query = `websearch_to_tsquery('english', ${text})`;
    // Full-text words, a typo-tolerant match of the title and author, or the exact ISBN.
    where.add(`(b.isbn = ${isbn} or b.search_vector @@ ${query} or b.search_text %> ${text})`);
    score = `((case when b.isbn = ${isbn} then 100 else 0 end)
      + ts_rank(b.search_vector, ${query}) * 10 + word_similarity(${text}, b.search_text))::float8`;
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

interface RankedRow extends BookRow {
  score: number;
  created_at_text: string;
}

/** Search and paged lists over the books for sale; sold and withdrawn books never appear. */
export function bookSearchRepository(db: Db) {
  return {
    async search(filters: SearchFilters, sort: SearchSort, limit: number, cursor?: SearchCursor): Promise<SearchPage> {
      const { where, score } = filtersOf(filters);
      const countSql = `select count(*)::int as total from books b where ${where.sql()}`;
      const countParams = [...where.params];
      const order = ordering(sort, score, where, cursor);
      const pageSql = `select ${BOOK_COLUMNS}, ${score} as score, b.created_at::text as created_at_text
        from books b left join users u on u.id = b.seller_id
        where ${where.sql()} order by ${order} limit ${where.param(limit + 1)}`;

      const run = async (tx: Pick<Db, 'query'>) => {
        if (filters.text !== undefined) {
          await tx.query(`select set_config('pg_trgm.word_similarity_threshold', $1, true)`, [WORD_SIMILARITY_THRESHOLD]);
        }
        const [{ total }] = await tx.query<{ total: number }>(countSql, countParams);
        const rows = await tx.query<RankedRow>(pageSql, where.params);
        return { total, rows };
      };
      // The similarity threshold is set for this transaction only.
      const { total, rows } = filters.text !== undefined ? await db.transaction(run) : await run(db);

      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      let next: SearchCursor | undefined;
      if (rows.length > limit && last) {
        if (sort === 'relevance') next = { sort, score: Number(last.score), id: last.id };
        else if (sort === 'newest') next = { sort, createdAt: last.created_at_text, id: last.id };
        else next = { sort, priceCents: last.resale_price_cents, id: last.id };
      }
      return { rows: page.map(({ score: _score, created_at_text: _createdAt, ...row }) => row), total, next };
    },
  };
}
