import { http, HttpResponse } from 'msw';
import { API, server } from './server';

export interface PageCall {
  /** Every query parameter the page was asked with. */
  params: Record<string, string>;
  authorization: string | null;
}

export interface PagedListOptions {
  /** Answer `X-Total-Count` with the list's length, as GET /products does. */
  total?: boolean;
}

/**
 * GET `path` as the API pages a list: `limit` rows (200 without it) after `cursor`
 * ("after-<_id>"), with a `Link: <…>; rel="next"` header while more follow, its URL carrying the
 * page's other parameters. `rows` is read at each call, so a test may change it meanwhile.
 * Answers what was asked, and three switches for a later page: `failNext()` answers the next
 * call that has a cursor with 403, once; `holdNext()` keeps the next such answer back until the
 * function it returns is called.
 */
export function pagedList<Row extends { _id: string }>(path: string, rows: Row[], { total = false }: PagedListOptions = {}) {
  const calls: PageCall[] = [];
  let failing = false;
  let held: Promise<void> | undefined;

  server.use(
    http.get(`${API}${path}`, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push({ params: Object.fromEntries(params), authorization: request.headers.get('authorization') });
      const cursor = params.get('cursor');
      if (cursor !== null && failing) {
        failing = false;
        return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
      }
      if (cursor !== null && held) {
        const wait = held;
        held = undefined;
        await wait;
      }
      const start = cursor === null ? 0 : rows.findIndex((row) => `after-${row._id}` === cursor) + 1;
      if (cursor !== null && start === 0) return HttpResponse.json({ message: 'Unknown cursor' }, { status: 400 });
      const limit = Number(params.get('limit') ?? 200);
      const page = rows.slice(start, start + limit);
      const headers: Record<string, string> = total ? { 'X-Total-Count': String(rows.length) } : {};
      if (start + limit < rows.length) {
        const next = new URLSearchParams(params);
        next.set('cursor', `after-${page[page.length - 1]._id}`);
        headers.Link = `<${API}${path}?${next.toString()}>; rel="next"`;
      }
      return HttpResponse.json(page, { headers });
    }),
  );

  return {
    calls,
    /** The cursors asked for, call by call (null for a first page). */
    cursors: () => calls.map((call) => call.params.cursor ?? null),
    failNext() {
      failing = true;
    },
    holdNext(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

/** `count` rows made by `make(n)` for n = 1 … count. */
export const numbered = <Row>(count: number, make: (n: number) => Row): Row[] => Array.from({ length: count }, (_, i) => make(i + 1));
