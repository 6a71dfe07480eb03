import { ConfigError, getConfig, parseConfig, setConfig } from './env';

describe('client configuration', () => {
  it('defaults to the local offline stack', () => {
    expect(parseConfig({})).toEqual({
      apiUrl: 'http://127.0.0.1:5000',
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-book-resale.firebaseapp.com',
        projectId: 'demo-book-resale',
        appId: undefined,
        emulatorHost: '127.0.0.1:9099',
      },
      stripePublishableKey: 'pk_test_sandbox',
      imageHostUrl: 'http://127.0.0.1:5000/image-host/1/upload',
      imageHostKey: 'book-resale-local',
      tokenSyncUrl: undefined,
    });
  });

  it('uses the real services when configured, without the emulator', () => {
    const config = parseConfig({
      API_URL: 'https://api.example.com/',
      FIREBASE_API_KEY: 'AIzaReal',
      FIREBASE_AUTH_DOMAIN: 'shop.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_real',
      IMAGE_HOST_URL: 'https://api.imgbb.com/1/upload',
      IMAGE_HOST_KEY: 'k',
      TOKEN_SYNC_URL: 'https://sync.example.com/session',
    });
    expect(config.apiUrl).toBe('https://api.example.com');
    expect(config.firebase).toMatchObject({ apiKey: 'AIzaReal', projectId: 'shop', emulatorHost: undefined });
    expect(config.imageHostUrl).toBe('https://api.imgbb.com/1/upload');
    expect(config.tokenSyncUrl).toBe('https://sync.example.com/session');
  });

  it('rejects an API key containing ":" as the identity client does (auth/invalid-api-key)', () => {
    expect(() => parseConfig({ FIREBASE_API_KEY: 'abc:def' })).toThrow(
      expect.objectContaining({ code: 'auth/invalid-api-key' }),
    );
  });

  it('rejects an auth domain containing ":" (auth/argument-error)', () => {
    expect(() => parseConfig({ FIREBASE_AUTH_DOMAIN: 'localhost:9099' })).toThrow(
      expect.objectContaining({ code: 'auth/argument-error' }),
    );
  });

  it.each([
    [{ API_URL: 'not a url' }, 'config/invalid-url'],
    [{ API_URL: 'ftp://x' }, 'config/invalid-url'],
    [{ STRIPE_PUBLISHABLE_KEY: 'sk_test_secret' }, 'config/invalid-stripe-key'],
    [{ FIREBASE_AUTH_EMULATOR_HOST: 'nohost' }, 'config/invalid-emulator-host'],
  ])('rejects %p with a clear message', (raw, code) => {
    let thrown: unknown;
    try {
      parseConfig(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(thrown).toMatchObject({ code });
  });

  it('reads /config.js values over the build-time ones', () => {
    window.__APP_CONFIG__ = { API_URL: 'http://127.0.0.1:5999' };
    setConfig(undefined);
    expect(getConfig().apiUrl).toBe('http://127.0.0.1:5999');
    delete window.__APP_CONFIG__;
  });
});
