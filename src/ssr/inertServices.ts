import { createNavigationService, createPaymentService, type AppServices, type AuthService } from '../app/services';

const unavailable = (): Promise<never> => Promise.reject(new Error('Not available while prerendering'));

/**
 * Services for rendering a page to HTML. Effects do not run there, so nothing calls them; the
 * identity service reports nobody and never loads the SDK.
 */
export function createInertServices() {
  const auth: AuthService = {
    onAuthStateChanged: () => () => undefined,
    signIn: unavailable,
    signUp: unavailable,
    updateDisplayName: unavailable,
    signInWithGoogle: unavailable,
    sendEmailVerification: unavailable,
    reloadUser: unavailable,
    signOut: unavailable,
    getIdToken: () => Promise.resolve(null),
    warmUp: () => undefined,
  };
  const navigation = createNavigationService();
  const services: AppServices = {
    auth,
    payments: createPaymentService(),
    navigation,
    notifier: { notify: () => undefined, loading: () => 0, close: () => undefined },
    tokenSync: { signedIn: () => Promise.resolve(), signedOut: () => Promise.resolve() },
    events: { connect: unavailable },
    files: { save: () => undefined },
  };
  return { services, navigation };
}
