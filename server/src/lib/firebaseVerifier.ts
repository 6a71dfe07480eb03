/** A caller proven by an identity-provider ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  /** The provider has proven the caller owns the address (not just typed it at sign-up). */
  emailVerified: boolean;
}

/** Verifies an ID token; rejects when the token is not genuine, revoked or its account disabled. */
export type IdTokenVerifier = (idToken: string) => Promise<VerifiedIdentity>;

/** Where an identity-provider account stands now. */
export interface AccountStanding {
  /** False when the account is disabled or deleted. */
  active: boolean;
  /** Sessions begun before this moment (ms since the epoch) were revoked. */
  validAfterMs?: number;
}

/** Looks an account up at the identity provider; rejects when the provider cannot be asked. */
export type AccountChecker = (uid: string) => Promise<AccountStanding>;

export interface FirebaseVerifierOptions {
  projectId: string;
  authEmulatorHost?: string;
}

interface FirebaseAuthSlice {
  verifyIdToken(token: string, checkRevoked: boolean): Promise<{ uid: string; email?: string; email_verified?: boolean }>;
  getUser(uid: string): Promise<{ email?: string; emailVerified: boolean; disabled: boolean; tokensValidAfterTime?: string }>;
}

let appCounter = 0;

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

/**
 * Firebase Auth through firebase-admin (the Auth emulator when its host is set): ID-token
 * verification that refuses revoked sessions and disabled accounts, and account look-ups.
 *
 * The emulator signs nothing, so a caller could edit an emulator token's claims. In emulator
 * mode the email and its verification are therefore read from the emulator's own account record,
 * never from the token. A real project's tokens are signed by Google, so their claims are used.
 */
export function firebaseIdentity(options: FirebaseVerifierOptions): { verifyIdToken: IdTokenVerifier; checkAccount: AccountChecker } {
  const emulated = options.authEmulatorHost !== undefined;
  if (options.authEmulatorHost && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    // firebase-admin reads the emulator host from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  }
  // Loaded on first use: firebase-admin is heavy and tests never need it.
  let authPromise: Promise<FirebaseAuthSlice> | undefined;
  const load = async (): Promise<FirebaseAuthSlice> => {
    const [{ initializeApp }, { getAuth }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/auth'),
    ]);
    // A real project needs service-account credentials (GOOGLE_APPLICATION_CREDENTIALS) for the
    // revocation check and account look-ups; the emulator needs none.
    return getAuth(initializeApp({ projectId: options.projectId }, `book-resale-${++appCounter}`));
  };
  const auth = () =>
    (authPromise ??= load().catch((error: unknown) => {
      authPromise = undefined; // let the next call retry
      throw error;
    }));

  return {
    async verifyIdToken(idToken) {
      const firebase = await auth();
      const decoded = await firebase.verifyIdToken(idToken, true);
      if (emulated) {
        const account = await firebase.getUser(decoded.uid);
        if (!account.email) throw new Error('The account has no email');
        return { uid: decoded.uid, email: account.email, emailVerified: account.emailVerified };
      }
      if (!decoded.email) throw new Error('The ID token carries no email');
      return { uid: decoded.uid, email: decoded.email, emailVerified: decoded.email_verified === true };
    },
    async checkAccount(uid) {
      const firebase = await auth();
      try {
        const account = await firebase.getUser(uid);
        const validAfterMs = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : undefined;
        return { active: !account.disabled, validAfterMs: Number.isNaN(validAfterMs) ? undefined : validAfterMs };
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return { active: false };
        throw error;
      }
    },
  };
}
