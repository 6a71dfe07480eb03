import { createFakeAuth } from '../testing/fakeServices';
import { createLazyAuthService, createNavigationService, createPaymentService } from './services';

describe('lazy auth service', () => {
  it('loads the identity SDK only when first used, and once', async () => {
    const real = createFakeAuth();
    const load = jest.fn(async () => real);
    const auth = createLazyAuthService(load);
    expect(load).not.toHaveBeenCalled();
    await auth.signIn('a@example.com', 'secret123');
    await auth.getIdToken();
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.signIn).toHaveBeenCalledWith('a@example.com', 'secret123');
  });

  it('forwards auth status changes once loaded, and stops after unsubscribe', async () => {
    const real = createFakeAuth();
    const auth = createLazyAuthService(async () => real);
    const seen: (string | null)[] = [];
    const unsubscribe = auth.onAuthStateChanged((user) => seen.push(user?.email ?? null));
    await Promise.resolve();
    await Promise.resolve();
    real.emit({ uid: '1', email: 'a@example.com', displayName: null, emailVerified: true });
    unsubscribe();
    real.emit(null);
    expect(seen).toEqual(['a@example.com']);
  });
});

describe('lazy auth service when the SDK cannot load', () => {
  it('reports nobody signed in instead of loading for ever, and tries again on the next use', async () => {
    const real = createFakeAuth();
    const load = jest.fn<Promise<typeof real>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(real);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = createLazyAuthService(load);
    const seen: unknown[] = [];
    auth.onAuthStateChanged((user) => seen.push(user));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([null]);

    await auth.signIn('a@example.com', 'secret123');
    expect(load).toHaveBeenCalledTimes(2);
    expect(real.signIn).toHaveBeenCalledWith('a@example.com', 'secret123');
    consoleError.mockRestore();
  });
});

describe('lazy auth service with no saved session', () => {
  const nobodySaved = { sessionStored: () => false };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const rita = { uid: '1', email: 'a@example.com', displayName: null, emailVerified: true };
  /** The lazy service over a fake SDK, with the emails it reports as they come. */
  function watched(options: Parameters<typeof createLazyAuthService>[1] = nobodySaved) {
    const real = createFakeAuth();
    const load = jest.fn(async () => real);
    const auth = createLazyAuthService(load, options);
    const seen: (string | null)[] = [];
    auth.onAuthStateChanged((user) => seen.push(user?.email ?? null));
    return { real, load, auth, seen };
  }

  it('reports nobody signed in at once and loads nothing until the SDK is used', async () => {
    const { load, seen } = watched();
    await flush();
    expect(seen).toEqual([null]);
    expect(load).not.toHaveBeenCalled();
  });

  it('once warmed up, passes on what the SDK reports, without a second "nobody"', async () => {
    const { real, load, auth, seen } = watched();
    await flush();
    auth.warmUp();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    real.emit(null);
    real.emit(rita);
    real.emit(null);
    expect(seen).toEqual([null, 'a@example.com', null]);
  });

  it('a sign-in loads the SDK and its report of the new user comes through', async () => {
    const { real, auth, seen } = watched();
    await auth.signIn('a@example.com', 'secret123');
    await flush();
    real.emit(rita);
    expect(seen).toEqual([null, 'a@example.com']);
  });

  it('a session saved in another tab loads the SDK', async () => {
    const real = createFakeAuth();
    const load = jest.fn(async () => real);
    let wake: () => void = () => undefined;
    const stop = jest.fn();
    const auth = createLazyAuthService(load, {
      ...nobodySaved,
      watchSessionElsewhere: (callback) => {
        wake = callback;
        return stop;
      },
    });
    const unsubscribe = auth.onAuthStateChanged(() => undefined);
    expect(load).not.toHaveBeenCalled();
    wake();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(stop).toHaveBeenCalled();
  });

  it('with a saved session, loads the SDK at once and waits for its word', async () => {
    const { real, load, seen } = watched({ sessionStored: () => true });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    real.emit(rita);
    expect(seen).toEqual(['a@example.com']);
  });
});

describe('navigation service', () => {
  it('uses the bound router', () => {
    const navigation = createNavigationService();
    const navigate = jest.fn();
    navigation.bind(navigate);
    navigation.navigate('/dashboard', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });
});

describe('payment service', () => {
  it('holds the attached card form until detached', () => {
    const payments = createPaymentService();
    expect(payments.current()).toBeNull();
    const session = { createPaymentMethod: jest.fn(), confirmCardPayment: jest.fn() };
    payments.attach(session);
    expect(payments.current()).toBe(session);
    payments.attach(null);
    expect(payments.current()).toBeNull();
  });
});
