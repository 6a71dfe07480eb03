import type {
  AppServices,
  AuthService,
  CardSession,
  DownloadFile,
  EventStreamOptions,
  EventStreamService,
  Notifier,
  ServerEvent,
  TokenSync,
} from '../app/services';
import { EventStreamError } from '../lib/eventStream';
import { createPaymentService } from '../app/services';
import type { AuthUser } from '../types/entities';

export interface FakeAuth extends AuthService {
  /** Report a new auth status, as the identity SDK would. */
  emit(user: AuthUser | null): void;
  signIn: jest.Mock<Promise<AuthUser>, [string, string]>;
  signUp: jest.Mock<Promise<AuthUser>, [string, string]>;
  updateDisplayName: jest.Mock<Promise<AuthUser>, [string]>;
  signInWithGoogle: jest.Mock<Promise<AuthUser>, []>;
  sendEmailVerification: jest.Mock<Promise<void>, []>;
  reloadUser: jest.Mock<Promise<AuthUser | null>, []>;
  signOut: jest.Mock<Promise<void>, []>;
  /** What opening the mailed link does: the address counts as confirmed from now on. */
  confirmEmail(email: string): void;
  /** An account whose address was never confirmed (new sign-ups start so). */
  markUnconfirmed(email: string): void;
  getIdToken: jest.Mock<Promise<string | null>, [number?]>;
  warmUp: jest.Mock<void, []>;
}

export const testUser: AuthUser = { uid: 'uid-1', email: 'reader@example.com', displayName: 'Rita Reader', emailVerified: true };

/** An identity provider in memory: the password `secret123` works for every email. */
export function createFakeAuth(): FakeAuth {
  const callbacks = new Set<(user: AuthUser | null) => void>();
  const unconfirmed = new Set<string>();
  const isConfirmed = (email: string | null) => email !== null && !unconfirmed.has(email);
  let current: AuthUser | null = null;
  const setCurrent = (user: AuthUser | null) => {
    current = user;
    return user;
  };
  return {
    emit: (user) => {
      current = user;
      callbacks.forEach((callback) => callback(user));
    },
    onAuthStateChanged: (callback) => {
      callbacks.add(callback);
      return () => callbacks.delete(callback);
    },
    signIn: jest.fn(async (email: string, password: string) => {
      if (password !== 'secret123') throw new Error('Firebase: Error (auth/invalid-credential).');
      return setCurrent({ uid: `uid-${email}`, email, displayName: 'Rita Reader', emailVerified: isConfirmed(email) }) as AuthUser;
    }),
    signUp: jest.fn(async (email: string, _password: string) => {
      unconfirmed.add(email);
      return setCurrent({ uid: `uid-${email}`, email, displayName: null, emailVerified: false }) as AuthUser;
    }),
    updateDisplayName: jest.fn(async (name: string) => {
      if (!current) throw new Error('no user');
      return setCurrent({ ...current, displayName: name }) as AuthUser;
    }),
    signInWithGoogle: jest.fn(
      async () => setCurrent({ uid: 'uid-google', email: 'gina@example.com', displayName: 'Gina Google', emailVerified: true }) as AuthUser,
    ),
    sendEmailVerification: jest.fn(async () => {
      if (!current) throw new Error('no user');
    }),
    reloadUser: jest.fn(async () => (current ? setCurrent({ ...current, emailVerified: isConfirmed(current.email) }) : null)),
    confirmEmail: (email) => {
      unconfirmed.delete(email);
    },
    markUnconfirmed: (email) => {
      unconfirmed.add(email);
    },
    signOut: jest.fn(async () => {
      setCurrent(null);
    }),
    getIdToken: jest.fn(async () => (current ? `id-token-for-${current.email}` : null)),
    warmUp: jest.fn(),
  };
}

export interface FakeNotifier extends Notifier {
  notify: jest.Mock<void, [string, (Parameters<Notifier['notify']>[1])?]>;
  loading: jest.Mock<string, [string]>;
  close: jest.Mock<void, [string | number]>;
}

