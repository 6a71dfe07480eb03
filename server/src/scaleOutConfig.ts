import { isIP } from 'node:net';
import type { S3Settings } from './lib/s3ImageStore';

/**
 * The settings that let several API processes share one database: which proxies to believe about
 * the client's address, and where images and rate-limit counters live.
 */

/** false: no proxy; a number: that many proxies in front; a list: those addresses or CIDR ranges. */
export type TrustProxy = false | number | string[];
export type ImageStoreKind = 'disk' | 'database' | 's3';
export type RateLimitStoreKind = 'memory' | 'database';

export interface ScaleOutConfig {
  trustProxy: TrustProxy;
  imageStore: ImageStoreKind;
  /** With `IMAGE_STORE=s3`: the bucket and how to reach it. */
  s3?: S3Settings;
  rateLimitStore: RateLimitStoreKind;
  /** `DATABASE_REPLICA_URLS`: streaming replicas the public catalogue is read from (server/src/db/replicas.ts). */
  databaseReplicaUrls: string[];
  /** `REPLICA_MAX_LAG` (seconds, default 5) in milliseconds: a replica further behind is skipped. */
  replicaMaxLagMs: number;
}

/** `S3_BUCKET` (required), `S3_ENDPOINT`, `S3_REGION`, `S3_FORCE_PATH_STYLE`, `S3_ACCESS_KEY_ID` with `S3_SECRET_ACCESS_KEY`, `S3_PREFIX`. */
function s3Settings(env: Env, problems: string[]): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`IMAGE_STORE=s3 needs S3_BUCKET, a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens, got "${bucket ?? ''}"`);
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/\S+$/.test(endpoint)) problems.push(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const prefix = (env.S3_PREFIX?.trim() ?? 'images/').replace(/^\/+/, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: ['1', 'true', 'yes'].includes(env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() ?? ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

type Env = Record<string, string | undefined>;

/** Names proxy-addr (Fastify's `trustProxy`) knows for the private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, empty or `false` trusts no proxy (the socket's address is the client's);
 * a whole number trusts that many hops of `X-Forwarded-For`; otherwise a comma list of addresses,
 * CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). `true` (any
 * sender) is refused: anyone could then choose the address the rate limits count.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
    if (hops === 0) return false;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a number of proxies (1-10) or a comma list of proxy addresses or CIDR ranges ` +
        `(e.g. 10.0.0.0/8,127.0.0.1), got "${value}"`,
    );
    return false;
  }
  return entries;
}

function oneOf<Kind extends string>(
  name: string,
  raw: string | undefined,
  kinds: readonly Kind[],
  fallback: Kind,
  problems: string[],
): Kind {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return fallback;
  const kind = kinds.find((candidate) => candidate === value);
  if (kind !== undefined) return kind;
  problems.push(`${name} must be one of ${kinds.join(', ')}, got "${raw}"`);
  return fallback;
}

const DEFAULT_REPLICA_MAX_LAG_S = 5;

/**
 * `DATABASE_REPLICA_URLS` (a comma list of postgres:// URLs, only beside `DATABASE_URL`) and
 * `REPLICA_MAX_LAG` (seconds, 0.1 to 3600; default 5).
 */
function replicaSettings(env: Env, databaseUrl: string | undefined, problems: string[]) {
  const databaseReplicaUrls = (env.DATABASE_REPLICA_URLS ?? '').split(',').map((url) => url.trim()).filter(Boolean);
  for (const url of databaseReplicaUrls) {
    if (!/^postgres(ql)?:\/\/\S+$/.test(url)) problems.push('each DATABASE_REPLICA_URLS entry must start with postgres:// or postgresql://');
  }
  if (databaseReplicaUrls.length > 0 && databaseUrl === undefined) {
    problems.push('DATABASE_REPLICA_URLS needs DATABASE_URL: replicas follow a PostgreSQL primary, not the embedded database');
  }
  const lagRaw = env.REPLICA_MAX_LAG?.trim() ?? '';
  let seconds = DEFAULT_REPLICA_MAX_LAG_S;
  if (lagRaw !== '') {
    seconds = Number(lagRaw.replace(/s$/, ''));
    if (!/^\d+(\.\d+)?s?$/.test(lagRaw) || seconds < 0.1 || seconds > 3600) {
      problems.push(`REPLICA_MAX_LAG must be a number of seconds from 0.1 to 3600, got "${lagRaw}"`);
      seconds = DEFAULT_REPLICA_MAX_LAG_S;
    }
  }
  return { databaseReplicaUrls, replicaMaxLagMs: Math.round(seconds * 1000) };
}

/**
 * Images are kept where every process reads them: in the database whenever there is a database
 * server (`DATABASE_URL`), else on disk, unless `IMAGE_STORE` says otherwise (uploads already on
 * disk are not moved, and stay readable: plugins/imageStore.ts). Rate-limit counters are shared through the database whenever there is a database server
 * (`DATABASE_URL`): counted per process, a limit would let N processes take N times as many calls.
 */
export function scaleOutConfig(env: Env, databaseUrl: string | undefined, problems: string[]): ScaleOutConfig {
  const imageStore = oneOf('IMAGE_STORE', env.IMAGE_STORE, ['disk', 'database', 's3'], databaseUrl === undefined ? 'disk' : 'database', problems);
  return {
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    imageStore,
    ...(imageStore === 's3' && { s3: s3Settings(env, problems) }),
    rateLimitStore: oneOf(
      'RATE_LIMIT_STORE',
      env.RATE_LIMIT_STORE,
      ['memory', 'database'],
      databaseUrl === undefined ? 'memory' : 'database',
      problems,
    ),
    ...replicaSettings(env, databaseUrl, problems),
  };
}

/**
 * The value for Fastify's `trustProxy`: a hop count as the function Fastify itself makes of one
 * (its types accept no number), the list or false as they are.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
