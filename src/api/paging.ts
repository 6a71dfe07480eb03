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
