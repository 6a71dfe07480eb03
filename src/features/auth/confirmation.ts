import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import type { AuthUser, Role } from '../../types/entities';
import { confirmationCheckRequested, confirmationSent, profileUpdated, signedOut } from './authSlice';

/** How often a waiting flow asks the provider whether the link was opened. */
export const CONFIRMATION_POLL_MS = 3000;
/** A flow waits this long for the link, then tells the user to log in once confirmed. */
export const CONFIRMATION_WAIT_MS = 30 * 60 * 1000;

const PENDING_SIGNUP_KEY = 'pendingSignup';

export interface PendingSignup {
  email: string;
  name: string;
  role: Extract<Role, 'Buyer' | 'seller'>;
}

/**
 * What a sign-up chose, kept until the address is confirmed: a user who confirms later and logs
 * in (the sign-up page long closed) still gets the record they asked for.
 */
export function rememberPendingSignup(signup: PendingSignup): void {
  try {
    localStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify({ ...signup, email: signup.email.toLowerCase() }));
  } catch {
    // Storage full or blocked: the log-in flow then falls back to the display name and Buyer.
  }
}

/** The sign-up choices kept for `email`, removed once read. */
export function takePendingSignup(email: string): PendingSignup | undefined {
  try {
    const raw = localStorage.getItem(PENDING_SIGNUP_KEY);
    if (!raw) return undefined;
    const pending = JSON.parse(raw) as Partial<PendingSignup>;
    if (pending.email !== email.toLowerCase() || typeof pending.name !== 'string') return undefined;
    localStorage.removeItem(PENDING_SIGNUP_KEY);
    return { email: pending.email, name: pending.name, role: pending.role === 'seller' ? 'seller' : 'Buyer' };
  } catch {
    return undefined;
  }
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

/** Mails a confirmation link; a link sent moments ago (the provider says "too many") still counts. */
export async function sendConfirmation(api: AppListenerEffectAPI): Promise<void> {
  try {
    await api.extra.auth.sendEmailVerification();
  } catch (error) {
    if (errorCode(error) !== 'auth/too-many-requests') throw error;
  }
}

/**
 * The user once their address is confirmed: mails the link, then asks the provider every few
 * seconds (at once on "I have confirmed it") until the link was opened. Null when the user gave
 * up (signed out meanwhile); throws when the wait runs out.
 */
export async function waitForConfirmation(user: AuthUser, api: AppListenerEffectAPI): Promise<AuthUser | null> {
  if (user.emailVerified) return user;
  if (!user.email) throw new Error(copy.errors.generic);
  api.dispatch(profileUpdated(user)); // known, but not signed in to the shop until confirmed
  await sendConfirmation(api);
  api.dispatch(confirmationSent({ email: user.email }));
  const deadline = Date.now() + CONFIRMATION_WAIT_MS;
  while (Date.now() < deadline) {
    await api.condition(
      (action) => confirmationCheckRequested.match(action) || signedOut.match(action),
      CONFIRMATION_POLL_MS,
    );
    if (api.getState().auth.awaitingConfirmation === null) return null;
    const current = await api.extra.auth.reloadUser();
    if (!current) return null;
    if (current.emailVerified) return current;
  }
  throw new Error(copy.confirm.timedOut);
}
