import { CLIENT_KEYS, clientConfigDataBlock } from '../../scripts/client-config.mjs';
import { buildTimeConfig, ConfigError, getConfig, parseConfig, readRuntimeConfig, setConfig, SETTING_KEYS } from './env';

/** A page as the web server writes it: the settings block in the head. */
const pageWith = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, 'text/html');

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

  it('knows the settings by the names the web server writes them under', () => {
    expect([...SETTING_KEYS]).toEqual([...CLIENT_KEYS]);
  });

  it('takes each setting from the build environment', () => {
    const saved = { ...process.env };
    try {
      for (const key of SETTING_KEYS) process.env[key] = `built ${key}`;
      expect(buildTimeConfig()).toEqual(Object.fromEntries(SETTING_KEYS.map((key) => [key, `built ${key}`])));
    } finally {
      process.env = saved;
    }
  });

  it('reads /config.js values over the build-time ones', () => {
    window.__APP_CONFIG__ = { API_URL: 'http://127.0.0.1:5999' };
    setConfig(undefined);
    expect(getConfig().apiUrl).toBe('http://127.0.0.1:5999');
    delete window.__APP_CONFIG__;
  });

  describe("the page's settings block", () => {
    afterEach(() => {
      document.head.replaceChildren();
      delete window.__APP_CONFIG__;
      setConfig(undefined);
    });

    it('is read over /config.js and the build-time values', () => {
      window.__APP_CONFIG__ = { API_URL: 'http://127.0.0.1:5999' };
      const page = pageWith(clientConfigDataBlock({ API_URL: 'http://api.example', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }));
      document.head.append(...Array.from(page.head.childNodes));
      setConfig(undefined);
      expect(getConfig()).toMatchObject({ apiUrl: 'http://api.example', stripePublishableKey: 'pk_live_x' });
    });

    it('carries every setting the web server writes, whatever the text holds', () => {
      const env = Object.fromEntries(CLIENT_KEYS.map((key) => [key, `${key} </script><script>alert(1)</script> "&'`]));
      const page = pageWith(clientConfigDataBlock(env));
      expect(page.head.querySelectorAll('script')).toHaveLength(1);
      expect(readRuntimeConfig(page, undefined)).toEqual(env);
    });

    it('is not executed: it is JSON, not script', () => {
      const block = clientConfigDataBlock({ API_URL: 'http://api.example' });
      expect(block).toMatch(/^<script type="application\/json" id="app-config">\{.*\}<\/script>$/);
    });

    it('stops the app with a clear message when it is not a JSON object', () => {
      for (const text of ['{"API_URL":', '["http://api.example"]', 'null']) {
        const page = pageWith(`<script type="application/json" id="app-config">${text}</script>`);
        expect(() => readRuntimeConfig(page, undefined)).toThrow(ConfigError);
      }
    });

    it('falls back to /config.js when the page has none', () => {
      expect(readRuntimeConfig(pageWith(''), { API_URL: 'http://127.0.0.1:5999' })).toEqual({ API_URL: 'http://127.0.0.1:5999' });
      expect(readRuntimeConfig(pageWith(''), undefined)).toEqual({});
    });
  });
});
