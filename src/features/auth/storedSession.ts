/*
 * Whether Firebase Auth has a signed-in user saved in this browser, read without loading the SDK.
 * With `browserLocalPersistence` (see firebaseAuthService.ts) the SDK keeps the user in
 * localStorage under `firebase:authUser:<api key>:<app name>`. Should that ever change, a saved
 * session reads as none: the visitor sees "Log In" until a sign-in form loads the SDK, which then
 * reports the user as before. A browser test signs in with the real SDK and checks that the
 * session is found under this key (e2e/visitor.spec.ts).
 */
const SESSION_KEY = /^firebase:authUser:/;

export function firebaseSessionStored(storage: Storage = window.localStorage): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (SESSION_KEY.test(storage.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    // Storage that cannot be read (blocked cookies): let the SDK decide, as before.
    return true;
  }
}

/** Calls `wake` when another tab saves a session; answers a function that stops watching. */
export function watchFirebaseSessionElsewhere(wake: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && SESSION_KEY.test(event.key) && event.newValue !== null) wake();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
