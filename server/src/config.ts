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
  /** Base of image URLs; unset means the (loopback) listen address. */
  publicUrl?: string;
  /**
   * Requests per minute per IP on sign-in, sign-up and upload, and per user and booking on payment
   * intents; 0 turns the limits off.
   */
  rateLimitPerMinute: number;
}

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

  const apiHost = nonEmpty(env.API_HOST) ?? '127.0.0.1';
  const addressProblem = publicAddressProblem({ apiHost, publicUrl });
  if (addressProblem) problems.push(addressProblem);

  const stripe = stripeConfig(env, problems, port);

  const rateLimitRaw = nonEmpty(env.RATE_LIMIT_PER_MINUTE);
  const rateLimitPerMinute = rateLimitRaw === undefined ? 30 : Number(rateLimitRaw);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 0) {
    problems.push('RATE_LIMIT_PER_MINUTE must be a whole number (0 turns the limit off)');
  }

  const config: Config = {
    apiPort: port('API_PORT', 5000),
    apiHost,
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
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const isLoopback = (host: string) =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(\.\d{1,3}){3})$/i.test(host);

/**
 * Image links are built from PUBLIC_URL, else from the listen address; an address other machines
 * reach (0.0.0.0, a LAN address) is no link to hand out, so such a setup needs PUBLIC_URL.
 */
export function publicAddressProblem(config: Pick<Config, 'apiHost' | 'publicUrl'>): string | undefined {
  if (config.publicUrl || isLoopback(config.apiHost)) return undefined;
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
