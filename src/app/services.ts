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
  /** Gets the SDK ready ahead of use (a sign-in form was touched); nothing else changes. */
  warmUp(): void;
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
  /** Where the reader is now (path and query): a flow that ends later moves them only if they stayed. */
  here(): string;
  /** Leaves the app for another site's page (the payment provider's onboarding): a full page load. */
  leave(url: string): void;
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

/** One event of a `text/event-stream`. */
export interface ServerEvent {
  /** The last `id:` seen so far (it carries over), or null. */
  id: string | null;
  event: string;
  data: string;
}

export interface EventStreamOptions {
  /** The API access token: sent in the `authorization` header. */
  token: string;
  /** Where to resume: sent as `Last-Event-ID`. */
  lastEventId: string | null;
  signal: AbortSignal;
  /** The API accepted: the stream is open. */
  onOpen(): void;
  onEvent(event: ServerEvent): void;
  /** The server's `retry:` advice, in ms. */
  onRetry?(ms: number): void;
}

/** The API's live events of the signed-in user. */
export interface EventStreamService {
  /**
   * Opens the stream and reads it until the server ends it (resolves) or it breaks or is refused
   * (rejects; `EventStreamError` with the status when the API answered). Abort with `signal`.
   */
  connect(options: EventStreamOptions): Promise<void>;
}

/** A file made in the browser, to be saved where the browser saves downloads. */
export interface DownloadFile {
  name: string;
  /** Its media type, e.g. `text/csv`. */
  type: string;
  content: string;
}

export interface FileService {
  save(file: DownloadFile): void;
}

export interface AppServices {
  auth: AuthService;
  payments: PaymentService;
  navigation: NavigationService;
  notifier: Notifier;
  tokenSync: TokenSync;
  events: EventStreamService;
  files: FileService;
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
    here: () => `${window.location.pathname}${window.location.search}`,
    leave: (url) => window.location.assign(url),
  };
}

export interface LazyAuthOptions {
  /**
   * Whether this browser holds a saved session. When it does not, nobody can be signed in until
   * someone signs in here or in another tab: the first status is "signed out" at once, and the
   * SDK is loaded only when something uses it.
   */
  sessionStored?: () => boolean;
  /** Calls `wake` when another tab saves a session; answers a function that stops watching. */
  watchSessionElsewhere?: (wake: () => void) => () => void;
}

/**
 * Defers loading the identity SDK until something needs it, keeping it off the first paint; with
 * no saved session, off the page entirely until a sign-in form is touched or used.
 */
export function createLazyAuthService(load: () => Promise<AuthService>, options: LazyAuthOptions = {}): AuthService {
  let loaded: Promise<AuthService> | undefined;
  const whenLoaded: Array<(auth: AuthService) => void> = [];
  // A failed load (offline, a flaky chunk) is not kept: the next use tries again.
  const service = () =>
    (loaded ??= load().then(
      (auth) => {
        for (const attach of whenLoaded.splice(0)) attach(auth);
        return auth;
      },
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));
  const warmUp = () => {
    service().catch((error: unknown) => console.error('the identity SDK could not be loaded', error));
  };

  /** No saved session: "signed out" now; the SDK's own reports once something loads it. */
  const reportSignedOutUntilUsed = (callback: (user: AuthUser | null) => void) => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    let lastWasNobody = true;
    queueMicrotask(() => {
      if (!cancelled) callback(null);
    });
    whenLoaded.push((auth) => {
      if (cancelled) return;
      unsubscribe = auth.onAuthStateChanged((user) => {
        // The SDK's first word is "nobody" too: said once is enough.
        if (!user && lastWasNobody) return;
        lastWasNobody = !user;
        callback(user);
      });
    });
    const stopWatching = options.watchSessionElsewhere?.(warmUp);
    return () => {
      cancelled = true;
      stopWatching?.();
      unsubscribe?.();
    };
  };

  return {
    onAuthStateChanged: (callback) => {
      if (!loaded && options.sessionStored && !options.sessionStored()) return reportSignedOutUntilUsed(callback);
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
    warmUp,
  };
}
