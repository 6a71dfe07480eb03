/** A caller proven by an identity-provider ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  /** The provider has proven the caller owns the address (not just typed it at sign-up). */
  emailVerified: boolean;
}

/** Verifies an ID token; rejects when the token is not genuine. Tests inject a fake. */
export type IdTokenVerifier = (idToken: string) => Promise<VerifiedIdentity>;

export interface FirebaseVerifierOptions {
  projectId: string;
  authEmulatorHost?: string;
}

let appCounter = 0;

/** Verifies Firebase ID tokens with firebase-admin (the Auth emulator when its host is set). */
export function firebaseIdTokenVerifier(options: FirebaseVerifierOptions): IdTokenVerifier {
  if (options.authEmulatorHost && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    // firebase-admin reads the emulator host from the environment only.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  }
  // Loaded on first use: firebase-admin is heavy and tests never need it.
  let verifyPromise: Promise<(token: string) => Promise<{ uid: string; email?: string; email_verified?: boolean }>> | undefined;
  const load = async () => {
    const [{ initializeApp }, { getAuth }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/auth'),
    ]);
    // Only the project id: verifying ID tokens needs no service-account credentials.
    const app = initializeApp({ projectId: options.projectId }, `book-resale-${++appCounter}`);
    const auth = getAuth(app);
    return (token: string) => auth.verifyIdToken(token);
  };
  return async (idToken) => {
    verifyPromise ??= load().catch((error: unknown) => {
      verifyPromise = undefined; // let the next call retry
      throw error;
    });
    const decoded = await (await verifyPromise)(idToken);
    if (!decoded.email) throw new Error('The ID token carries no email');
    return { uid: decoded.uid, email: decoded.email, emailVerified: decoded.email_verified === true };
  };
}