export function createFakeNotifier(): FakeNotifier {
  return { notify: jest.fn(), loading: jest.fn((_message: string) => 'toast-1'), close: jest.fn() };
}

/** One connection the app opened to the fake stream. */
export interface FakeConnection {
  token: string;
  lastEventId: string | null;
  /** Aborted by the app (signed out, superseded). */
  aborted(): boolean;
  /** The API accepts: the stream is open. */
  open(): void;
  /** The API sends an event. */
  send(event: Partial<ServerEvent> & { data: string }): void;
  /** The stream ends (the server closed it) or breaks (`status`: the API refused it). */
  end(): void;
  fail(status?: number): void;
}

export interface FakeEvents extends EventStreamService {
  connect: jest.Mock<Promise<void>, [EventStreamOptions]>;
  /** Every connection so far, oldest first. */
  connections: FakeConnection[];
  /** The newest connection. */
  current(): FakeConnection;
}

/** The API's event stream in memory: a test opens, feeds, ends or breaks each connection. */
export function createFakeEvents(): FakeEvents {
  const connections: FakeConnection[] = [];
  const connect = jest.fn(
    (options: EventStreamOptions) =>
      new Promise<void>((resolve, reject) => {
        let lastId: string | null = null;
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (options.signal.aborted) return abort();
        options.signal.addEventListener('abort', abort);
        connections.push({
          token: options.token,
          lastEventId: options.lastEventId,
          aborted: () => options.signal.aborted,
          open: () => options.onOpen(),
          send: (event) => {
            lastId = event.id ?? lastId;
            options.onEvent({ id: lastId, event: event.event ?? 'message', data: event.data });
          },
          end: () => resolve(),
          fail: (status) => reject(new EventStreamError('the event stream broke', status)),
        });
      }),
  );
  return {
    connect,
    connections,
    current: () => {
      const last = connections[connections.length - 1];
      if (!last) throw new Error('no connection was opened');
      return last;
    },
  };
}

export type FakeServices = AppServices & {
  auth: FakeAuth;
  events: FakeEvents;
  notifier: FakeNotifier;
  /** `leave`: the other site's page the app would have gone to. */
  navigation: { navigate: jest.Mock<void, [string, { replace?: boolean }?]>; here: jest.Mock<string, []>; leave: jest.Mock<void, [string]> };
  tokenSync: TokenSync & { signedIn: jest.Mock; signedOut: jest.Mock };
  /** Files the app saved, kept rather than downloaded. */
  files: { save: jest.Mock<void, [DownloadFile]> };
};

export function createFakeServices(): FakeServices {
  return {
    auth: createFakeAuth(),
    payments: createPaymentService(),
    navigation: { navigate: jest.fn(), here: jest.fn(() => '/login'), leave: jest.fn() },
    notifier: createFakeNotifier(),
    tokenSync: { signedIn: jest.fn(async () => undefined), signedOut: jest.fn(async () => undefined) },
    events: createFakeEvents(),
    files: { save: jest.fn() },
  };
}

/** A card form that answers as the provider would for the given outcome. */
export function createFakeCardSession(outcome: 'succeeded' | { failAt: 'method' | 'confirm'; message: string }): CardSession & {
  createPaymentMethod: jest.Mock;
  confirmCardPayment: jest.Mock;
} {
  return {
    createPaymentMethod: jest.fn(async () =>
      outcome !== 'succeeded' && outcome.failAt === 'method'
        ? { ok: false as const, message: outcome.message }
        : { ok: true as const, value: { id: 'pm_test_1' } },
    ),
    confirmCardPayment: jest.fn(async () =>
      outcome !== 'succeeded' && outcome.failAt === 'confirm'
        ? { ok: false as const, message: outcome.message }
        : { ok: true as const, value: { id: 'pi_test_1', status: 'succeeded' } },
    ),
  };
}
