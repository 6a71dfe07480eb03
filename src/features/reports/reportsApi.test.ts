import { addListener } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { setupStore } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { trackStore } from '../../testing/storeRegistry';
import { reportsApi } from './reportsApi';
import { addReportListeners } from './reportsListeners';
import { aReport } from './testSupport';

const newStore = () => {
  localStorage.setItem('accessToken', 't0k');
  const services = createFakeServices();
  const store = trackStore(setupStore(services, signedInState({ isAdmin: true })));
  // As the reports page and the report dialog attach them while they are open.
  addReportListeners(((options: Parameters<typeof addListener>[0]) => store.dispatch(addListener(options))) as unknown as AppStartListening);
  return { store, services };
};

describe('reports API', () => {
  it('pages the queue with its filters, reading the total and the next cursor from the headers', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(`${API}/admin/reports`, ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([aReport(1)], {
          headers: { 'X-Total-Count': '41', Link: `<${API}/admin/reports?limit=1&kind=review&cursor=next%3D1>; rel="next"` },
        });
      }),
    );
    const { store } = newStore();
    const page = await store.dispatch(reportsApi.endpoints.getReports.initiate({ limit: 1, kind: 'review', sort: 'created_asc' }));
    expect(page.data).toEqual({ reports: [aReport(1)], total: 41, nextCursor: 'next=1' });
    expect(asked).toEqual([{ limit: '1', kind: 'review', sort: 'created_asc' }]);
  });

  it('sends a report, a decision and a reinstatement once each, and toasts what was done', async () => {
    const bodies: Array<[string, unknown]> = [];
    const record = (status: number, answer: object) => async ({ request }: { request: Request }) => {
      bodies.push([new URL(request.url).pathname, await request.json()]);
      return HttpResponse.json(answer, { status });
    };
    server.use(
      http.post(`${API}/reports`, record(503, { message: 'down' })),
      http.post(`${API}/admin/reports/:id/actions`, record(200, aReport(1, { state: 'dismissed' }))),
      http.post(`${API}/admin/users/:id/reinstate`, record(200, { acknowledged: true, modifiedCount: 1 })),
    );
    const { store, services } = newStore();
    await store.dispatch(reportsApi.endpoints.createReport.initiate({ kind: 'user', id: 'u1', reason: 'abuse' }));
    await store.dispatch(reportsApi.endpoints.moderate.initiate({ reportId: 'rep01', action: 'dismiss', reason: 'Not abuse' }));
    await store.dispatch(reportsApi.endpoints.reinstate.initiate({ userId: 'u1', reason: 'Appeal' }));
    expect(bodies).toEqual([
      ['/reports', { kind: 'user', id: 'u1', reason: 'abuse' }],
      ['/admin/reports/rep01/actions', { action: 'dismiss', reason: 'Not abuse' }],
      ['/admin/users/u1/reinstate', { reason: 'Appeal' }],
    ]);
    expect(services.notifier.notify.mock.calls).toEqual([
      ['Dismissed', 'success'],
      ['Suspension lifted', 'success'],
    ]);
  });
});
