import { delay, http, HttpResponse } from 'msw';
import { setupStore } from '../app/store';
import { createFakeServices } from '../testing/fakeServices';
import { API, server } from '../testing/server';
import { backoffDelay, baseApi, KEEP_UNUSED_DATA_SECONDS, MAX_RETRIES, REQUEST_TIMEOUT_MS } from './baseApi';
import { trackStore } from '../testing/storeRegistry';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, void>({ query: () => '/probe' }),
    probeOnce: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/probe', method: 'POST' }),
      extraOptions: { maxRetries: 0 },
    }),
  }),
});

describe('base query', () => {
  afterEach(() => jest.useRealTimers());

  it('sends authorization: bearer {token} from localStorage.accessToken', async () => {
    window.localStorage.setItem('accessToken', 'abc.def');
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/probe`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    const store = trackStore(setupStore(createFakeServices()));
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(authorization).toBe('bearer abc.def');
  });

  it('sends no authorization header when there is no token', async () => {
    let hasHeader = true;
    server.use(
      http.get(`${API}/probe`, ({ request }) => {
        hasHeader = request.headers.has('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    const store = trackStore(setupStore(createFakeServices()));
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(hasHeader).toBe(false);
  });

  it('doubles the back-off from 1 s and caps it at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failing call 3 times, waiting 1 s, 2 s and 4 s, then gives up', async () => {
    jest.useFakeTimers();
    let attempts = 0;
    server.use(
      http.get(`${API}/probe`, () => {
        attempts += 1;
        return HttpResponse.json({ message: 'down' }, { status: 503 });
      }),
    );
    const store = trackStore(setupStore(createFakeServices()));
    const result = store.dispatch(probeApi.endpoints.probe.initiate());
    await jest.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(attempts).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(attempts).toBe(3);
    await jest.advanceTimersByTimeAsync(4000);
    expect(attempts).toBe(1 + MAX_RETRIES);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(4);
    const settled = await result;
    expect(settled.isError).toBe(true);
  });

  it('gives up on an API that does not answer after 15 s, without asking again', async () => {
    jest.useFakeTimers();
    let attempts = 0;
    server.use(
      http.get(`${API}/probe`, async () => {
        attempts += 1;
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const store = trackStore(setupStore(createFakeServices()));
    const result = store.dispatch(probeApi.endpoints.probe.initiate());
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(store.getState().api.queries['probe(undefined)']?.status).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    const settled = await result;
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(settled.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(1);
  });

  it('does not retry a client error', async () => {
    let attempts = 0;
    server.use(
      http.get(`${API}/probe`, () => {
        attempts += 1;
        return HttpResponse.json({ message: 'nope' }, { status: 403 });
      }),
    );
    const store = trackStore(setupStore(createFakeServices()));
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 403, data: { message: 'nope' } });
    expect(attempts).toBe(1);
  });

  it('lets a non-idempotent call opt out of retries', async () => {
    let attempts = 0;
    server.use(
      http.post(`${API}/probe`, () => {
        attempts += 1;
        return HttpResponse.json({ message: 'down' }, { status: 500 });
      }),
    );
    const store = trackStore(setupStore(createFakeServices()));
    await store.dispatch(probeApi.endpoints.probeOnce.initiate());
    expect(attempts).toBe(1);
  });

  it('keeps unused data for 5 minutes', () => {
    expect(KEEP_UNUSED_DATA_SECONDS).toBe(300);
    const store = trackStore(setupStore(createFakeServices()));
    expect(store.getState().api.config.keepUnusedDataFor).toBe(300);
  });
});
