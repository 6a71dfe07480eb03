import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { assertSafeIdentityMode, ConfigError, loadConfig, publicAddressProblem, type Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { createPgliteDb } from './db/pglite';
import { cachedAccountChecker } from './lib/accountStandingCache';
import { accessTokens, resolveJwtSecret } from './lib/accessTokens';
import { systemClock, type Clock } from './lib/clock';
import { firebaseIdentity, type AccountChecker, type IdTokenVerifier } from './lib/firebaseVerifier';
import { RequestLog, safeLoggerOptions } from './lib/logging';
import { databaseRateLimitStore } from './lib/rateLimitStore';
import type { PaymentProvider } from './lib/paymentProvider';
import { serverTimeouts } from './lib/serverTimeouts';
import authorization from './plugins/authorization';
import caches from './plugins/caches';
import configPlugin from './plugins/config';
import controlCharacters from './plugins/controlCharacters';
import database from './plugins/database';
import errors from './plugins/errors';
import identity from './plugins/identity';
import imageStore from './plugins/imageStore';
import imageSweeper from './plugins/imageSweeper';
import events from './plugins/events';
import mail from './plugins/mail';
import messages from './plugins/messages';
import orders from './plugins/orders';
import insight from './plugins/insight';
import inventoryImports from './plugins/imports';
import payments from './plugins/payments';
import payouts from './plugins/payouts';
import securityHeaders from './plugins/securityHeaders';
import adminRoutes from './routes/admin';
import bookingRoutes from './routes/bookings';
import bundleRoutes from './routes/bundles';
import shopPolicyRoutes from './routes/shopPolicy';
import offerRoutes from './routes/offers';
import viewRoutes from './routes/views';
import insightRoutes from './routes/insight';
import exportRoutes from './routes/exports';
import earningsRoutes from './routes/earnings';
import notificationRoutes from './routes/notifications';
import orderRoutes from './routes/orders';
import catalogueRoutes from './routes/catalogue';
import healthRoutes from './routes/health';
import identityRoutes from './routes/identity';
import imageRoutes from './routes/images';
import paymentRoutes from './routes/payments';
import payoutRoutes from './routes/payouts';
import productEditRoutes from './routes/productEdits';
import favouriteRoutes from './routes/favourites';
import inventoryRoutes from './routes/inventory';
import inventoryImportRoutes from './routes/inventoryImports';
import isbnRoutes from './routes/isbn';
import wantRoutes from './routes/wants';
import productRoutes from './routes/products';
import searchRoutes from './routes/search';
import stripeWebhookRoutes from './routes/stripeWebhook';
import bookRoutes from './routes/books';
import blockRoutes from './routes/blocks';
import messageRoutes from './routes/messages';
import reportRoutes from './routes/reports';
import reviewRoutes from './routes/reviews';
import { unsubscribeTokens } from './mail/unsubscribe';
import { fastifyTrustProxy } from './scaleOutConfig';
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
  /** Looks identity-provider accounts up (disabled, revoked); by default firebase-admin. */
  checkAccount?: AccountChecker;
  /** The payment provider client; by default Stripe from the config. */
  payments?: PaymentProvider;
  /** Logger options; keys and emails are kept out of the lines (`lib/logging.ts`). */
  logger?: FastifyServerOptions['logger'];
  /** Seed the catalogue on an empty database (default true). */
  seed?: boolean;
  /** The time order deadlines are kept by; tests pass one they move. */
  clock?: Clock;
}

/** JSON bodies here are small forms; images go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

/** The database the configuration names: PostgreSQL at `DATABASE_URL`, else PGlite in the data folder. */
export async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    // The PostgreSQL driver loads only for a server.
    const { createPostgresDb } = await import('./db/postgres');
    return createPostgresDb({ connectionString: config.databaseUrl, maxConnections: config.databasePoolSize });
  }
  return createPgliteDb(path.join(config.dataDir, 'db'));
}

