import path from 'node:path';
import { ledgerConfig, type Commission } from './ledgerConfig';
import { ordersConfig, type OrdersConfig } from './ordersConfig';
import { payoutsConfig, type PayoutsConfig } from './payoutsConfig';
import { booksConfig, type BooksConfig } from './booksConfig';
import { insightConfig, type InsightConfig } from './insightConfig';
import { messagesConfig, type MessagesConfig } from './messagesConfig';
import type { S3Settings } from './lib/s3ImageStore';
import { scaleOutConfig, type ImageStoreKind, type RateLimitStoreKind, type TrustProxy } from './scaleOutConfig';

/** Everything the API reads from its environment, validated once at start. */
export interface StripeConfig {
  secretKey: string;
  /** Unset means Stripe's own API host (a real key with no host configured). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Signs the provider's webhook events (`whsec_...`); unset, `POST /stripe/webhook` is off. */
  webhookSecret?: string;
}

export interface Config extends OrdersConfig, PayoutsConfig, BooksConfig, MessagesConfig, InsightConfig {
  /** The platform's cut of each sale (`COMMISSION_PERCENT`, `COMMISSION_MIN`). */
  commission: Commission;
  apiPort: number;
  apiHost: string;
  dataDir: string;
  databaseUrl?: string;
  /** The most connections the API opens to a PostgreSQL server (`DATABASE_URL`), besides its change listener. */
  databasePoolSize: number;
  /** How long the identity provider's word on an account is trusted (ms); 0 asks on every request. */
  accountCheckTtlMs: number;
  adminEmails: string[];
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  clientOrigins: string[];
  stripe: StripeConfig;
  /** Unset means a random secret kept in `DATA_DIR/jwt-secret`. */
  jwtSecret?: string;
  imageHostKey: string;
  /** Base of image URLs; unset means the (loopback) listen address. */
  publicUrl?: string;
  /**
   * Requests per minute per IP on sign-in and sign-up, per account on upload, and per user and
   * booking on payment intents; 0 turns the limits off.
   */
  rateLimitPerMinute: number;
  /** The most images one account may keep uploaded, and their total size in bytes. */
  uploadQuotaImages: number;
  uploadQuotaBytes: number;
  /** Uploads no listing uses are removed once older than this. */
  imageGraceHours: number;
  /** How often the removal runs; 0 turns the timer off. */
  imageSweepIntervalMinutes: number;
  /** How long a client may take to send a request, and to keep a connection open. */
  timeouts: TimeLimits;
  /** Which proxies' `X-Forwarded-For` is believed (Fastify's `trustProxy`); false: none. */
  trustProxy: TrustProxy;
  /** Where uploaded images and their narrower copies live. */
  imageStore: ImageStoreKind;
  /** `IMAGE_STORE=s3`: the bucket (`S3_*`). */
  s3?: S3Settings;
  /** Where rate-limit counters live: this process's memory, or the database all processes share. */
  rateLimitStore: RateLimitStoreKind;
  /** `DATABASE_REPLICA_URLS`: streaming replicas the public catalogue is read from. */
  databaseReplicaUrls: string[];
  /** `REPLICA_MAX_LAG` in milliseconds: a replica further behind is skipped until it catches up. */
  replicaMaxLagMs: number;
}

export type { ImageStoreKind, RateLimitStoreKind, TrustProxy };

/** Time limits on connections, in milliseconds (see "Time limits" in server/README.md). */
export interface TimeLimits {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The request headers must arrive within this; at most `requestMs`. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection on which nothing moves (no bytes either way) is closed after this. */
  idleSocketMs: number;
}

