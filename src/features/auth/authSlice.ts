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
}

const initialState: AuthState = { user: null, status: 'loading', flowPending: false, error: null };

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

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(state, action: PayloadAction<AuthUser | null>) {
      state.user = action.payload;
      state.status = action.payload ? 'signed-in' : 'signed-out';
    },
    profileUpdated(state, action: PayloadAction<AuthUser>) {
      state.user = action.payload;
      state.status = 'signed-in';
    },
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
    },
    flowFailed(state, action: PayloadAction<string>) {
      state.flowPending = false;
      state.error = action.payload;
    },
    errorCleared(state) {
      state.error = null;
    },
    signOutRequested(_state, _action: PayloadAction<{ redirectTo?: string } | undefined>) {},
    signedOut(state) {
      state.user = null;
      state.status = 'signed-out';
      state.flowPending = false;
    },
    /** The API token is stored: protected calls can go out. */
    sessionStarted(_state, _action: PayloadAction<{ email: string }>) {},
    /** A restored sign-in could not get an API token: signed in, but no roles. */
    sessionFailed() {},
  },
  selectors: {
    selectUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
    selectAuthError: (state) => state.error,
    selectFlowPending: (state) => state.flowPending,
  },
});

export const {
  authStateChanged,
  profileUpdated,
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
} = authSlice.actions;
export const { selectUser, selectAuthStatus, selectAuthError, selectFlowPending } = authSlice.selectors;
export default authSlice.reducer;
