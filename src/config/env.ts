/**
 * Client configuration, validated once at start. Values come from the run-time settings the web
 * server writes into each page (a JSON data block, `#app-config`, or `window.__APP_CONFIG__`
 * from /config.js) over the build-time environment, over local defaults that point at the
 * offline stack (API, Auth emulator, payment sandbox, local image host).
 */

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** host:port of the Auth emulator; unset means the real service. */
  emulatorHost?: string;
}

export interface AppConfig {
  apiUrl: string;
  firebase: FirebaseWebConfig;
  stripePublishableKey: string;
  /** Where Stripe.js comes from when it is not js.stripe.com (the local payment sandbox). */
  stripeJsUrl?: string;
  imageHostUrl: string;
  imageHostKey: string;
  tokenSyncUrl?: string;
}

/**
 * The flat settings accepted from the environment and from the page: the same names the web
 * server writes (CLIENT_KEYS in scripts/client-config.mjs; a test keeps the two lists equal).
 */
export const SETTING_KEYS = [
  'API_URL',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_APP_ID',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_JS_URL',
  'IMAGE_HOST_URL',
  'IMAGE_HOST_KEY',
  'TOKEN_SYNC_URL',
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];
export type RawConfig = Partial<Record<SettingKey, string>>;

export class ConfigError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const DEFAULT_PROJECT_ID = 'demo-book-resale';
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

const clean = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

function requireUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError('config/invalid-url', `${name} must be an http(s) URL, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

export function parseConfig(raw: RawConfig): AppConfig {
  const apiUrl = requireUrl('API_URL', clean(raw.API_URL) ?? 'http://127.0.0.1:5000');
  const projectId = clean(raw.FIREBASE_PROJECT_ID) ?? DEFAULT_PROJECT_ID;
  const apiKey = clean(raw.FIREBASE_API_KEY) ?? 'demo-api-key';
  const authDomain = clean(raw.FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`;
  // The identity client refuses these, so say so at start rather than at the first sign-in.
  if (apiKey.includes(':')) {
    throw new ConfigError('auth/invalid-api-key', 'FIREBASE_API_KEY must not contain ":" (auth/invalid-api-key).');
  }
  if (authDomain.includes(':')) {
    throw new ConfigError('auth/argument-error', 'FIREBASE_AUTH_DOMAIN must not contain ":" (auth/argument-error).');
  }
  // A demo- project only exists in the emulator, so it implies the emulator.
  const emulatorHost =
    clean(raw.FIREBASE_AUTH_EMULATOR_HOST) ?? (projectId.startsWith('demo-') ? DEFAULT_EMULATOR_HOST : undefined);
  if (emulatorHost && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError('config/invalid-emulator-host', `FIREBASE_AUTH_EMULATOR_HOST must be host:port, got "${emulatorHost}".`);
  }
  const stripePublishableKey = clean(raw.STRIPE_PUBLISHABLE_KEY) ?? 'pk_test_sandbox';
  if (!stripePublishableKey.startsWith('pk_')) {
    throw new ConfigError('config/invalid-stripe-key', 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...).');
  }
  const tokenSyncUrl = clean(raw.TOKEN_SYNC_URL);
  const stripeJsUrl = clean(raw.STRIPE_JS_URL);
  return {
    apiUrl,
    firebase: { apiKey, authDomain, projectId, appId: clean(raw.FIREBASE_APP_ID), emulatorHost },
    stripePublishableKey,
    stripeJsUrl: stripeJsUrl ? requireUrl('STRIPE_JS_URL', stripeJsUrl) : undefined,
    imageHostUrl: requireUrl('IMAGE_HOST_URL', clean(raw.IMAGE_HOST_URL) ?? `${apiUrl}/image-host/1/upload`),
    imageHostKey: clean(raw.IMAGE_HOST_KEY) ?? 'book-resale-local',
    tokenSyncUrl: tokenSyncUrl ? requireUrl('TOKEN_SYNC_URL', tokenSyncUrl) : undefined,
  };
}

declare global {
  interface Window {
    __APP_CONFIG__?: RawConfig;
  }
}

/** The element holding the page's run-time settings as JSON (scripts/client-config.mjs writes it). */
export const CONFIG_ELEMENT_ID = 'app-config';

/**
 * The run-time settings: the page's data block when it has one, else what /config.js set. The
 * data block is never executed (no inline script for the Content-Security-Policy to allow) and is
 * in the head, so it is there before the app's deferred script runs.
 */
export function readRuntimeConfig(doc: Document, fromScript: RawConfig | undefined): RawConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (text === undefined || text === null) return fromScript ?? {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError('config/invalid-page-settings', `The page's settings (#${CONFIG_ELEMENT_ID}) are not valid JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError('config/invalid-page-settings', `The page's settings (#${CONFIG_ELEMENT_ID}) must be a JSON object.`);
  }
  const settings: Record<string, unknown> = { ...value };
  const raw: RawConfig = {};
  for (const key of SETTING_KEYS) {
    const setting = settings[key];
    if (typeof setting === 'string') raw[key] = setting;
  }
  return raw;
}

/**
 * Build-time values; webpack's DefinePlugin replaces each `process.env.X`, so each is spelt out.
 * The type asks for every setting, so a new one cannot be left out here.
 */
export function buildTimeConfig(): Record<SettingKey, string | undefined> {
  return {
    API_URL: process.env.API_URL,
    FIREBASE_API_KEY: process.env.FIREBASE_API_KEY,
    FIREBASE_AUTH_DOMAIN: process.env.FIREBASE_AUTH_DOMAIN,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
    FIREBASE_APP_ID: process.env.FIREBASE_APP_ID,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY,
    STRIPE_JS_URL: process.env.STRIPE_JS_URL,
    IMAGE_HOST_URL: process.env.IMAGE_HOST_URL,
    IMAGE_HOST_KEY: process.env.IMAGE_HOST_KEY,
    TOKEN_SYNC_URL: process.env.TOKEN_SYNC_URL,
  };
}

let current: AppConfig | undefined;

/** The validated configuration; throws ConfigError on a bad value. */
export function getConfig(): AppConfig {
  if (!current) {
    const runtime = typeof window === 'undefined' ? {} : readRuntimeConfig(document, window.__APP_CONFIG__);
    current = parseConfig({ ...buildTimeConfig(), ...runtime });
  }
  return current;
}

/** For tests: replace the configuration. */
export function setConfig(config: AppConfig | undefined): void {
  current = config;
}
