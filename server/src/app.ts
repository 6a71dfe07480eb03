import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadConfig, type Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { createPgliteDb } from './db/pglite';
import { createPostgresDb } from './db/postgres';
import { accessTokens, resolveJwtSecret } from './lib/accessTokens';
import { firebaseIdTokenVerifier, type IdTokenVerifier } from './lib/firebaseVerifier';
import { stripePaymentProvider, type PaymentProvider } from './lib/paymentProvider';
import { serverTimeouts } from './lib/serverTimeouts';
import authorization from './plugins/authorization';
import configPlugin from './plugins/config';
import controlCharacters from './plugins/controlCharacters';
import database from './plugins/database';
import errors from './plugins/errors';
import identity from './plugins/identity';
import payments from './plugins/payments';
import adminRoutes from './routes/admin';
import bookingRoutes from './routes/bookings';
import catalogueRoutes from './routes/catalogue';
import identityRoutes from './routes/identity';
import imageRoutes from './routes/images';
import paymentRoutes from './routes/payments';
import productRoutes from './routes/products';
import { seedCatalogue } from './seed';

export interface BuildAppOptions {
  /** Values that win over the environment (tests, launchers). */
  config?: Partial<Config>;
  /** The environment to read; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** A database the caller owns (and closes); by default one is opened from the config. */
  db?: Db;
  /** Verifies identity-provider ID tokens; by default firebase-admin. */
  verifyIdToken?: IdTokenVerifier;
  /** The payment provider client; by default Stripe from the config. */
  payments?: PaymentProvider;
  logger?: FastifyServerOptions['logger'];
  /** Seed the catalogue on an empty database (default true). */
  seed?: boolean;
}

/** JSON bodies here are small forms; images go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) return createPostgresDb({ connectionString: config.databaseUrl });
  return createPgliteDb(path.join(config.dataDir, 'db'));
}

/** Builds the API, ready to `listen` or `inject`; the database is migrated (and seeded) first. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(options.env ?? process.env), ...options.config };
  const db = options.db ?? (await openDatabase(config));
  let secret: string;
  try {
    await migrate(db);
    if (options.seed ?? true) await seedCatalogue(db);
    secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  } catch (error) {
    if (!options.db) await db.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    ...serverTimeouts(config.timeouts),
  });
  await app.register(configPlugin, { config });
  await app.register(errors);
  await app.register(controlCharacters);
  await app.register(cors, {
    origin: config.clientOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
    // A bare OPTIONS (no Origin) is answered like a preflight, not with a plain-text 400.
    strictPreflight: false,
  });
  if (config.rateLimitPerMinute > 0) await app.register(rateLimit, { global: false });
  await app.register(multipart);
  await app.register(database, { db, closeOnShutdown: !options.db });
  await app.register(identity, {
    verifyIdToken:
      options.verifyIdToken ??
      firebaseIdTokenVerifier({
        projectId: config.firebaseProjectId,
        authEmulatorHost: config.firebaseAuthEmulatorHost,
      }),
    accessTokens: accessTokens(secret),
  });
  await app.register(authorization);
  await app.register(payments, { provider: options.payments ?? stripePaymentProvider(config.stripe) });

  await app.register(catalogueRoutes);
  await app.register(identityRoutes);
  await app.register(adminRoutes);
  await app.register(productRoutes);
  await app.register(bookingRoutes);
  await app.register(paymentRoutes);
  await app.register(imageRoutes);
  return app;
}
