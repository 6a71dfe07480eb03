import { http, HttpResponse } from 'msw';
import { roleApi } from '../roles/roleApi';
import { setupStore } from '../../app/store';
import { API, server } from '../../testing/server';
import { createFakeServices, type FakeServices } from '../../testing/fakeServices';
import {
  appStarted,
  authStateChanged,
  confirmationCheckRequested,
  googleSignInRequested,
  loginRequested,
  signOutRequested,
  signupRequested,
} from './authSlice';
import { trackStore } from '../../testing/storeRegistry';

interface Recorded {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  body: unknown;
}

/** The API as the flows need it; every request is recorded. */
function apiRecording(options: { jwtStatus?: number; usersStatus?: number; isAdmin?: boolean; isSeller?: boolean } = {}) {
  const calls: Recorded[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
      body: request.method === 'GET' ? undefined : await request.clone().json(),
    });
  };
  server.use(
    http.get(`${API}/jwt`, async ({ request }) => {
      await record(request);
      return options.jwtStatus
        ? HttpResponse.json({ message: 'no such user' }, { status: options.jwtStatus })
        : HttpResponse.json({ accessToken: 'api-token-1' });
    }),
    http.post(`${API}/users`, async ({ request }) => {
      await record(request);
      return options.usersStatus
        ? HttpResponse.json({ message: 'role must be Buyer or seller' }, { status: options.usersStatus })
        : HttpResponse.json({ acknowledged: true, insertedId: 'u1' });
    }),
    http.get(`${API}/users/admin/:email`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ isAdmin: options.isAdmin ?? false });
    }),
    http.get(`${API}/users/seller/:email`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ isSeller: options.isSeller ?? false });
    }),
  );
  return calls;
}

function start(services: FakeServices = createFakeServices()) {
  const store = trackStore(setupStore(services));
  return { store, services };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error('condition not reached');
};