/** Builds the API, ready to `listen` or `inject`; the database is migrated (and seeded) first. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(options.env ?? process.env), ...options.config };
  assertSafeIdentityMode(config);
  const addressProblem = publicAddressProblem(config);
  if (addressProblem) throw new ConfigError([addressProblem]);
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

  const timeouts = serverTimeouts(config.timeouts);
  const logger = safeLoggerOptions(options.logger);
  const app = Fastify({
    logger,
    logController: new RequestLog(logger),
    bodyLimit: JSON_BODY_LIMIT,
    // Client addresses (rate limits, logs) come from X-Forwarded-For only through trusted proxies.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...timeouts,
    // Node answers an HTTP/1.1 request without Host with an empty 400; the errors plugin refuses
    // it instead, so that answer carries a JSON message like every other.
    http: { ...timeouts.http, requireHostHeader: false },
  });
  await app.register(configPlugin, { config });
  await app.register(securityHeaders);
  await app.register(errors);
  await app.register(controlCharacters);
  await app.register(cors, {
    origin: config.clientOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    // Last-Event-ID: an event stream reconnecting says what it saw last.
    allowedHeaders: ['authorization', 'content-type', 'last-event-id'],
    // Lists say where their next page is (Link), for the admin lists how many rows they hold, and
    // the notifications how many are unread.
    exposedHeaders: ['link', 'x-total-count', 'x-unread-count'],
    maxAge: 600,
    // A bare OPTIONS (no Origin) is answered like a preflight, not with a plain-text 400.
    strictPreflight: false,
  });
  if (config.rateLimitPerMinute > 0) {
    // Shared through the database when several processes serve one shop, else kept in memory.
    const store = config.rateLimitStore === 'database' ? databaseRateLimitStore(db) : undefined;
    await app.register(rateLimit, { global: false, ...(store && { store }) });
  }
  await app.register(multipart);
  await app.register(database, {
    db,
    closeOnShutdown: !options.db,
    replicas: { urls: config.databaseReplicaUrls, maxLagMs: config.replicaMaxLagMs },
  });
  await app.register(caches);
  const firebase = firebaseIdentity({
    projectId: config.firebaseProjectId,
    authEmulatorHost: config.firebaseAuthEmulatorHost,
  });
  await app.register(identity, {
    verifyIdToken: options.verifyIdToken ?? firebase.verifyIdToken,
    checkAccount: cachedAccountChecker(options.checkAccount ?? firebase.checkAccount, { ttlMs: config.accountCheckTtlMs }),
    accessTokens: accessTokens(secret),
  });
  await app.register(authorization);
  // Stripe's SDK loads only when no other provider is given.
  const provider = options.payments ?? (await import('./lib/stripeProvider')).stripePaymentProvider(config.stripe);
  await app.register(payments, { provider });
  const clock = options.clock ?? systemClock;
  await app.register(mail, { clock, tokens: unsubscribeTokens(secret) });
  await app.register(orders, { clock });
  await app.register(insight, { clock });
  await app.register(inventoryImports);
  await app.register(payouts, { clock });
  await app.register(messages);
  await app.register(events);
  await app.register(imageStore);
  await app.register(imageSweeper, {
    graceHours: config.imageGraceHours,
    intervalMinutes: config.imageSweepIntervalMinutes,
  });

  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(searchRoutes);
  await app.register(bookRoutes);
  await app.register(identityRoutes);
  await app.register(adminRoutes);
  await app.register(productRoutes);
  await app.register(productEditRoutes);
  await app.register(isbnRoutes);
  await app.register(favouriteRoutes);
  await app.register(inventoryRoutes);
  await app.register(inventoryImportRoutes);
  await app.register(wantRoutes);
  await app.register(bookingRoutes);
  await app.register(bundleRoutes);
  await app.register(shopPolicyRoutes);
  await app.register(offerRoutes);
  await app.register(viewRoutes);
  await app.register(insightRoutes);
  await app.register(exportRoutes);
  await app.register(orderRoutes);
  await app.register(notificationRoutes);
  await app.register(messageRoutes);
  await app.register(reviewRoutes);
  await app.register(reportRoutes);
  await app.register(blockRoutes);
  await app.register(earningsRoutes);
  await app.register(payoutRoutes);
  await app.register(paymentRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(imageRoutes);
  return app;
}
