import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/**
 * The API's lists answer one page as a plain array; the next page's address comes in a
 * `Link: <…?limit=…&cursor=…>; rel="next"` header, and the admin lists' total in `X-Total-Count`.
 */

const NEXT_LINK = /<([^>]*)>\s*;\s*rel="?next"?/i;

/** The `cursor` of the answer's next-page link, or null on the last page. */
export function nextCursorOf(meta: Partial<FetchBaseQueryMeta> | undefined): string | null {
  const match = NEXT_LINK.exec(meta?.response?.headers.get('link') ?? '');
  if (!match) return null;
  try {
    return new URL(match[1], meta?.request?.url).searchParams.get('cursor');
  } catch {
    return null;
  }
}

/** The answer's `X-Total-Count`, or undefined when it has none. */
export function totalCountOf(meta: Partial<FetchBaseQueryMeta> | undefined): number | undefined {
  const total = Number.parseInt(meta?.response?.headers.get('x-total-count') ?? '', 10);
  return Number.isSafeInteger(total) && total >= 0 ? total : undefined;
}

/** Rows per page of the dashboard's tables (My Orders, My Products, My Buyer). */
export const TABLE_ROWS_PER_PAGE = 25;

/** One page of a table's list: its rows, where the next page starts (null on the last), the total if told. */
export interface RowPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  total?: number;
}

/** The query parameters of one page: the limit, and the cursor on every page but the first. */
export const pageParams = (cursor: string | null, limit = TABLE_ROWS_PER_PAGE): { limit: number; cursor?: string } =>
  cursor === null ? { limit } : { limit, cursor };

/** An answer's rows as a page, with the next cursor and the total from its headers. */
export const rowPageOf = <Row>(rows: Row[], meta: Partial<FetchBaseQueryMeta> | undefined): RowPage<Row> => ({
  rows,
  nextCursor: nextCursorOf(meta),
  total: totalCountOf(meta),
});

/** `infiniteQueryOptions` of a list that pages forward by the cursor of its `Link` header. */
export const forwardByCursor = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor,
};

/** Every row of the pages loaded so far, in order. */
export const rowsOf = <Row>(pages: RowPage<Row>[] | undefined): Row[] => (pages ?? []).flatMap((page) => page.rows);
