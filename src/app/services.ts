import type { AuthUser } from '../types/entities';

/**
 * The outside world as the listeners see it. Real implementations are wired in
 * `src/index.tsx`; tests pass fakes through `setupStore(preloaded, services)`.
 */
export interface AuthService {
  /** Calls back with the first auth status and every change after it. */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signUp(email: string, password: string): Promise<AuthUser>;
  updateDisplayName(name: string): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  /** Mails the signed-in user a link that confirms their address. */
  sendEmailVerification(): Promise<void>;
  /** The signed-in user as the provider has them now (say, just confirmed); null when signed out. */
  reloadUser(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
  /** The current user's ID token, refreshed when older than `maxAgeSeconds`. */
  getIdToken(maxAgeSeconds?: number): Promise<string | null>;
}

export interface BillingDetails {
  name: string;
  email: string;
}

export type CardResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** One mounted card form: what the checkout page hands to the pay flow. */
export interface CardSession {
  createPaymentMethod(billing: BillingDetails): Promise<CardResult<{ id: string }>>;
  confirmCardPayment(
    clientSecret: string,
    paymentMethodId: string,
  ): Promise<CardResult<{ id: string; status: string }>>;
}

export interface PaymentService {
  /** The checkout page attaches its card form when it is ready and detaches on leave. */
  attach(session: CardSession | null): void;
  current(): CardSession | null;
}

export interface NavigationService {
  navigate(to: string, options?: { replace?: boolean }): void;
}

export type NotifyVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export interface Notifier {
  notify(message: string, variant?: NotifyVariant): void;
  /** A persistent toast; returns its key to close it. */
  loading(message: string): string | number;
  close(key: string | number): void;
}

/** Optional mirror of the signed-in state to a configured URL. */
export interface TokenSync {
  signedIn(idToken: string): Promise<void>;
  signedOut(): Promise<void>;
}

export interface AppServices {
  auth: AuthService;
  payments: PaymentService;
  navigation: NavigationService;
  notifier: Notifier;
  tokenSync: TokenSync;
}

export function createPaymentService(): PaymentService {
  let session: CardSession | null = null;
  return {
    attach: (next) => {
      session = next;
    },
    current: () => session,
  };
}

/** Router navigation bound after the router exists (the router needs the store first). */
export function createNavigationService(): NavigationService & {
  bind(navigate: NavigationService['navigate']): void;
} {
  let bound: NavigationService['navigate'] | undefined;
  return {
    bind: (navigate) => {
      bound = navigate;
    },
    navigate: (to, options) => {
      if (bound) bound(to, options);
      else window.location.assign(to);
    },
  };
}

/** Defers loading the identity SDK until something needs it, keeping it off the first paint. */
export function createLazyAuthService(load: () => Promise<AuthService>): AuthService {
  let loaded: Promise<AuthService> | undefined;
  // A failed load (offline, a flaky chunk) is not kept: the next use tries again.
  const service = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  return {
    onAuthStateChanged: (callback) => {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      service().then(
        (auth) => {
          if (!cancelled) unsubscribe = auth.onAuthStateChanged(callback);
        },
        (error: unknown) => {
          // Without the SDK nobody can be signed in: say so rather than load for ever.
          console.error('the identity SDK could not be loaded', error);
          if (!cancelled) callback(null);
        },
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    signIn: async (email, password) => (await service()).signIn(email, password),
    signUp: async (email, password) => (await service()).signUp(email, password),
    updateDisplayName: async (name) => (await service()).updateDisplayName(name),
    signInWithGoogle: async () => (await service()).signInWithGoogle(),
    sendEmailVerification: async () => (await service()).sendEmailVerification(),
    reloadUser: async () => (await service()).reloadUser(),
    signOut: async () => (await service()).signOut(),
    getIdToken: async (maxAgeSeconds) => (await service()).getIdToken(maxAgeSeconds),
  };
}
