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

/** A node of `explain (format json)`'s plan, as far as it is read here. */
interface PlanNode {
  'Node Type'?: unknown;
  'Plan Rows'?: unknown;
  'Total Cost'?: unknown;
  Plans?: unknown;
}

/** What the planner expects of a query: the rows it finds, its cost, and the rows its bitmap reads. */
interface Estimate {
  rows: number;
  cost: number;
  /** Rows the first bitmap scan of its plan reads before its filters, when it has one. */
  bitmapRows?: number;
}

const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The rows a plan's first bitmap heap scan takes from its index, before the filters the index cannot check. */
function bitmapRowsOf(node: PlanNode | undefined): number | undefined {
  if (!node) return undefined;
  const children = Array.isArray(node.Plans) ? (node.Plans as PlanNode[]) : [];
  if (node['Node Type'] === 'Bitmap Heap Scan') return children[0] ? numberOf(children[0]['Plan Rows']) : undefined;
  for (const child of children) {
    const rows = bitmapRowsOf(child);
    if (rows !== undefined) return rows;
  }
  return undefined;
}

/** The planner's estimate for `sql`, without running it. */
async function estimate(db: Reader, sql: string, params: readonly unknown[]): Promise<Estimate> {
  const [row] = await db.query<PlanRow>(`explain (format json) ${sql}`, params);
  const json: unknown = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  const plan = Array.isArray(json) ? (json[0] as { Plan?: PlanNode } | undefined)?.Plan : undefined;
  return { rows: numberOf(plan?.['Plan Rows']), cost: numberOf(plan?.['Total Cost']), bitmapRows: bitmapRowsOf(plan) };
}

/**
 * What a book costs each way, measured at a million books on PostgreSQL 15 (docs/PERFORMANCE.md,
 * "Which searches rank a window"): walking an id past the window's filters about 0.47 µs, reading
 * and ranking a row its index found about 1.7 µs. Only their ratio is used.
 */
const WALK_COST = 0.47;
const RANK_COST = 1.7;

/**
 * Whether walking ids to a window is expected to cost less than ranking every match: a window of
 * `size` among `matches` of `listed` books walks about size × listed ÷ matches ids; ranking reads
 * the rows the index finds (`candidates`: the matches, and the books the filters then drop).
 */
export function windowCostsLess(size: number, matches: number, listed: number, candidates: number): boolean {
  if (matches <= 0) return false;
  const walked = Math.min(listed, (size * listed) / matches);
  return walked * WALK_COST < Math.max(candidates, matches) * RANK_COST;
}

/** The window's matches, `size` of them at most, in id order, with their scores. */
function windowSql(filters: SearchFilters, lookAlikes: string | undefined, size: number) {
  const { where, score } = filtersOf(filters, lookAlikes);
  return { sql: `select b.id, ${score} as score from books b where ${where.sql()} order by b.id limit ${size}`, params: where.params };
}

/**
 * Whether a relevance search ranks a window (see RankWindow): it does when the search, filters and
 * all, is expected to match more than `rankLimit` books and walking the ids to a window of them is
 * expected to cost less than ranking every match (windowCostsLess). With filters that few books
 * pass it does not: `harry` in one category and a price range (3,677 of a million books) ranked in
 * 28 ms, where the window walked 259,000 ids in 140 ms. When the plan for ranking every match reads
 * no bitmap, the planner's own costs decide.
 */
export async function ranksWindow(
  db: Reader,
  filters: SearchFilters,
  lookAlikes: string | undefined,
  limits: { rankLimit: number; size: number; pageSize: number },
): Promise<boolean> {
  if (limits.rankLimit <= 0) return false;
  const all = filtersOf(filters, lookAlikes);
  const matches = (await estimate(db, `select 1 from books b where ${all.where.sql()}`, all.where.params)).rows;
  if (matches <= limits.rankLimit) return false;
  const rankAll = `select b.id, ${all.score} as score from books b where ${all.where.sql()} order by ${all.score} desc, b.id limit ${limits.pageSize}`;
  const everyMatch = await estimate(db, rankAll, all.where.params);
  if (everyMatch.bitmapRows !== undefined) {
    const listed = filtersOf({}).where;
    const books = (await estimate(db, `select 1 from books b where ${listed.sql()}`, listed.params)).rows;
    return windowCostsLess(limits.size, matches, books, everyMatch.bitmapRows);
  }
  const window = windowSql(filters, lookAlikes, limits.size);
  return (await estimate(db, window.sql, window.params)).cost < everyMatch.cost;
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
