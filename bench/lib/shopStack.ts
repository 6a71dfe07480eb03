/**
 * The shop as `npm start` runs it, minus the payment sandbox: the Auth emulator, the API
 * (`server/src/main.ts`, its own process, on 127.0.0.1 with a temporary DATA_DIR and the embedded
 * database, or PostgreSQL when DATABASE_URL is set) and the demo data that `npm start` puts in
 * (scripts/seed-demo.mjs). With DATABASE_URL, a fresh database on that server for each run
 * (bench/lib/postgres.ts). Everything stops at the end of the part (bench/lib/processes.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accessToken, PROJECT, startAuthEmulator } from '../benchServices';
import { freshDatabase } from './postgres';
import { freePort, onStop, ROOT, start, waitForUrl } from './processes';

export const ADMIN_EMAIL = 'admin@bookresale.test';
/** The demo buyer of scripts/demo-accounts.mjs. */
const DEMO_BUYER = { email: 'buyer@bookresale.test', password: 'demo1234' };

/** Settings of the shell that would change what the API or the app talk to. */
const APP_KEYS = [
  'API_PORT', 'API_HOST', 'DATA_DIR', 'CLIENT_ORIGIN', 'ADMIN_EMAILS', 'PUBLIC_URL', 'JWT_SECRET', 'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN', 'FIREBASE_PROJECT_ID', 'FIREBASE_APP_ID', 'FIREBASE_AUTH_EMULATOR_HOST', 'GOOGLE_APPLICATION_CREDENTIALS',
  'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL', 'IMAGE_HOST_URL',
  'IMAGE_HOST_KEY', 'TOKEN_SYNC_URL',
];

function cleanEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of APP_KEYS) delete env[key];
  return env;
}

export interface ShopStack {
  apiUrl: string;
  /** The API's process (its own process group), for a part that pins it to a core. */
  apiPid: number | undefined;
  authHost: string;
  /** Where the data lives: "PGlite in a temporary DATA_DIR" or "PostgreSQL (DATABASE_URL)". */
  database: string;
  /** What the web server hands the app in /config.js, as under `npm start`. */
  clientEnv: Record<string, string>;
  /** An access token of the demo buyer. */
  buyerToken(): Promise<string>;
}

/** Starts the shop; `webOrigins` are the web servers' origins the API must accept (CORS). */
export async function startShopStack(webOrigins: string[]): Promise<ShopStack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-bench-'));
  onStop(() => rm(dataDir, { recursive: true, force: true }));
  const [authPort, apiPort] = [await freePort(), await freePort()];
  const authHost = `127.0.0.1:${authPort}`;
  const auth = await startAuthEmulator(path.join(dataDir, 'firebase-run'), authPort);

  const databaseUrl = process.env.DATABASE_URL?.trim();
  const env: NodeJS.ProcessEnv = {
    ...cleanEnvironment(),
    DATABASE_URL: databaseUrl ? await freshDatabase(databaseUrl) : '',
    // The API requires a shared signing secret on a database server.
    ...(databaseUrl ? { JWT_SECRET: randomBytes(32).toString('hex') } : {}),
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'api'),
    // The API refuses an empty list; an origin nobody serves stands in when no web server runs.
    CLIENT_ORIGIN: (webOrigins.length > 0 ? webOrigins : ['http://127.0.0.1:1']).join(','),
    ADMIN_EMAILS: ADMIN_EMAIL,
    FIREBASE_AUTH_EMULATOR_HOST: authHost,
    FIREBASE_PROJECT_ID: PROJECT,
  };
  const api = start('API', process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], { env });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitForUrl(`${apiUrl}/bookCatagories`, api, 'The API');

  // The demo accounts, books and bookings; no payment sandbox runs, so the paid booking stays unpaid
  // (a Stripe key in the environment is what tells the seeding there is no sandbox).
  const seed = start('demo data', process.execPath, [path.join(ROOT, 'scripts', 'seed-demo.mjs')], {
    env: { ...cleanEnvironment(), API_PORT: String(apiPort), AUTH_EMULATOR_PORT: String(authPort), ADMIN_EMAILS: ADMIN_EMAIL, STRIPE_SECRET_KEY: 'sk_test_bench' },
  });
  const seeded = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => void seed.stop(), 180_000);
    seed.child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  if (seeded !== 0) throw new Error(`The demo data could not be put in (${seeded}):\n${seed.lastLines()}`);

  return {
    apiUrl,
    apiPid: api.child.pid,
    authHost,
    database: databaseUrl ? 'PostgreSQL (a fresh database on the DATABASE_URL server)' : 'the embedded database (PGlite) in a temporary DATA_DIR',
    clientEnv: {
      API_URL: apiUrl,
      FIREBASE_PROJECT_ID: PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
      IMAGE_HOST_URL: `${apiUrl}/image-host/1/upload`,
    },
    buyerToken: () => accessToken(auth.url, apiUrl, DEMO_BUYER),
  };
}