describe('log-in flow', () => {
  it('authenticates, requests a token by email with the ID token, stores it, loads roles and returns to the page the user came from', async () => {
    const calls = apiRecording({ isSeller: true });
    const { store, services } = start();
    store.dispatch(loginRequested({ email: 'reader@example.com', password: 'secret123', from: '/dashboard/myproducts' }));
    await until(() => services.navigation.navigate.mock.calls.length > 0);

    expect(services.auth.signIn).toHaveBeenCalledWith('reader@example.com', 'secret123');
    const jwt = calls.find((call) => call.path === '/jwt');
    expect(jwt).toMatchObject({ method: 'GET', search: '?email=reader%40example.com', authorization: 'Bearer id-token-for-reader@example.com' });
    expect(window.localStorage.getItem('accessToken')).toBe('api-token-1');
    expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/myproducts', { replace: true });

    await until(() => !store.getState().role.loading);
    expect(store.getState().role).toEqual({ isAdmin: false, isSeller: true, loading: false, error: null });
    const roleCalls = calls.filter((call) => call.path.startsWith('/users/'));
    expect(roleCalls.map((call) => call.path).sort()).toEqual([
      '/users/admin/reader%40example.com',
      '/users/seller/reader%40example.com',
    ]);
    expect(roleCalls.every((call) => call.authorization === 'bearer api-token-1')).toBe(true);
    expect(store.getState().auth).toMatchObject({ flowPending: false, error: null });
  });

  it('goes to / when the user came from nowhere', async () => {
    apiRecording();
    const { store, services } = start();
    store.dispatch(loginRequested({ email: 'reader@example.com', password: 'secret123' }));
    await until(() => services.navigation.navigate.mock.calls.length > 0);
    expect(services.navigation.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('leaves a reader who went elsewhere while the session started where they went', async () => {
    apiRecording();
    const { store, services } = start();
    // The menu shows them signed in as soon as the identity provider answers; they open the dashboard.
    services.navigation.here.mockReturnValueOnce('/login').mockReturnValue('/dashboard');
    store.dispatch(loginRequested({ email: 'reader@example.com', password: 'secret123' }));
    await until(() => store.getState().auth.flowPending === false && window.localStorage.getItem('accessToken') !== null);
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it("shows the identity provider's failure as a plain sentence and stores no token when the password is wrong", async () => {
    const calls = apiRecording();
    const { store, services } = start();
    store.dispatch(loginRequested({ email: 'reader@example.com', password: 'wrong' }));
    await until(() => store.getState().auth.error !== null);
    expect(store.getState().auth.error).toBe('Wrong email or password.');
    expect(calls).toHaveLength(0);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it('reports the API message when the token is refused', async () => {
    apiRecording({ jwtStatus: 403 });
    const { store, services } = start();
    store.dispatch(loginRequested({ email: 'reader@example.com', password: 'secret123' }));
    await until(() => store.getState().auth.error !== null);
    expect(store.getState().auth.error).toBe('no such user');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });
});

/** What the user does with the mail: opens the link, then says so on the page. */
async function confirmAddress(store: ReturnType<typeof start>['store'], services: FakeServices, email: string) {
  await until(() => store.getState().auth.awaitingConfirmation === email);
  services.auth.confirmEmail(email);
  store.dispatch(confirmationCheckRequested());
}

describe('sign-up flow', () => {
  it('creates the account, sets the name, waits for the address to be confirmed, saves the user record with the ID token, toasts, gets a token and goes to /', async () => {
    const calls = apiRecording();
    const { store, services } = start();
    store.dispatch(signupRequested({ name: 'Sam Seller', email: 'sam@example.com', password: 'secret123', role: 'seller' }));
    await until(() => store.getState().auth.awaitingConfirmation === 'sam@example.com');
    expect(services.auth.sendEmailVerification).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0); // nothing reaches the API before the address is proven
    expect(store.getState().auth.status).not.toBe('signed-in');
    await confirmAddress(store, services, 'sam@example.com');
    await until(() => services.navigation.navigate.mock.calls.length > 0);

    expect(services.auth.signUp).toHaveBeenCalledWith('sam@example.com', 'secret123');
    expect(services.auth.updateDisplayName).toHaveBeenCalledWith('Sam Seller');
    const saved = calls.find((call) => call.path === '/users');
    expect(saved).toMatchObject({
      method: 'POST',
      authorization: 'Bearer id-token-for-sam@example.com',
      body: { name: 'Sam Seller', email: 'sam@example.com', role: 'seller' },
    });
    expect(calls.findIndex((call) => call.path === '/users')).toBeLessThan(calls.findIndex((call) => call.path === '/jwt'));
    expect(services.notifier.notify).toHaveBeenCalledWith('user create successfully', 'success');
    expect(window.localStorage.getItem('accessToken')).toBe('api-token-1');
    expect(store.getState().auth.user).toMatchObject({ email: 'sam@example.com', displayName: 'Sam Seller', emailVerified: true });
    expect(services.navigation.navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('shows the message and does not navigate when the record is refused', async () => {
    apiRecording({ usersStatus: 400 });
    const { store, services } = start();
    store.dispatch(signupRequested({ name: 'Sam', email: 'sam@example.com', password: 'secret123', role: 'Buyer' }));
    await confirmAddress(store, services, 'sam@example.com');
    await until(() => store.getState().auth.error !== null);
    expect(store.getState().auth.error).toBe('role must be Buyer or seller');
    expect(services.notifier.notify).not.toHaveBeenCalled();
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it("shows the provider's failure as a plain sentence when the account cannot be created", async () => {
    const calls = apiRecording();
    const services = createFakeServices();
    services.auth.signUp.mockRejectedValueOnce(new Error('Firebase: Error (auth/email-already-in-use).'));
    const { store } = start(services);
    store.dispatch(signupRequested({ name: 'Sam', email: 'sam@example.com', password: 'secret123', role: 'Buyer' }));
    await until(() => store.getState().auth.error !== null);
    expect(store.getState().auth.error).toBe('An account with this email already exists.');
    expect(calls).toHaveLength(0);
  });
});

describe('Google sign-in', () => {
  it('saves the user record (as a Buyer by default), gets a token and returns to where the user came from', async () => {
    const calls = apiRecording();
    const { store, services } = start();
    store.dispatch(googleSignInRequested({ from: '/bookCatagoriesId/fiction' }));
    await until(() => services.navigation.navigate.mock.calls.length > 0);
    expect(calls.find((call) => call.path === '/users')).toMatchObject({
      body: { name: 'Gina Google', email: 'gina@example.com', role: 'Buyer' },
      authorization: 'Bearer id-token-for-gina@example.com',
    });
    expect(window.localStorage.getItem('accessToken')).toBe('api-token-1');
    expect(services.navigation.navigate).toHaveBeenCalledWith('/bookCatagoriesId/fiction', { replace: true });
  });

  it('keeps the role chosen on the sign-up page', async () => {
    const calls = apiRecording();
    const { store, services } = start();
    store.dispatch(googleSignInRequested({ role: 'seller' }));
    await until(() => services.navigation.navigate.mock.calls.length > 0);
    expect(calls.find((call) => call.path === '/users')?.body).toMatchObject({ role: 'seller' });
  });

  it('shows a clear message when the pop-up fails', async () => {
    apiRecording();
    const services = createFakeServices();
    services.auth.signInWithGoogle.mockRejectedValueOnce(new Error('Google sign-in is not reachable right now.'));
    const { store } = start(services);
    store.dispatch(googleSignInRequested());
    await until(() => store.getState().auth.error !== null);
    expect(store.getState().auth.error).toBe('Google sign-in is not reachable right now.');
  });
});

describe('auth status', () => {
  it('is loading until the identity SDK reports, which starts after the first paint', async () => {
    apiRecording();
    const { store, services } = start();
    expect(store.getState().auth.status).toBe('loading');
    services.auth.emit(null);
    expect(store.getState().auth.status).toBe('loading');
    store.dispatch(appStarted());
    services.auth.emit(null);
    await until(() => store.getState().auth.status === 'signed-out');
    expect(store.getState().role.loading).toBe(false);
  });

  it('restores a session on reload: fresh API token, then roles, and syncs the ID token', async () => {
    const calls = apiRecording({ isAdmin: true, isSeller: true });
    const { store, services } = start();
    store.dispatch(appStarted());
    await services.auth.signIn('reader@example.com', 'secret123');
    services.auth.emit({ uid: 'u', email: 'reader@example.com', displayName: 'Rita', emailVerified: true });
    await until(() => !store.getState().role.loading);
    expect(store.getState().auth.status).toBe('signed-in');
    expect(store.getState().role).toMatchObject({ isAdmin: true, isSeller: true });
    expect(calls.filter((call) => call.path === '/jwt')).toHaveLength(1);
    expect(services.auth.getIdToken).toHaveBeenCalledWith(300);
    expect(services.tokenSync.signedIn).toHaveBeenCalledWith('id-token-for-reader@example.com');
  });

  it('a restored sign-in whose token is refused ends with roles unknown and why, instead of a spinner', async () => {
    apiRecording({ jwtStatus: 401 });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, services } = start();
    store.dispatch(appStarted());
    await services.auth.signIn('reader@example.com', 'secret123');
    services.auth.emit({ uid: 'u', email: 'reader@example.com', displayName: 'Rita', emailVerified: true });
    await until(() => !store.getState().role.loading);
    expect(store.getState().role).toEqual({
      isAdmin: false,
      isSeller: false,
      loading: false,
      error: 'Your account could not be checked. Your session has ended. Sign out and log in again.',
    });
    expect(consoleError).toHaveBeenCalledWith('could not restore the session', expect.anything());
    consoleError.mockRestore();
  });
});

describe('sign-out', () => {
  it('signs out, clears the token and the cache, and goes where asked', async () => {
    apiRecording();
    const { store, services } = start();
    window.localStorage.setItem('accessToken', 'old');
    await services.auth.signIn('reader@example.com', 'secret123');
    store.dispatch(authStateChanged({ uid: 'u', email: 'reader@example.com', displayName: 'Rita', emailVerified: true }));
    await until(() => !store.getState().role.loading);
    store.dispatch(signOutRequested({ redirectTo: '/login' }));
    await until(() => services.navigation.navigate.mock.calls.length > 0);
    expect(services.auth.signOut).toHaveBeenCalled();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(store.getState().auth.status).toBe('signed-out');
    expect(services.navigation.navigate).toHaveBeenCalledWith('/login');
  });

  it('sends sign-out errors to the console only', async () => {
    const services = createFakeServices();
    services.auth.signOut.mockRejectedValueOnce(new Error('offline'));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = start(services);
    window.localStorage.setItem('accessToken', 'old');
    store.dispatch(signOutRequested());
    await until(() => store.getState().auth.status === 'signed-out');
    expect(consoleError).toHaveBeenCalledWith('sign-out failed', expect.any(Error));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    consoleError.mockRestore();
  });

  it('tells the token sync when the identity SDK reports no user', async () => {
    const { store, services } = start();
    store.dispatch(appStarted());
    services.auth.emit(null);
    await until(() => services.tokenSync.signedOut.mock.calls.length > 0);
    expect(store.getState().auth.status).toBe('signed-out');
  });
});

describe('the cache and the signed-in user', () => {
  it('drops cached answers when a different user signs in, keeps them for the same one', async () => {
    const calls = apiRecording();
    const { store, services } = start();
    store.dispatch(appStarted());
    services.auth.emit({ uid: 'uid-a', email: 'a@example.com', displayName: 'A', emailVerified: true });
    store.dispatch(roleApi.util.upsertQueryData('getIsSeller', 'a@example.com', { isSeller: true }));
    const cached = () => Object.keys(store.getState().api.queries).some((key) => key.startsWith('getIsSeller'));

    services.auth.emit({ uid: 'uid-a', email: 'a@example.com', displayName: 'A', emailVerified: true });
    expect(cached()).toBe(true);

    services.auth.emit({ uid: 'uid-b', email: 'b@example.com', displayName: 'B', emailVerified: true });
    expect(cached()).toBe(false);
    // Let B's session settle before the test's API goes away.
    await until(() => calls.filter((call) => call.path.endsWith('b%40example.com')).length === 2);
  });

  it('a sign-out arriving while a restored session waits for its token stores no token', async () => {
    let answerJwt: () => void = () => undefined;
    server.use(
      http.get(`${API}/jwt`, () => new Promise<Response>((resolve) => {
        answerJwt = () => resolve(HttpResponse.json({ accessToken: 'late-token' }));
      })),
    );
    const { store, services } = start();
    store.dispatch(appStarted());
    await services.auth.signIn('reader@example.com', 'secret123');
    services.auth.emit({ uid: 'u', email: 'reader@example.com', displayName: 'Rita', emailVerified: true });
    await until(() => answerJwt !== undefined && store.getState().auth.status === 'signed-in');
    await new Promise((resolve) => setTimeout(resolve, 20));

    services.auth.emit(null);
    answerJwt();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(store.getState().auth.status).toBe('signed-out');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});
