import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  initializeAuth,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  onAuthStateChanged,
  reload,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import type { AuthService } from '../../app/services';
import type { FirebaseWebConfig } from '../../config/env';
import { copy } from '../../config/copy';
import type { AuthUser } from '../../types/entities';

const toAuthUser = (user: User): AuthUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  emailVerified: user.emailVerified,
});

/** Firebase Auth behind the AuthService contract. Loaded on demand, never on the first paint. */
export function createFirebaseAuthService(config: FirebaseWebConfig): AuthService {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    ...(config.appId ? { appId: config.appId } : {}),
  });
  // No pop-up resolver here: given one, the SDK preloads Google's helper script on phones on
  // every page. It is handed to the pop-up only when the user asks for Google sign-in.
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (config.emulatorHost) {
    connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true });
  }

  const requireUser = (): User => {
    if (!auth.currentUser) throw new Error(copy.errors.generic);
    return auth.currentUser;
  };

  return {
    onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(user ? toAuthUser(user) : null)),
    signIn: async (email, password) => toAuthUser((await signInWithEmailAndPassword(auth, email, password)).user),
    signUp: async (email, password) => toAuthUser((await createUserWithEmailAndPassword(auth, email, password)).user),
    updateDisplayName: async (name) => {
      const user = requireUser();
      await updateProfile(user, { displayName: name });
      return toAuthUser(user);
    },
    signInWithGoogle: async () => {
      try {
        return toAuthUser((await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver)).user);
      } catch (error) {
        // Offline, the SDK cannot fetch Google's helper script and reports an internal error.
        const code = (error as { code?: unknown }).code;
        if (code === 'auth/internal-error' || code === 'auth/network-request-failed') {
          throw new Error(copy.errors.googleOffline);
        }
        throw error;
      }
    },
    sendEmailVerification: () => sendEmailVerification(requireUser()),
    reloadUser: async () => {
      const user = auth.currentUser;
      if (!user) return null;
      await reload(user);
      // A fresh ID token carries the confirmed address to the API.
      if (user.emailVerified) await user.getIdToken(true);
      return toAuthUser(user);
    },
    signOut: () => signOut(auth),
    // Loaded means ready: there is nothing more to warm up.
    warmUp: () => undefined,
    getIdToken: async (maxAgeSeconds) => {
      const user = auth.currentUser;
      if (!user) return null;
      if (maxAgeSeconds === undefined) return user.getIdToken();
      const result = await user.getIdTokenResult();
      const ageSeconds = (Date.now() - Date.parse(result.issuedAtTime)) / 1000;
      return ageSeconds > maxAgeSeconds ? user.getIdToken(true) : result.token;
    },
  };
}
