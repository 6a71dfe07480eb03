import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import { startApiProcess, type ApiProcess } from './apiProcess';
import { startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { pngOf } from './imageSupport';

/**
 * Two API processes (`tsx server/src/main.ts`, each with its own data folder) on one PostgreSQL
 * schema, as a deployment runs them behind a load balancer, driven alternately: every call through
 * either one must be answered as if there were one API. PostgreSQL only (`TEST_DATABASE_URL`, as
 * server/scripts/test-postgres.sh sets it): PGlite belongs to one process.
 */
const url = process.env.TEST_DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;

const PROJECT = 'demo-two-processes';
const SECRET = 'two-processes-share-this-secret-for-hs256';
const IMAGE_KEY = 'two-processes-image-key';
const LIMIT = 4;

let schema: string;
let emulator: AuthEmulatorStandIn;
let stripe: StripeSandbox;
let a: ApiProcess;
let b: ApiProcess;
const folders: string[] = [];

async function adminQuery<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

describeOnPostgres('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    schema = `two_processes_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
    const databaseUrl = new URL(url ?? '');
    databaseUrl.searchParams.set('options', `-c search_path=${schema},public`);
    emulator = await startAuthEmulatorStandIn(PROJECT);
    stripe = await startStripeSandbox({ port: 0 });
    const env = async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-process-'));
      folders.push(dataDir);
      return {
        DATABASE_URL: databaseUrl.toString(),
        DATABASE_POOL_SIZE: '4',
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        // The balancer's address: links (images) must not name the process that made them.
        PUBLIC_URL: 'http://shop-api.test',
        IMAGE_STORE: 'database',
        IMAGE_HOST_KEY: IMAGE_KEY,
        IMAGE_SWEEP_INTERVAL_MINUTES: '0',
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        FIREBASE_PROJECT_ID: PROJECT,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        STRIPE_SECRET_KEY: 'sk_test_sandbox',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(stripe.port),
        STRIPE_API_PROTOCOL: 'http',
      };
    };
    // Both start at once on the empty schema: one migrates and seeds, the other waits for it.
    const [envA, envB] = [await env(), await env()];
    [a, b] = await Promise.all([startApiProcess(envA), startApiProcess(envB)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await stripe?.close();
    await emulator?.close();
    if (schema) await adminQuery(`drop schema ${schema} cascade`);
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }, 60_000);

  async function call<Body>(api: ApiProcess, route: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const response = await fetch(`${api.url}${route}`, { ...init, headers, body: init.json === undefined ? init.body : JSON.stringify(init.json) });
    const text = await response.text();
    const body = (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as Body;
    return { status: response.status, body, headers: response.headers };
  }

  /** Sign-up (POST /users) through `first`, the access token (GET /jwt) through `second`. */
  async function signUp(email: string, role: 'Buyer' | 'seller', first: ApiProcess, second: ApiProcess) {
    const idToken = emulator.idTokenFor(email);
    const created = await call<{ insertedId: string }>(first, '/users', { method: 'POST', token: idToken, json: { name: email.split('@')[0], email, role } });
    expect(created.status).toBe(200);
    const jwt = await call<{ accessToken: string }>(second, `/jwt?email=${encodeURIComponent(email)}`, { token: idToken });
    expect(jwt.status).toBe(200);
    return { email, id: created.body.insertedId, token: jwt.body.accessToken };
  }

  const product = (name: string, image: string) => ({
    name, price: 12.5, phone: '+1 555 0111', location: 'Tucson', condition: 'Good', description: 'Well kept',
    image, category: 'fiction', orginal_price: 20, uses: '2 years',
  });

  let seller: { email: string; id: string; token: string };
  let buyer: { email: string; id: string; token: string };
  let imageUrl: string;
  let bookIds: string[];

  it('started both on the empty database: every migration applied once, the catalogue seeded once', async () => {
    const migrations = await adminQuery<{ times: number }>(`select count(*)::integer as times from ${schema}.schema_migrations group by name`);
    expect(migrations.length).toBeGreaterThanOrEqual(10);
    expect(migrations.every((row) => row.times === 1)).toBe(true);
    const [categoriesA, categoriesB] = await Promise.all([call<unknown[]>(a, '/bookCatagories'), call<unknown[]>(b, '/bookCatagories')]);
    expect(categoriesA.status).toBe(200);
    expect(categoriesB.body).toEqual(categoriesA.body);
    for (const api of [a, b]) expect((await call(api, '/ready')).status).toBe(200);
  });

  it('takes a token one process issued on the other', async () => {
    seller = await signUp('two-seller@test.dev', 'seller', a, b);
    buyer = await signUp('two-buyer@test.dev', 'Buyer', b, a);
    for (const api of [a, b]) {
      const role = await call<{ isSeller: boolean }>(api, `/users/seller/${seller.email}`, { token: seller.token });
      expect(role).toMatchObject({ status: 200, body: { isSeller: true } });
    }
  });

  it('serves through one process an image uploaded through the other', async () => {
    const form = new FormData();
    form.append('image', new Blob([await pngOf(640, 480)], { type: 'image/png' }), 'cover.png');
    const uploaded = await call<{ data: { url: string; size: number } }>(b, `/image-host/1/upload?key=${IMAGE_KEY}`, {
      method: 'POST', token: seller.token, body: form,
    });
    expect(uploaded.status).toBe(200);
    imageUrl = uploaded.body.data.url;
    const pathname = new URL(imageUrl).pathname;
    const [fromA, fromB] = [await fetch(`${a.url}${pathname}`), await fetch(`${b.url}${pathname}`)];
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    const [bytesA, bytesB] = [Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer())];
    expect(bytesA.length).toBe(uploaded.body.data.size);
    expect(bytesA.equals(bytesB)).toBe(true);
    expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));
    // A narrower copy made by one is the copy the other serves.
    const narrowA = Buffer.from(await (await fetch(`${a.url}${pathname}?w=320`)).arrayBuffer());
    const narrowB = Buffer.from(await (await fetch(`${b.url}${pathname}?w=320`)).arrayBuffer());
    expect(narrowA.equals(narrowB)).toBe(true);
    const revalidated = await fetch(`${a.url}${pathname}`, { headers: { 'if-none-match': fromB.headers.get('etag') ?? '' } });
    expect(revalidated.status).toBe(304);
  });

  it('loses no write made through both at once', async () => {
    const added = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call<{ insertedId: string }>(index % 2 === 0 ? a : b, '/products', { method: 'POST', token: seller.token, json: product(`Book ${index}`, imageUrl) }),
      ),
    );
    expect(added.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    bookIds = added.map((answer) => answer.body.insertedId);
    for (const api of [a, b]) {
      const listed = await call<Array<{ _id: string }>>(api, '/products', { token: seller.token });
      expect(listed.status).toBe(200);
      expect(listed.body.map((row) => row._id).sort()).toEqual([...bookIds].sort());
      expect(listed.headers.get('x-total-count')).toBe('10');
    }
  });

  it('books through one, pays through both, and both see the sale', async () => {
    const booked = await call<{ insertedId: string }>(b, '/bookings', {
      method: 'POST', token: buyer.token,
      json: { bookId: bookIds[0], bookName: 'ignored', cusTomername: 'two-buyer', email: buyer.email, location: 'Here', phone: '123', resale_price: 0.01 },
    });
    expect(booked.status).toBe(200);
    const bookingId = booked.body.insertedId;
    const mine = await call<Array<{ _id: string; resale_price: number }>>(a, `/bookings?email=${buyer.email}`, { token: buyer.token });
    expect(mine.body).toEqual([expect.objectContaining({ _id: bookingId, resale_price: 12.5 })]);

    const intent = await call<{ clientSecret: string }>(a, '/create-payment-intent', { method: 'POST', token: buyer.token, json: { bookingId } });
    expect(intent.status).toBe(200);
    const transactionId = intent.body.clientSecret.split('_secret_')[0];
    const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${transactionId}/confirm`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_method: 'pm_card_visa' }).toString(),
    });
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');

    const paid = await call<{ insertedId: string }>(b, '/payment', { method: 'POST', token: buyer.token, json: { bookingId, transactionId } });
    expect(paid.status).toBe(200);
    // A repeat through the other process records nothing twice.
    const repeat = await call<{ insertedId: string }>(a, '/payment', { method: 'POST', token: buyer.token, json: { bookingId, transactionId } });
    expect(repeat).toMatchObject({ status: 200, body: { insertedId: paid.body.insertedId } });

    const [payments] = await adminQuery<{ count: number }>(`select count(*)::integer as count from ${schema}.payments where booking_id = $1`, [bookingId]);
    expect(payments.count).toBe(1);
    for (const api of [a, b]) {
      const bookings = await call<Array<{ _id: string; paid?: boolean }>>(api, `/bookings?email=${buyer.email}`, { token: buyer.token });
      expect(bookings.body).toEqual([expect.objectContaining({ _id: bookingId, paid: true })]);
      // The sold book has left the category list, on both.
      const books = await call<Array<{ _id: string }>>(api, '/bookCatagoriesId/fiction', { token: buyer.token });
      expect(books.body.map((row) => row._id)).not.toContain(bookIds[0]);
      expect(books.body.map((row) => row._id)).toContain(bookIds[1]);
    }
  });

  it('holds a rate limit across both: the N+1th call through either is refused', async () => {
    const booked = await call<{ insertedId: string }>(a, '/bookings', {
      method: 'POST', token: buyer.token, json: { bookId: bookIds[1], email: buyer.email },
    });
    expect(booked.status).toBe(200);
    const ask = (api: ApiProcess) =>
      call(api, '/create-payment-intent', { method: 'POST', token: buyer.token, json: { bookingId: booked.body.insertedId } });
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT; index += 1) statuses.push((await ask(index % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const [pastA, pastB] = [await ask(a), await ask(b)];
    expect([pastA.status, pastB.status]).toEqual([429, 429]);
    expect(pastA.body).toEqual({ message: expect.any(String) });
  });

  it('both still ready, and both stop cleanly', async () => {
    for (const api of [a, b]) expect((await call(api, '/ready')).status).toBe(200);
    expect((await Promise.all([a.stop(), b.stop()])).map((exit) => exit.code)).toEqual([0, 0]);
    const errors = [...a.output, ...b.output].filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
  });
});
