import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppServices } from '../../app/services';
import type { AppDispatch } from '../../app/store';
import { baseApi, errorMessage, isNotFound } from '../../api/baseApi';
import { loadFailedMessage } from '../../api/errorMessages';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { clearAccessToken, storeAccessToken } from '../../lib/tokenStorage';
import type { AuthUser } from '../../types/entities';
import { authApi, type NewUser } from './authApi';
import { rememberPendingSignup, sendConfirmation, takePendingSignup, waitForConfirmation } from './confirmation';
import {
  appStarted,
  authStateChanged,
  confirmationResendRequested,
  flowFailed,
  flowSucceeded,
  googleSignInRequested,
  loginRequested,
  profileUpdated,
  sessionFailed,
  sessionRetryRequested,
  sessionStarted,
  signedOut,
  signInFormEngaged,
  signOutRequested,
  signupRequested,
} from './authSlice';

/** Token sync refreshes the ID token once it is older than this. */
export const ID_TOKEN_MAX_AGE_SECONDS = 300;

interface FlowApi {
  dispatch: AppDispatch;
  extra: AppServices;
  /** Resolves as the promise does, or throws once this flow has been superseded. */
  pause<T>(promise: Promise<T>): Promise<T>;
}

const describeError = (error: unknown) => errorMessage(error, copy.errors.generic);

async function requireIdToken(extra: AppServices): Promise<string> {
  const idToken = await extra.auth.getIdToken();
  if (!idToken) throw new Error(copy.errors.generic);
  return idToken;
}

/** `GET /jwt` with proof of identity, then keep the API token where the base query reads it. */
async function startSession(user: AuthUser, { dispatch, extra, pause }: FlowApi): Promise<void> {
  if (!user.email) throw new Error(copy.errors.generic);
  const idToken = await pause(requireIdToken(extra));
  const { accessToken } = await pause(
    dispatch(authApi.endpoints.issueAccessToken.initiate({ email: user.email, idToken }, { track: false })).unwrap(),
  );
  // Not reached when a newer auth status (say, a sign-out) superseded this flow meanwhile.
  storeAccessToken(accessToken);
  dispatch(sessionStarted({ email: user.email }));
}

async function saveUserRecord(user: NewUser, { dispatch, extra }: FlowApi): Promise<void> {
  const idToken = await requireIdToken(extra);
  await dispatch(authApi.endpoints.saveUser.initiate({ user, idToken }, { track: false })).unwrap();
}

/**
 * Log-in's session: an account confirmed after its sign-up page was closed has no record yet,
 * so it is made then, with what the sign-up chose (kept on this device) or as a Buyer.
 */
async function startSessionMakingRecord(user: AuthUser, api: FlowApi): Promise<void> {
  try {
    await startSession(user, api);
  } catch (error) {
    if (!isNotFound(error) || !user.email) throw error;
    const chosen = takePendingSignup(user.email);
    await saveUserRecord(
      { name: chosen?.name ?? user.displayName ?? user.email, email: user.email, role: chosen?.role ?? 'Buyer' },
      api,
    );
    await startSession(user, api);
  }
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

  startListening({
    actionCreator: signInFormEngaged,
    effect: (_action, api) => {
      api.extra.auth.warmUp();
    },
  });

  // A session restored on reload gets a fresh API token; flows start their own. A newer auth
  // status supersedes a restore still under way.
  startListening({
    actionCreator: authStateChanged,
    effect: async ({ payload: user }, api) => {
      api.cancelActiveListeners();
      const { auth, tokenSync } = api.extra;
      // An unconfirmed account is not signed in to the shop; a flow waiting for its link goes on.
      if (user && !user.emailVerified) {
        clearAccessToken();
        return;
      }
      if (!user) {
        clearAccessToken();
        api.dispatch(signedOut());
        api.fork(() => tokenSync.signedOut().catch((error: unknown) => console.error(error)));
        return;
      }
      // The mirror of the signed-in state runs beside the session, never in its way.
      api.fork(async () => {
        const idToken = await auth.getIdToken(ID_TOKEN_MAX_AGE_SECONDS).catch(() => null);
        if (idToken) await tokenSync.signedIn(idToken).catch((error: unknown) => console.error(error));
      });
      if (api.getState().auth.flowPending) return;
      try {
        await startSession(user, api);
      } catch (error) {
        if (api.signal.aborted) return;
        console.error('could not restore the session', error);
        clearAccessToken();
        api.dispatch(sessionFailed(loadFailedMessage(error, copy.roles.checkFailed)));
      }
    },
  });

  // Retry after a failed check: a new API token, then the roles (through sessionStarted).
  startListening({
    actionCreator: sessionRetryRequested,
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const user = api.getState().auth.user;
      if (!user) return;
      try {
        await startSession(user, api);
      } catch (error) {
        if (api.signal.aborted) return;
        clearAccessToken();
        api.dispatch(sessionFailed(loadFailedMessage(error, copy.roles.checkFailed)));
      }
    },
  });

  // Whoever signs in next must not see the cached answers of whoever was signed in before.
  startListening({
    predicate: (_action, current, original) =>
      original.auth.user !== null && current.auth.user?.uid !== original.auth.user.uid,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });

  startListening({
    actionCreator: loginRequested,
    effect: async ({ payload }, api) => {
      api.cancelActiveListeners();
      try {
        const started = api.extra.navigation.here();
        const signedIn = await api.extra.auth.signIn(payload.email, payload.password);
        const user = await waitForConfirmation(signedIn, api);
        if (!user) return; // gave up waiting: signed out
        api.dispatch(profileUpdated(user));
        await startSessionMakingRecord(user, api);
        api.dispatch(flowSucceeded());
        // Once the menu shows them signed in they may go on by themselves: only a reader still on
        // the page they signed in from is taken onwards.
        if (api.extra.navigation.here() === started) api.extra.navigation.navigate(payload.from ?? paths.home, { replace: true });
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
        const named = await auth.updateDisplayName(payload.name);
        // The API keeps records of confirmed addresses only: the record waits for the link.
        rememberPendingSignup({ name: payload.name, email: payload.email, role: payload.role });
        const user = await waitForConfirmation(named, api);
        if (!user) return; // gave up waiting: signed out
        api.dispatch(profileUpdated(user));
        takePendingSignup(payload.email);
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
        const started = api.extra.navigation.here();
        const user = await api.extra.auth.signInWithGoogle();
        api.dispatch(profileUpdated(user));
        if (!user.email) throw new Error(copy.errors.generic);
        await saveUserRecord(
          { name: user.displayName ?? user.email, email: user.email, role: payload?.role ?? 'Buyer' },
          api,
        );
        await startSession(user, api);
        api.dispatch(flowSucceeded());
        if (api.extra.navigation.here() === started) api.extra.navigation.navigate(payload?.from ?? paths.home, { replace: true });
      } catch (error) {
        api.dispatch(flowFailed(describeError(error)));
      }
    },
  });

  startListening({
    actionCreator: confirmationResendRequested,
    effect: async (_action, api) => {
      const email = api.getState().auth.awaitingConfirmation;
      if (!email) return;
      try {
        await sendConfirmation(api);
        api.extra.notifier.notify(copy.confirm.resent(email), 'success');
      } catch (error) {
        api.extra.notifier.notify(describeError(error), 'error');
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
      if (payload?.redirectTo) api.extra.navigation.navigate(payload.redirectTo);
    },
  });
}
