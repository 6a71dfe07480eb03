import { readdir } from 'node:fs/promises';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { SEED_IMAGES_DIR } from '../src/routes/images';
import { CALLERS, MATRIX, type Caller, type Fixture, type Row } from './authorizationMatrix';
import { idTokenFor } from './fakes';
import { addProduct, bearer, bookingOf, buildTestApp, signUp, signUpCast, type Actor, type TestApp } from './helper';

/**
 * Every route the app registers against every kind of caller, from the table in
 * `authorizationMatrix.ts`. Each app built here records its routes as they are registered
 * (Fastify's `onRoute` hook), so a route without a row fails the coverage check below.
 */
const mockRegisteredRoutes = new Set<string>();
jest.mock('fastify', () => {
  const actual = jest.requireActual<{ default: (options?: FastifyServerOptions) => FastifyInstance }>('fastify');
  const recording = (options?: FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) mockRegisteredRoutes.add(`${method} ${route.url}`);
    });
    return app;
  };
  return { ...actual, __esModule: true, default: recording, fastify: recording };
});

type SignedIn = Exclude<Caller, 'anonymous'>;

let t: TestApp;
let cast: Record<'buyer' | 'seller' | 'another seller' | 'admin', Actor>;
let seedImage: string;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const actors = await signUpCast(t.app);
  cast = { buyer: actors.buyer, seller: actors.seller, 'another seller': actors.otherSeller, admin: actors.admin };
  seedImage = (await readdir(SEED_IMAGES_DIR)).sort()[0];
});
afterAll(() => t.close());

/** The fixture's fields a row reads, found by building its URL and body once with a probe. */
function fieldsRead(row: Row): Set<string> {
  const read = new Set<string>();
  const probe = new Proxy({} as Fixture, {
    get: (_target, key) => {
      read.add(String(key));
      return 'probe';
    },
  });
  row.path?.(probe, 'probe@test.dev');
  row.body?.(probe, 'probe@test.dev');
  return read;
}

/** A fresh product, its booking and a target user, made only when the row reads them. */
async function freshFixture(row: Row): Promise<Fixture> {
  const read = fieldsRead(row);
  const productId = read.has('productId') || read.has('bookingId') ? await addProduct(t.app, cast.seller) : '';
  const bookingId = read.has('bookingId') ? await bookingOf(t.app, cast.buyer, productId) : '';
  const targetUserId = read.has('targetUserId') ? (await signUp(t.app, `target${++counter}@test.dev`, 'seller')).id : '';
  return { productId, bookingId, buyerEmail: cast.buyer.email, sellerId: cast.seller.id, targetUserId, seedImage };
}

async function asAdmin(method: 'PUT' | 'DELETE', url: string): Promise<void> {
  const response = await t.app.inject({ method, url, headers: cast.admin.headers });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} failed: ${response.body}`);
}

/** A seller made admin through the API, who signs in while an admin. */
async function freshAdmin(name: string): Promise<Actor> {
  const user = await signUp(t.app, `${name}${++counter}@test.dev`, 'seller');
  await asAdmin('PUT', `/users/admin/${user.id}`);
  return user;
}

/** The caller of one cell; the deleted and demoted ones are made afresh each time. */
async function callerFor(who: SignedIn): Promise<Actor> {
  if (who === 'deleted user') {
    const leaving = await freshAdmin('deleted');
    await asAdmin('DELETE', `/users/admin/${leaving.id}`);
    return leaving;
  }
  if (who === 'demoted admin') {
    const demoted = await freshAdmin('demoted');
    await t.testDb.db.query("update users set role = 'seller' where id = $1", [demoted.id]);
    return demoted;
  }
  return cast[who];
}

async function callAs(row: Row, who: Caller) {
  const fixture = await freshFixture(row);
  const caller = who === 'anonymous' ? undefined : await callerFor(who);
  const email = caller?.email ?? 'anyone@test.dev';
  const credential = caller && (row.credential === 'id token' ? bearer(idTokenFor(caller.email)) : caller.headers);
  const [method, pattern] = row.route.split(' ');
  const answer = t.app.inject({
    method: method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
    url: row.path ? row.path(fixture, email) : pattern,
    headers: credential ?? {},
    ...(row.body ? { payload: row.body(fixture, email) } : {}),
  });
  if (row.stream) {
    // A stream that opened stays open: end it once it is there, so the answer completes.
    const opened = t.app.events.size;
    const ending = setInterval(() => {
      if (t.app.events.size > opened) t.app.events.endAll();
    }, 5);
    try {
      return await answer;
    } finally {
      clearInterval(ending);
    }
  }
  return answer;
}

describe.each(MATRIX.map((row) => ({ ...row, name: row.variant ? `${row.route} (${row.variant})` : row.route })))('$name', (row) => {
  it.each(CALLERS.map((who, index) => [who, row.expected[index]] as const))('%s → %i', async (who, status) => {
    const response = await callAs(row, who);
    expect(response.statusCode).toBe(status);
    if (status >= 400) {
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('the table', () => {
  it('has a row for every route the app registers, and none for a route it does not', () => {
    // Fastify answers HEAD wherever there is a GET; those follow their GET's row.
    const registered = [...mockRegisteredRoutes].filter(
      (route) => !(route.startsWith('HEAD ') && mockRegisteredRoutes.has(route.replace(/^HEAD /, 'GET '))),
    );
    expect(registered.length).toBeGreaterThan(20);
    const inTable = new Set(MATRIX.map((row) => row.route));
    expect(registered.filter((route) => !inTable.has(route)).sort()).toEqual([]);
    expect([...inTable].filter((route) => !mockRegisteredRoutes.has(route)).sort()).toEqual([]);
  });
});
