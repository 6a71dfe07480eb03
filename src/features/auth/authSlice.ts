import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser, Role } from '../../types/entities';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  user: AuthUser | null;
  status: AuthStatus;
  /** A log-in, sign-up or Google flow is running: the flow, not the restore, starts the session. */
  flowPending: boolean;
  /** The identity provider's message of the last failed flow. */
  error: string | null;
  /** A flow waits for this address to be confirmed (its link opened) before it signs in. */
  awaitingConfirmation: string | null;
}

const initialState: AuthState = { user: null, status: 'loading', flowPending: false, error: null, awaitingConfirmation: null };

/** Only a confirmed account is signed in to the shop; an unconfirmed one waits for its link. */
function setUser(state: AuthState, user: AuthUser | null) {
  const confirmed = user?.emailVerified ? user : null;
  state.user = confirmed;
  state.status = confirmed ? 'signed-in' : 'signed-out';
}

export interface LoginRequest {
  email: string;
  password: string;
  from?: string;
}
export interface SignupRequest {
  name: string;
  email: string;
  password: string;
  role: Extract<Role, 'Buyer' | 'seller'>;
}
export interface GoogleSignInRequest {
  from?: string;
  role?: Extract<Role, 'Buyer' | 'seller'>;
}

/** Dispatched once the first screen has painted: the identity SDK loads then. */
export const appStarted = createAction('app/started');
/** A sign-in or sign-up form was focused, pressed or typed in: the identity SDK will be needed. */
export const signInFormEngaged = createAction('auth/signInFormEngaged');

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(state, action: PayloadAction<AuthUser | null>) {
      setUser(state, action.payload);
    },
    profileUpdated(state, action: PayloadAction<AuthUser>) {
      setUser(state, action.payload);
    },
    /** The confirmation mail went out; the flow now waits for its link to be opened. */
    confirmationSent(state, action: PayloadAction<{ email: string }>) {
      state.awaitingConfirmation = action.payload.email;
    },
    /** "I have confirmed it": check now rather than at the next poll. */
    confirmationCheckRequested() {},
    confirmationResendRequested() {},
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      state.flowPending = true;
      state.error = null;
    },
    signupRequested(state, _action: PayloadAction<SignupRequest>) {
      state.flowPending = true;
      state.error = null;
    },
    googleSignInRequested(state, _action: PayloadAction<GoogleSignInRequest | undefined>) {
      state.flowPending = true;
      state.error = null;
    },
    flowSucceeded(state) {
      state.flowPending = false;
      state.error = null;
      state.awaitingConfirmation = null;
    },
    flowFailed(state, action: PayloadAction<string>) {
      state.flowPending = false;
      state.error = action.payload;
      state.awaitingConfirmation = null;
    },
    errorCleared(state) {
      state.error = null;
    },
    signOutRequested(_state, _action: PayloadAction<{ redirectTo?: string } | undefined>) {},
    signedOut(state) {
      state.user = null;
      state.status = 'signed-out';
      state.flowPending = false;
      state.awaitingConfirmation = null;
    },
    /** The API token is stored: protected calls can go out. */
    sessionStarted(_state, _action: PayloadAction<{ email: string }>) {},
    /** A restored sign-in could not get an API token: signed in, roles unknown (why, in a sentence). */
    sessionFailed(_state, _action: PayloadAction<string>) {},
    /** Try again to get an API token and the roles, after a failure. */
    sessionRetryRequested() {},
  },
  selectors: {
    selectUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
    selectAuthError: (state) => state.error,
    selectFlowPending: (state) => state.flowPending,
    selectAwaitingConfirmation: (state) => state.awaitingConfirmation,
  },
});

export const {
  authStateChanged,
  profileUpdated,
  confirmationSent,
  confirmationCheckRequested,
  confirmationResendRequested,
  loginRequested,
  signupRequested,
  googleSignInRequested,
  flowSucceeded,
  flowFailed,
  errorCleared,
  signOutRequested,
  signedOut,
  sessionStarted,
  sessionFailed,
  sessionRetryRequested,
} = authSlice.actions;
export const { selectUser, selectAuthStatus, selectAuthError, selectFlowPending, selectAwaitingConfirmation } =
  authSlice.selectors;
export default authSlice.reducer;
