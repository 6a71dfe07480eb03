import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import { rateLimitsRepository } from '../src/repositories/rateLimits';
import { buildSecondApp, buildTestApp, type TestApp } from './helper';

/** GET /jwt without an ID token: 401 while under the limit, 429 past it (limited per client address). */
async function signInAttempt(app: FastifyInstance, from: { socket: string; forwardedFor?: string }): Promise<number> {
  const response = await app.inject({
    url: '/jwt?email=a@test.dev',
    remoteAddress: from.socket,
    headers: from.forwardedFor === undefined ? {} : { 'x-forwarded-for': from.forwardedFor },
  });
  return response.statusCode;
}

async function attempts(app: FastifyInstance, clients: { socket: string; forwardedFor?: string }[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const client of clients) statuses.push(await signInAttempt(app, client));
  return statuses;
}

const PROXY = '10.0.0.5';
const LIMIT = 2;

/** Behind a trusted proxy, counters shared through the database. */
let shared: TestApp;
/** The defaults of the embedded mode: no proxy trusted, counters in memory. */
let plain: TestApp;
const apps: Record<string, Partial<Config>> = {
  shared: { rateLimitPerMinute: LIMIT, trustProxy: [PROXY], rateLimitStore: 'database' },
  plain: { rateLimitPerMinute: LIMIT },
};
beforeAll(async () => {
  shared = await buildTestApp(apps.shared);
  plain = await buildTestApp(apps.plain);
});
afterAll(async () => {
  await shared.close();
  await plain.close();
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('counts each client behind a trusted proxy apart, by X-Forwarded-For', async () => {
    const alice = { socket: PROXY, forwardedFor: '203.0.113.1' };
    const bob = { socket: PROXY, forwardedFor: '203.0.113.2' };
    expect(await attempts(shared.app, [alice, alice, alice])).toEqual([401, 401, 429]);
    expect(await signInAttempt(shared.app, bob)).toBe(401);
  });

  it('ignores X-Forwarded-For from a sender that is not a trusted proxy', async () => {
    // A client talking directly cannot pick a new address per call.
    const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((forwardedFor) => ({ socket: '192.0.2.9', forwardedFor }));
    expect(await attempts(shared.app, forged)).toEqual([401, 401, 429]);
  });

  it('ignores X-Forwarded-For entirely when no proxy is trusted (the default)', async () => {
    const clients = ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((forwardedFor) => ({ socket: PROXY, forwardedFor }));
    expect(await attempts(plain.app, clients)).toEqual([401, 401, 429]);
  });

  it('with a hop count, takes the address the last trusted hop saw, not what the client wrote before it', async () => {
    const t = await buildTestApp({ rateLimitPerMinute: LIMIT, trustProxy: 1 });
    try {
      const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((first) => ({ socket: PROXY, forwardedFor: `${first}, 203.0.113.7` }));
      expect(await attempts(t.app, forged)).toEqual([401, 401, 429]);
      expect(await signInAttempt(t.app, { socket: PROXY, forwardedFor: '203.0.113.8' })).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits shared through the database (RATE_LIMIT_STORE=database)', () => {
  it('hold across two API processes on one database: the N+1th call through either is refused', async () => {
    const second = await buildSecondApp(shared);
    try {
      const client = { socket: '203.0.113.50' };
      expect(await attempts(shared.app, [client])).toEqual([401]);
      expect(await attempts(second.app, [client])).toEqual([401]);
      expect(await attempts(shared.app, [client])).toEqual([429]);
      expect(await attempts(second.app, [client])).toEqual([429]);
      expect(await signInAttempt(second.app, { socket: '203.0.113.51' })).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('are counted by each process on its own with the in-memory store', async () => {
    const second = await buildSecondApp(plain);
    try {
      const client = { socket: '203.0.113.60' };
      const statuses = [];
      for (const app of [plain.app, second.app, plain.app, second.app]) statuses.push(await signInAttempt(app, client));
      expect(statuses).toEqual([401, 401, 401, 401]);
    } finally {
      await second.close();
    }
  });

  it('count each route apart, say when to retry, and start again once the window has ended', async () => {
    const client = { socket: '203.0.113.70' };
    expect(await attempts(shared.app, [client, client, client])).toEqual([401, 401, 429]);
    // Sign-up is limited too, with its own counter.
    const signUp = await shared.app.inject({ method: 'POST', url: '/users', remoteAddress: client.socket, payload: {} });
    expect(signUp.statusCode).not.toBe(429);
    const refused = await shared.app.inject({ url: '/jwt?email=a@test.dev', remoteAddress: client.socket });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The window ends (as a minute passing would make it): the next call counts from 1 again.
    await shared.testDb.db.query("update rate_limits set expires_at = now() - interval '1 second' where key like '%203.0.113.70'");
    expect(await attempts(shared.app, [client, client, client])).toEqual([401, 401, 429]);
  });

  it('deletes ended windows and keeps running ones', async () => {
    const counters = rateLimitsRepository(shared.testDb.db);
    await shared.testDb.db.query('delete from rate_limits');
    await counters.hit('ended', 60_000);
    await counters.hit('running', 60_000);
    expect((await counters.hit('running', 60_000)).hits).toBe(2);
    await shared.testDb.db.query("update rate_limits set expires_at = now() - interval '1 second' where key = 'ended'");
    expect(await counters.peek('ended')).toEqual({ hits: 0, ttlMs: 0 });
    expect(await counters.deleteExpired()).toBe(1);
    expect((await shared.testDb.db.query<{ key: string }>('select key from rate_limits')).map((row) => row.key)).toEqual(['running']);
    expect((await counters.peek('running')).hits).toBe(2);
  });
});
