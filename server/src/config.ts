import path from 'node:path';

/** Everything the API reads from its environment, validated once at start. */
export interface StripeConfig {
  secretKey: string;
  /** Unset means Stripe's own API host (a real key with no host configured). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface Config {
  apiPort: number;
  apiHost: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmails: string[];
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  clientOrigins: string[];
  stripe: StripeConfig;
  /** Unset means a random secret kept in `DATA_DIR/jwt-secret`. */
  jwtSecret?: string;
  imageHostKey: string;
  publicUrl?: string;
  /** Requests per minute per IP on sign-in, sign-up and upload; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** How long a client may take to send a request, and to keep a connection open. */
  timeouts: TimeLimits;
}

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

  const publicUrl = nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !isHttpUrl(publicUrl)) problems.push('PUBLIC_URL must be an http(s) URL');

  const stripe = stripeConfig(env, problems, port);

  const rateLimitRaw = nonEmpty(env.RATE_LIMIT_PER_MINUTE);
  const rateLimitPerMinute = rateLimitRaw === undefined ? 30 : Number(rateLimitRaw);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 0) {
    problems.push('RATE_LIMIT_PER_MINUTE must be a whole number (0 turns the limit off)');
  }

  const config: Config = {
    apiPort: port('API_PORT', 5000),
    apiHost: nonEmpty(env.API_HOST) ?? '127.0.0.1',
    dataDir: path.resolve(REPO_ROOT, nonEmpty(env.DATA_DIR) ?? '.data'),
    databaseUrl,
    adminEmails,
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-book-resale',
    firebaseAuthEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    clientOrigins,
    stripe,
    jwtSecret,
    imageHostKey: nonEmpty(env.IMAGE_HOST_KEY) ?? 'book-resale-local',
    publicUrl,
    rateLimitPerMinute,
    timeouts: timeLimits(env, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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
  const host = nonEmpty(env.STRIPE_API_HOST);
  // A real key with no host talks to Stripe itself; otherwise the local stand-in is the default.
  if (host === undefined && secretKey !== SANDBOX_STRIPE_KEY) return { secretKey };
  const protocol = nonEmpty(env.STRIPE_API_PROTOCOL) ?? 'http';
  if (protocol !== 'http' && protocol !== 'https') {
    problems.push('STRIPE_API_PROTOCOL must be http or https');
  }
  return {
    secretKey,
    host: host ?? '127.0.0.1',
    port: port('STRIPE_API_PORT', 12111),
    protocol: protocol === 'https' ? 'https' : 'http',
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
