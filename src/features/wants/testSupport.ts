import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import type { Want } from './types';

export interface WantCall {
  method: string;
  path: string;
  authorization: string | null;
  body?: unknown;
}

/** The wants API in memory: GET lists, POST adds (or answers `refuse`), DELETE removes; every call recorded. */
export function serveWants(initial: Want[] = [], refuse?: () => Response) {
  let wants = [...initial];
  const calls: WantCall[] = [];
  const base = (request: Request) => ({ method: request.method, path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
  server.use(
    http.get(`${API}/wants`, ({ request }) => {
      calls.push(base(request));
      return HttpResponse.json(wants);
    }),
    http.post(`${API}/wants`, async ({ request }) => {
      const body = (await request.json()) as Partial<Want> & { maxPrice?: string };
      calls.push({ ...base(request), body });
      if (refuse) return refuse();
      const want = aWant({ _id: `w${wants.length + 1}`, isbn: body.isbn ?? null, q: body.q ?? null, maxPrice: body.maxPrice ? Number(body.maxPrice) : null });
      wants = [want, ...wants];
      return HttpResponse.json(want);
    }),
    http.delete(`${API}/wants/:id`, ({ request, params }) => {
      calls.push(base(request));
      wants = wants.filter((want) => want._id !== params.id);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
  return calls;
}

export const aWant = (overrides: Partial<Want> = {}): Want => ({
  _id: 'w1',
  isbn: null,
  q: 'dune',
  filters: null,
  maxPrice: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
