import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import type { AdminReport } from './types';

/** A report of a book by its seller, made `n` hours after the first, with whatever the test overrides. */
export const aReport = (n: number, overrides: Partial<AdminReport> = {}): AdminReport => ({
  _id: `rep${String(n).padStart(2, '0')}`,
  kind: 'book',
  targetId: `book${n}`,
  reason: 'fake',
  text: null,
  at: new Date(Date.UTC(2026, 10, 1, n)).toISOString(),
  state: 'open',
  reporter: { _id: 'u-rita', name: 'Rita Reader', email: 'reader@example.com' },
  target: { summary: `Book ${n}`, hidden: false },
  user: { _id: 'u-vera', name: 'Vera Seller', email: 'vera@example.com', suspended: false },
  actions: [],
  ...overrides,
});

export interface ReportsApiCalls {
  /** Every query of GET /admin/reports. */
  lists: Record<string, string>[];
  /** Every decision: the path and the body. */
  posts: Array<{ path: string; body: unknown }>;
}

/**
 * The admins' report API over `reports`: GET /admin/reports filters by state, kind and reason,
 * orders by `sort` (newest first by default), pages by `limit` after `cursor` ("after-<id>") with
 * `X-Total-Count` and a Link while more follow; POST …/actions and /admin/users/:id/reinstate
 * answer as the API does (`fail` answers them with that status instead).
 */
export function serveAdminReports(reports: AdminReport[], { fail }: { fail?: number } = {}): ReportsApiCalls {
  const calls: ReportsApiCalls = { lists: [], posts: [] };
  server.use(
    http.get(`${API}/admin/reports`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.lists.push(Object.fromEntries(params));
      let rows = reports.filter(
        (report) =>
          (!params.get('state') || report.state === params.get('state')) &&
          (!params.get('kind') || report.kind === params.get('kind')) &&
          (!params.get('reason') || report.reason === params.get('reason')),
      );
      rows = [...rows].sort((a, b) => a.at.localeCompare(b.at) * (params.get('sort') === 'created_asc' ? 1 : -1));
      const cursor = params.get('cursor');
      const start = cursor === null ? 0 : rows.findIndex((row) => `after-${row._id}` === cursor) + 1;
      const limit = Number(params.get('limit') ?? 200);
      const page = rows.slice(start, start + limit);
      const headers: Record<string, string> = { 'X-Total-Count': String(rows.length) };
      if (start + limit < rows.length) {
        const next = new URLSearchParams(params);
        next.set('cursor', `after-${page[page.length - 1]._id}`);
        headers.Link = `<${API}/admin/reports?${next.toString()}>; rel="next"`;
      }
      return HttpResponse.json(page, { headers });
    }),
    http.post(`${API}/admin/reports/:id/actions`, async ({ request, params }) => {
      const body = (await request.json()) as { action: string; reason: string };
      calls.posts.push({ path: new URL(request.url).pathname, body });
      if (fail) return HttpResponse.json({ message: 'Only a listing, a message or a review can be hidden' }, { status: fail });
      const report = reports.find((row) => row._id === params.id)!;
      return HttpResponse.json({ ...report, state: body.action === 'dismiss' ? 'dismissed' : 'actioned' });
    }),
    http.post(`${API}/admin/users/:id/reinstate`, async ({ request }) => {
      calls.posts.push({ path: new URL(request.url).pathname, body: await request.json() });
      if (fail) return HttpResponse.json({ message: 'Refused' }, { status: fail });
      return HttpResponse.json({ acknowledged: true, modifiedCount: 1 });
    }),
  );
  return calls;
}