export const DEFAULT_TIME_LIMITS: TimeLimits = {
  requestMs: 60_000,
  headersMs: 15_000,
  keepAliveMs: 5_000,
  idleSocketMs: 30_000,
};

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const SANDBOX_STRIPE_KEY = 'sk_test_sandbox';
/** The webhook signing secret the local payment sandbox uses unless told another. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox';
const REPO_ROOT = path.resolve(__dirname, '..', '..');

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Builds the configuration from environment variables, listing every bad value at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const port = (name: string, fallback: number): number => {
    const raw = nonEmpty(env[name]);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      problems.push(`${name} must be a port number (0-65535), got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const poolSizeRaw = nonEmpty(env.DATABASE_POOL_SIZE);
  const databasePoolSize = poolSizeRaw === undefined ? 10 : Number(poolSizeRaw);
  if (!Number.isInteger(databasePoolSize) || databasePoolSize < 1 || databasePoolSize > 100) {
    problems.push(`DATABASE_POOL_SIZE must be a whole number from 1 to 100, got "${poolSizeRaw}"`);
  }

  const accountCheckRaw = nonEmpty(env.ACCOUNT_CHECK_TTL_MS);
  const accountCheckTtlMs = accountCheckRaw === undefined ? 5_000 : Number(accountCheckRaw);
  if (!Number.isInteger(accountCheckTtlMs) || accountCheckTtlMs < 0 || accountCheckTtlMs > 300_000) {
    problems.push(`ACCOUNT_CHECK_TTL_MS must be a whole number of milliseconds from 0 to 300000, got "${accountCheckRaw}"`);
  }

  const clientOrigins = commaList(env.CLIENT_ORIGIN ?? 'http://127.0.0.1:8080');
  for (const origin of clientOrigins) {
    if (!isHttpUrl(origin)) problems.push(`CLIENT_ORIGIN entry "${origin}" is not an http(s) origin`);
  }

  const adminEmails = commaList(env.ADMIN_EMAILS).map((email) => email.toLowerCase());
  for (const email of adminEmails) {
    if (!email.includes('@')) problems.push(`ADMIN_EMAILS entry "${email}" is not an email`);
  }

  const jwtSecret = nonEmpty(env.JWT_SECRET);
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  if (jwtSecret === undefined && databaseUrl !== undefined) {
    // A generated secret lives in one machine's DATA_DIR: other processes on the same database
    // would refuse each other's tokens.
    problems.push(
      'JWT_SECRET is required with DATABASE_URL: every API process on one database must sign with the same secret ' +
        '(at least 32 characters, e.g. `openssl rand -hex 32`)',
    );
  }

  const publicUrl = nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !isHttpUrl(publicUrl)) problems.push('PUBLIC_URL must be an http(s) URL');

  const apiHost = nonEmpty(env.API_HOST) ?? '127.0.0.1';
  const addressProblem = publicAddressProblem({ apiHost, publicUrl });
  if (addressProblem) problems.push(addressProblem);

  const stripe = stripeConfig(env, problems, port);

  const rateLimitRaw = nonEmpty(env.RATE_LIMIT_PER_MINUTE);
  const rateLimitPerMinute = rateLimitRaw === undefined ? 30 : Number(rateLimitRaw);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 0) {
    problems.push('RATE_LIMIT_PER_MINUTE must be a whole number (0 turns the limit off)');
  }

  const images = imageConfig(env, problems);

  const config: Config = {
    apiPort: port('API_PORT', 5000),
    apiHost,
    dataDir: path.resolve(REPO_ROOT, nonEmpty(env.DATA_DIR) ?? '.data'),
    databaseUrl,
    databasePoolSize,
    accountCheckTtlMs,
    adminEmails,
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-book-resale',
    firebaseAuthEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    clientOrigins,
    stripe,
    jwtSecret,
    imageHostKey: nonEmpty(env.IMAGE_HOST_KEY) ?? 'book-resale-local',
    publicUrl,
    rateLimitPerMinute,
    ...images,
    timeouts: timeLimits(env, problems),
    ...scaleOutConfig(env, databaseUrl, problems),
    ...ordersConfig(env, clientOrigins, problems),
    ...ledgerConfig(env, problems),
    ...payoutsConfig(env, problems),
    ...booksConfig(env, problems),
    ...messagesConfig(env, problems),
    ...insightConfig(env, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(\.\d{1,3}){3})$/i.test(host);
}

/**
 * The Auth emulator signs nothing and lets anyone on its machine create, verify and edit
 * accounts. It is for a shop on one machine: refuse it when the API can be reached from other
 * machines, or when real money could move.
 */
export function assertSafeIdentityMode(config: Config): void {
  if (config.orderTimeTravel && (config.firebaseAuthEmulatorHost === undefined || !config.stripe.secretKey.startsWith('sk_test_'))) {
    throw new ConfigError(['ORDER_TIME_TRAVEL moves order deadlines by hand: it is for tests, only with the Auth emulator and a test payment key']);
  }
  if (config.firebaseAuthEmulatorHost === undefined) return;
  const problems: string[] = [];
  if (!isLoopbackHost(config.apiHost)) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but API_HOST is ${config.apiHost}: the Auth emulator's tokens can be forged, ` +
        'so the API only listens on loopback (127.0.0.1, ::1 or localhost) with it. Use a real Firebase project to serve other machines.',
    );
  }
  if (config.stripe.secretKey.startsWith('sk_live_') || config.stripe.secretKey.startsWith('rk_live_')) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST is set together with a live Stripe key: real payments need real sign-in. ' +
        'Use a test key (sk_test_...) with the emulator, or a real Firebase project with the live key.',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * Image links are built from PUBLIC_URL, else from the listen address; an address other machines
 * reach (0.0.0.0, a LAN address) is no link to hand out, so such a setup needs PUBLIC_URL.
 */
