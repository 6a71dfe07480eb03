import './injectSupport';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import { APPLY_BATCH } from '../src/inventory/batches';
import { FakeAccounts, FakeStripe, fakeVerifyIdToken, idTokenFor } from './fakes';
import { createTestDb, type TestDb } from './testDb';

export const ADMIN_EMAIL = 'admin@test.dev';

export interface TestApp {
  app: FastifyInstance;
  /** What the app was built with, for a second process on the same database (`buildSecondApp`). */
  options: BuildAppOptions;
  stripe: FakeStripe;
  accounts: FakeAccounts;
  testDb: TestDb;
  dataDir: string;
  close(): Promise<void>;
}

/** The API on a fresh database with a fake identity provider and a fake Stripe. */
export async function buildTestApp(
  config: Partial<Config> = {},
  options: Omit<BuildAppOptions, 'config' | 'db'> = {},
): Promise<TestApp> {
  const testDb = await createTestDb();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-test-'));
  const stripe = new FakeStripe();
  const accounts = new FakeAccounts();
  const appOptions: BuildAppOptions = {
    env: {},
    verifyIdToken: fakeVerifyIdToken,
    checkAccount: accounts.check,
    payments: stripe,
    ...options,
    config: {
      dataDir,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
      adminEmails: [ADMIN_EMAIL],
      rateLimitPerMinute: 0,
      // The provider is asked on every request here; account-standing.test.ts covers the window.
      accountCheckTtlMs: 0,
      // Tests run the order sweep themselves (`app.orders.sweep()`), with a clock they move.
      orderSweepIntervalMs: 0,
      // And the payout jobs (`app.payouts.tick()`).
      payoutTickMs: 0,
      // And the inventory import jobs (`app.inventoryImports.run()`).
      inventoryImports: { intervalMs: 0, lookupsPerSecond: 100, applyBatch: APPLY_BATCH },
      // And the view pipeline (`app.insight.flush()`, `app.insight.rollUp()`).
      insight: { viewFlushMs: 0, rollupIntervalMs: 0 },
      ...config,
    },
  };
  const app = await buildApp({ ...appOptions, db: testDb.db });
  return {
    app,
    options: appOptions,
    stripe,
    accounts,
    testDb,
    dataDir,
    async close() {
      await app.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API process on the database of `t`, as a deployment runs several: its own connection
 * (its own pool on PostgreSQL), the same secret and fakes, its own caches.
 */
export async function buildSecondApp(t: TestApp): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const db = await t.testDb.connectAgain();
  const app = await buildApp({ ...t.options, db, seed: false });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `bearer ${token}` });

export interface Actor {
  id: string;
  email: string;
  name: string;
  accessToken: string;
  headers: { authorization: string };
}

/** Signs up through the API like the client does (POST /users, then GET /jwt). */
export async function signUp(app: FastifyInstance, email: string, role: 'Buyer' | 'seller' = 'Buyer'): Promise<Actor> {
  const name = email.split('@')[0];
  const idToken = idTokenFor(email);
  const created = await app.inject({
    method: 'POST',
    url: '/users',
    headers: { authorization: `Bearer ${idToken}` },
    payload: { name, email, role },
  });
  if (created.statusCode !== 200) throw new Error(`sign-up failed: ${created.body}`);
  const token = await app.inject({ url: `/jwt?email=${encodeURIComponent(email)}`, headers: { authorization: `Bearer ${idToken}` } });
  if (token.statusCode !== 200) throw new Error(`jwt failed: ${token.body}`);
  const accessToken = token.json<{ accessToken: string }>().accessToken;
  return { id: created.json<{ insertedId: string }>().insertedId, email, name, accessToken, headers: bearer(accessToken) };
}

/** The usual cast: a buyer, two sellers and an admin (admin through ADMIN_EMAILS). */
export async function signUpCast(app: FastifyInstance) {
  return {
    buyer: await signUp(app, 'buyer@test.dev', 'Buyer'),
    seller: await signUp(app, 'seller@test.dev', 'seller'),
    otherSeller: await signUp(app, 'other-seller@test.dev', 'seller'),
    admin: await signUp(app, ADMIN_EMAIL, 'Buyer'),
  };
}

export const validProduct = {
  name: 'Dune',
  price: 12.5,
  phone: '+1 555 0111',
  location: 'Tucson',
  condition: 'Good',
  description: 'Well kept',
  image: 'https://images.example/dune.png',
  category: 'fiction',
  orginal_price: 20,
  uses: '2 years',
};

export async function addProduct(app: FastifyInstance, seller: Actor, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await app.inject({
    method: 'POST', url: '/products', headers: seller.headers, payload: { ...validProduct, ...overrides },
  });
  if (response.statusCode !== 200) throw new Error(`add product failed: ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

export async function book(app: FastifyInstance, buyer: Actor, bookId: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/bookings',
    headers: buyer.headers,
    payload: { bookId, bookName: 'whatever', cusTomername: buyer.name, email: buyer.email, location: 'Here', phone: '123', resale_price: 0.01 },
  });
}

export async function bookingOf(app: FastifyInstance, buyer: Actor, bookId: string): Promise<string> {
  const response = await book(app, buyer, bookId);
  if (response.statusCode !== 200) throw new Error(`booking failed: ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** Asks the API for a PaymentIntent for the booking; answers its id (the transaction id). */
export async function paymentIntentFor(app: FastifyInstance, buyer: Actor, bookingId: string): Promise<string> {
  const intent = await app.inject({
    method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId, resale_price: 1 },
  });
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.body}`);
  return intent.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0];
}

/** Runs the whole card flow against the fake provider and answers the /payment response. */
export async function pay(app: FastifyInstance, stripe: FakeStripe, buyer: Actor, bookingId: string) {
  const transactionId = await paymentIntentFor(app, buyer, bookingId);
  stripe.succeed(transactionId);
  const response = await app.inject({
    method: 'POST', url: '/payment', headers: buyer.headers,
    payload: { bookingId, transactionId, email: buyer.email, resale_price: 1 },
  });
  return { response, transactionId };
}

/** A booking whose card payment went through at the provider, not yet recorded. */
export async function chargedBookingOf(app: FastifyInstance, stripe: FakeStripe, buyer: Actor, bookId: string) {
  const bookingId = await bookingOf(app, buyer, bookId);
  const transactionId = await paymentIntentFor(app, buyer, bookingId);
  stripe.succeed(transactionId);
  return { bookingId, transactionId };
}

/** `POST /payment` of a charge, as the client sends it once Stripe confirmed the card. */
export function recordCharge(app: FastifyInstance, buyer: Actor, charged: { bookingId: string; transactionId: string }) {
  return app.inject({ method: 'POST', url: '/payment', headers: buyer.headers, payload: charged });
}

/**
 * Runs `meanwhile` to completion right before the database call number `at` (counted from 0) that
 * the API makes from now on, as if another request committed at that very point. Statements and
 * whole transactions outside a transaction are counted; the calls `meanwhile` makes are not.
 * `reached()` says whether the API made that many calls; `restore()` ends the watch.
 */
export function beforeDatabaseCall(db: Db, at: number, meanwhile: () => Promise<void>) {
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  let calls = 0;
  let inMeanwhile = false;
  let reached = false;
  const turn = async () => {
    if (inMeanwhile || calls++ !== at) return;
    reached = true;
    inMeanwhile = true;
    try {
      await meanwhile();
    } finally {
      inMeanwhile = false;
    }
  };
  const querySpy = jest.spyOn(db, 'query').mockImplementation(async (sql, params) => {
    await turn();
    return query(sql, params);
  });
  const transactionSpy = jest.spyOn(db, 'transaction').mockImplementation(async (work) => {
    await turn();
    return transaction(work);
  });
  return {
    reached: () => reached,
    restore() {
      querySpy.mockRestore();
      transactionSpy.mockRestore();
    },
  };
}
