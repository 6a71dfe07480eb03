import type { Reader } from '../db/db';
import { BOOK_COLUMNS, BOOKS_FROM } from './books';
import { filtersOf, type RankedRow, type SearchCursor, type SearchFilters } from './bookSearchQuery';

/**
 * Ranking a common word's every match is what a large catalogue cannot afford: PostgreSQL reads
 * each matching row to rank it (at a million books "girl" matches 238,000: 190 ms), while the
 * order ranking breaks its ties in, the books' ids, can be walked in an index and stopped early.
 * So a search whose words the planner expects to match more than `rankLimit` books, and for which
 * walking the ids costs less than ranking every match, ranks a window: its first `size` matches in
 * id order, ranked by relevance (score, then id, as every search is); the matches after the window
 * follow in id order. For one word, where nearly every match scores the same, that is the order
 * ranking them all gives; a book past the window that scores higher (its word twice) comes in its
 * id's place rather than first. See "How search works" in server/README.md.
 */
export interface RankWindow {
  /** The id of the window's last book: the window is the matches up to it. */
  end: string;
}

interface PlanRow {
  'QUERY PLAN': unknown;
}

/** What the planner expects of a query: the rows it finds and its cost, in the planner's units. */
interface Estimate {
  rows: number;
  cost: number;
}

/** The planner's estimate for `sql`, without running it. */
async function estimate(db: Reader, sql: string, params: readonly unknown[]): Promise<Estimate> {
  const [row] = await db.query<PlanRow>(`explain (format json) ${sql}`, params);
  const json: unknown = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  const plan = Array.isArray(json) ? (json[0] as { Plan?: Record<string, unknown> } | undefined)?.Plan : undefined;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return { rows: number(plan?.['Plan Rows']), cost: number(plan?.['Total Cost']) };
}

/** The window's matches, `size` of them at most, in id order, with their scores. */
function windowSql(filters: SearchFilters, lookAlikes: string | undefined, size: number) {
  const { where, score } = filtersOf(filters, lookAlikes);
  return { sql: `select b.id, ${score} as score from books b where ${where.sql()} order by b.id limit ${size}`, params: where.params };
}

/**
 * Whether a relevance search ranks a window (see RankWindow): it does when its words alone are
 * expected to match more than `rankLimit` books and the window is expected to cost less than
 * ranking every match (with filters that few books pass, walking the ids far enough can cost more).
 */
export async function ranksWindow(
  db: Reader,
  filters: SearchFilters,
  lookAlikes: string | undefined,
  limits: { rankLimit: number; size: number; pageSize: number },
): Promise<boolean> {
  if (limits.rankLimit <= 0) return false;
  const words = filtersOf({ text: filters.text, textMatch: filters.textMatch }, lookAlikes).where;
  if ((await estimate(db, `select 1 from books b where ${words.sql()}`, words.params)).rows <= limits.rankLimit) return false;
  const all = filtersOf(filters, lookAlikes);
  const rankAll = `select b.id, ${all.score} as score from books b where ${all.where.sql()} order by ${all.score} desc, b.id limit ${limits.pageSize}`;
  const window = windowSql(filters, lookAlikes, limits.size);
  const [everyMatch, windowed] = [await estimate(db, rankAll, all.where.params), await estimate(db, window.sql, window.params)];
  return windowed.cost < everyMatch.cost;
}

/** A page of a window: its rows, how many come from the window, and the window as the cursor names it. */
export interface WindowPage {
  rows: RankedRow[];
  windowed: number;
  /** Where the window ends (the first page learns it; later pages carry it in their cursor). */
  window?: RankWindow;
  /** On a first page, the number of matches when the window holds them all (fewer than `size`). */
  matches?: number;
}

type WindowRow = RankedRow & { window_count: number; window_end: string | null };

/**
 * A relevance page of a search that ranks a window of `size` matches: the window's ranked rows
 * after the cursor, then, to fill the page, the matches past the window in id order. The first
 * page learns where the window ends; a window that holds fewer than `size` matches holds them all.
 */
export async function windowPage(
  db: Reader,
  filters: SearchFilters,
  lookAlikes: string | undefined,
  size: number,
  pageSize: number,
  cursor?: Extract<SearchCursor, { sort: 'relevance' }>,
): Promise<WindowPage> {
  let ranked: WindowRow[] = [];
  let window = cursor?.windowEnd === undefined ? undefined : { end: cursor.windowEnd };
  let matches: number | undefined;
  if (!cursor?.beyond) {
    const inner = windowSql(filters, lookAlikes, size);
    const params: unknown[] = [...inner.params];
    const param = (value: unknown) => `$${params.push(value)}`;
    const after = cursor ? `where score < ${param(cursor.score)} or (score = $${params.length} and id > ${param(cursor.id)})` : '';
    ranked = await db.query<WindowRow>(
      `with w as materialized (${inner.sql}),
         top as (select id, score from w ${after} order by score desc, id limit ${param(pageSize)})
       select ${BOOK_COLUMNS}, top.score, b.created_at::text as created_at_text,
         (select count(*)::int from w) as window_count, (select max(id) from w) as window_end
       from top join ${BOOKS_FROM} on b.id = top.id
       order by top.score desc, b.id`,
      params,
    );
    if (!cursor) {
      const first = ranked[0];
      matches = first === undefined ? 0 : first.window_count < size ? first.window_count : undefined;
      if (first?.window_end) window = { end: first.window_end };
    }
    if (ranked.length >= pageSize || !window) return { rows: ranked, windowed: ranked.length, window, matches };
  }
  if (!window) return { rows: [], windowed: 0 };
  const { where, score } = filtersOf(filters, lookAlikes);
  where.add(`b.id > ${where.param(cursor?.beyond ? cursor.id : window.end)}`);
  const beyond = await db.query<RankedRow>(
    `select ${BOOK_COLUMNS}, ${score} as score, b.created_at::text as created_at_text
     from ${BOOKS_FROM} where ${where.sql()} order by b.id limit ${where.param(pageSize - ranked.length)}`,
    where.params,
  );
  return { rows: [...ranked, ...beyond], windowed: ranked.length, window, matches };
}
