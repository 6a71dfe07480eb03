import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppServices } from '../../app/services';
import type { AppDispatch } from '../../app/store';
import { baseApi } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { clearAccessToken, storeAccessToken } from '../../lib/tokenStorage';
import type { AuthUser } from '../../types/entities';
import { authApi, type NewUser } from './authApi';
import {
  appStarted,
  authStateChanged,
  flowFailed,
  flowSucceeded,
  googleSignInRequested,
  loginRequested,
  profileUpdated,
  sessionFailed,
  sessionStarted,
  signedOut,
  signOutRequested,
  signupRequested,
} from './authSlice';

/** Token sync refreshes the ID token once it is older than this. */
export const ID_TOKEN_MAX_AGE_SECONDS = 300;

interface FlowApi {
  dispatch: AppDispatch;
  extra: AppServices;
}

export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object') {
    const data = (error as { data?: { message?: unknown } }).data;
    if (data && typeof data.message === 'string') return data.message;
  }
  return copy.errors.generic;
}

async function requireIdToken(extra: AppServices): Promise<string> {
  const idToken = await extra.auth.getIdToken();
  if (!idToken) throw new Error(copy.errors.generic);
  return idToken;
}

/** `GET /jwt` with proof of identity, then keep the API token where the base query reads it. */
async function startSession(user: AuthUser, { dispatch, extra }: FlowApi): Promise<void> {
  if (!user.email) throw new Error(copy.errors.generic);
  const idToken = await requireIdToken(extra);
  const { accessToken } = await dispatch(
    authApi.endpoints.issueAccessToken.initiate({ email: user.email, idToken }),
  ).unwrap();
  storeAccessToken(accessToken);
  dispatch(sessionStarted({ email: user.email }));
}

async function saveUserRecord(user: NewUser, { dispatch, extra }: FlowApi): Promise<void> {
  const idToken = await requireIdToken(extra);
  await dispatch(authApi.endpoints.saveUser.initiate({ user, idToken })).unwrap();
}

export function addAuthListeners(startListening: AppStartListening): void {
  // The identity SDK is loaded after first paint; from then on it reports every change.
  startListening({
    actionCreator: appStarted,
    effect: (_action, api) => {
      api.unsubscribe();
      api.extra.auth.onAuthStateChanged((user) => api.dispatch(authStateChanged(user)));
    },
  });

  // A session restored on reload gets a fresh API token; flows start their own.
  startListening({
    actionCreator: authStateChanged,
    effect: async ({ payload: user }, api) => {
      const { tokenSync } = api.extra;
      if (!user) {
        clearAccessToken();
        api.dispatch(signedOut());
        await tokenSync.signedOut().catch((error: unknown) => console.error(error));
        return;
      }
      const idToken = await api.extra.auth.getIdToken(ID_TOKEN_MAX_AGE_SECONDS).catch(() => null);
      if (idToken) await tokenSync.signedIn(idToken).catch((error: unknown) => console.error(error));
      if (api.getState().auth.flowPending) return;
      try {
        await startSession(user, api);
      } catch (error) {
        console.error('could not restore the session', error);
        clearAccessToken();
        api.dispatch(sessionFailed());
      }
    },
  });

  startListening({
    actionCreator: loginRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      try {
        const user = await api.extra.auth.signIn(payload.email, payload.password);
        api.dispatch(profileUpdated(user));
        await startSession(user, api);
        api.dispatch(flowSucceeded());
        api.extra.navigation.navigate(payload.from ?? paths.home, { replace: true });
      } catch (error) {
        api.dispatch(flowFailed(describeError(error)));
      }
    },
  });

  startListening({
    actionCreator: signupRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      const { auth, notifier, navigation } = api.extra;
      try {
        await auth.signUp(payload.email, payload.password);
        const user = await auth.updateDisplayName(payload.name);
        api.dispatch(profileUpdated(user));
        await saveUserRecord({ name: payload.name, email: payload.email, role: payload.role }, api);
        notifier.notify(copy.userCreated, 'success');
        await startSession(user, api);
        api.dispatch(flowSucceeded());
        navigation.navigate(paths.home, { replace: true });
      } catch (error) {
        api.dispatch(flowFailed(describeError(error)));
      }
    },
  });

  // Google goes through the same path as sign-up: save the record (idempotent), then the token.
  startListening({
    actionCreator: googleSignInRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      try {
        const user = await api.extra.auth.signInWithGoogle();
        api.dispatch(profileUpdated(user));
        if (!user.email) throw new Error(copy.errors.generic);
        await saveUserRecord(
          { name: user.displayName ?? user.email, email: user.email, role: payload?.role ?? 'Buyer' },
          api,
        );
        await startSession(user, api);
        api.dispatch(flowSucceeded());
        api.extra.navigation.navigate(payload?.from ?? paths.home, { replace: true });
      } catch (error) {
        api.dispatch(flowFailed(describeError(error)));
      }
    },
  });

  startListening({
    actionCreator: signOutRequested,
    effect: async ({ payload }, api) => {
      try {
        await api.extra.auth.signOut();
      } catch (error) {
        console.error('sign-out failed', error);
      }
      clearAccessToken();
      api.dispatch(signedOut());
      api.dispatch(baseApi.util.resetApiState());
      if (payload?.redirectTo) api.extra.navigation.navigate(payload.redirectTo);
    },
  });
}
