import { http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { API, server } from '../../testing/server';
import { createFakeServices, type FakeServices } from '../../testing/fakeServices';
import { CONFIRMATION_POLL_MS } from './confirmation';
import {
  authStateChanged,
  confirmationCheckRequested,
  confirmationResendRequested,
  loginRequested,
  signOutRequested,
  signupRequested,
} from './authSlice';
import { trackStore } from '../../testing/storeRegistry';

/** The API: a user record exists once POST /users saved it; GET /jwt answers 404 before. */
function api() {
  const saved: { name: string; email: string; role: string }[] = [];
  const calls: string[] = [];
  server.use(
    http.get(`${API}/jwt`, ({ request }) => {
      calls.push('GET /jwt');
      const email = new URL(request.url).searchParams.get('email');
      return saved.some((user) => user.email === email)
        ? HttpResponse.json({ accessToken: 'api-token-1' })
        : HttpResponse.json({ message: 'No account for this email; sign up first' }, { status: 404 });
    }),
    http.post(`${API}/users`, async ({ request }) => {
      calls.push('POST /users');
      saved.push((await request.json()) as (typeof saved)[number]);
      return HttpResponse.json({ acknowledged: true, insertedId: 'u1' });
    }),
    http.get(`${API}/users/:role/:email`, () => HttpResponse.json({ isAdmin: false, isSeller: false })),
  );
  return { saved, calls };
}

function start(services: FakeServices = createFakeServices()) {
  return { store: trackStore(setupStore(services)), services };
}

const until = async (check: () => boolean, limitMs = 2000) => {
  for (let waited = 0; waited < limitMs && !check(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error('condition not reached');
};

describe('an address that is not confirmed yet', () => {
  it('log-in waits for the link, then signs in; the page need not be told (it checks by itself)', async () => {
    const { calls, saved } = api();
    saved.push({ name: 'Rita', email: 'late@example.com', role: 'Buyer' });
    const { store, services } = start();
    services.auth.markUnconfirmed('late@example.com');
    store.dispatch(loginRequested({ email: 'late@example.com', password: 'secret123' }));
    await until(() => store.getState().auth.awaitingConfirmation === 'late@example.com');
    expect(services.auth.sendEmailVerification).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('signed-out');
    expect(calls).toEqual([]);

    services.auth.confirmEmail('late@example.com');
    await until(() => services.navigation.navigate.mock.calls.length > 0, CONFIRMATION_POLL_MS * 3);
    expect(calls).toEqual(['GET /jwt']);
    expect(store.getState().auth).toMatchObject({ status: 'signed-in', awaitingConfirmation: null, flowPending: false });
  });

  it('a confirmed account without a record (sign-up page closed before the link) gets the record its sign-up chose', async () => {
    const { calls, saved } = api();
    const first = start();
    first.store.dispatch(signupRequested({ name: 'Sid Seller', email: 'sid@example.com', password: 'secret123', role: 'seller' }));
    await until(() => first.store.getState().auth.awaitingConfirmation === 'sid@example.com');
    first.store.dispatch(signOutRequested()); // left before opening the link

    // Later, on the same device: the link was opened, then the user logs in.
    const later = start();
    later.store.dispatch(loginRequested({ email: 'sid@example.com', password: 'secret123' }));
    await until(() => later.services.navigation.navigate.mock.calls.length > 0);
    expect(calls).toEqual(['GET /jwt', 'POST /users', 'GET /jwt']);
    expect(saved).toEqual([{ name: 'Sid Seller', email: 'sid@example.com', role: 'seller' }]);
  });

  it('"Use another account" ends the wait quietly, with nothing sent to the API', async () => {
    const { calls } = api();
    const { store, services } = start();
    store.dispatch(signupRequested({ name: 'Quinn', email: 'quit@example.com', password: 'secret123', role: 'Buyer' }));
    await until(() => store.getState().auth.awaitingConfirmation === 'quit@example.com');
    store.dispatch(signOutRequested());
    await until(() => store.getState().auth.awaitingConfirmation === null);
    services.auth.confirmEmail('quit@example.com');
    store.dispatch(confirmationCheckRequested());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(store.getState().auth).toMatchObject({ error: null, flowPending: false, status: 'signed-out' });
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it('"Send the link again" mails another link and says so', async () => {
    api();
    const { store, services } = start();
    store.dispatch(signupRequested({ name: 'Ray', email: 'ray@example.com', password: 'secret123', role: 'Buyer' }));
    await until(() => store.getState().auth.awaitingConfirmation === 'ray@example.com');
    store.dispatch(confirmationResendRequested());
    await until(() => services.notifier.notify.mock.calls.length > 0);
    expect(services.auth.sendEmailVerification).toHaveBeenCalledTimes(2);
    expect(services.notifier.notify).toHaveBeenCalledWith('We sent a new link to ray@example.com', 'success');
  });

  it('a restored but unconfirmed session asks the API for nothing', async () => {
    const { calls } = api();
    const { store } = start();
    store.dispatch(authStateChanged({ uid: 'u', email: 'nope@example.com', displayName: 'N', emailVerified: false }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(store.getState().auth.status).toBe('signed-out');
  });
});