export function publicAddressProblem(config: Pick<Config, 'apiHost' | 'publicUrl'>): string | undefined {
  if (config.publicUrl || isLoopbackHost(config.apiHost)) return undefined;
  return (
    `API_HOST is "${config.apiHost}", which other machines can reach: set PUBLIC_URL to the address ` +
    'clients use for this API (image links are built from it)'
  );
}

function stripeConfig(
  env: Env,
  problems: string[],
  port: (name: string, fallback: number) => number,
): StripeConfig {
  const secretKey = nonEmpty(env.STRIPE_SECRET_KEY) ?? SANDBOX_STRIPE_KEY;
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    problems.push('STRIPE_SECRET_KEY must look like sk_test_... or sk_live_...');
  }
  const webhookSecret =
    nonEmpty(env.STRIPE_WEBHOOK_SECRET) ?? (secretKey === SANDBOX_STRIPE_KEY ? SANDBOX_WEBHOOK_SECRET : undefined);
  if (webhookSecret !== undefined && !/^whsec_\S+$/.test(webhookSecret)) {
    problems.push('STRIPE_WEBHOOK_SECRET must look like whsec_...');
  }
  const host = nonEmpty(env.STRIPE_API_HOST);
  // A real key with no host talks to Stripe itself; otherwise the local stand-in is the default.
  if (host === undefined && secretKey !== SANDBOX_STRIPE_KEY) return { secretKey, webhookSecret };
  const protocol = nonEmpty(env.STRIPE_API_PROTOCOL) ?? 'http';
  if (protocol !== 'http' && protocol !== 'https') {
    problems.push('STRIPE_API_PROTOCOL must be http or https');
  }
  return {
    secretKey,
    host: host ?? '127.0.0.1',
    port: port('STRIPE_API_PORT', 12111),
    protocol: protocol === 'https' ? 'https' : 'http',
    webhookSecret,
  };
}

const MAX_SWEEP_INTERVAL_MINUTES = 7 * 24 * 60;

type ImageConfig = Pick<Config, 'uploadQuotaImages' | 'uploadQuotaBytes' | 'imageGraceHours' | 'imageSweepIntervalMinutes'>;

function imageConfig(env: Env, problems: string[]): ImageConfig {
  const number = (name: string, fallback: number, valid: (value: number) => boolean, rule: string): number => {
    const raw = nonEmpty(env[name]);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (valid(value)) return value;
    problems.push(`${name} must be ${rule}, got "${raw}"`);
    return fallback;
  };
  const atLeastOne = (value: number) => Number.isInteger(value) && value >= 1;
  return {
    uploadQuotaImages: number('UPLOAD_QUOTA_IMAGES', 200, atLeastOne, 'a whole number of at least 1'),
    uploadQuotaBytes: number('UPLOAD_QUOTA_MB', 200, atLeastOne, 'a whole number of at least 1') * 1024 * 1024,
    imageGraceHours: number('IMAGE_GRACE_HOURS', 24, (value) => Number.isFinite(value) && value > 0, 'a number of hours above 0'),
    imageSweepIntervalMinutes: number(
      'IMAGE_SWEEP_INTERVAL_MINUTES',
      60,
      // A timer cannot wait longer than about 24 days; a week is plenty.
      (value) => Number.isInteger(value) && value >= 0 && value <= MAX_SWEEP_INTERVAL_MINUTES,
      `a whole number of minutes up to ${MAX_SWEEP_INTERVAL_MINUTES} (0 turns the sweep off)`,
    ),
  };
}

/** Below a second is almost surely seconds typed as milliseconds; above an hour, no limit at all. */
const TIME_LIMIT_RANGE_MS = [1_000, 3_600_000] as const;

function timeLimits(env: Env, problems: string[]): TimeLimits {
  const milliseconds = (name: string, fallback: number): number => {
    const raw = nonEmpty(env[name]);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    const [min, max] = TIME_LIMIT_RANGE_MS;
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number of milliseconds from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const limits: TimeLimits = {
    requestMs: milliseconds('REQUEST_TIMEOUT_MS', DEFAULT_TIME_LIMITS.requestMs),
    headersMs: milliseconds('HEADERS_TIMEOUT_MS', DEFAULT_TIME_LIMITS.headersMs),
    keepAliveMs: milliseconds('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_TIME_LIMITS.keepAliveMs),
    idleSocketMs: milliseconds('IDLE_SOCKET_TIMEOUT_MS', DEFAULT_TIME_LIMITS.idleSocketMs),
  };
  if (limits.headersMs > limits.requestMs) {
    problems.push('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  }
  return limits;
}
