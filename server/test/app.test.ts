import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { idTokenFor, FakeAccounts, FakeStripe, fakeVerifyIdToken } from './fakes';
import { buildTestApp, signUp } from './helper';
import { openWorkerPglite } from './workerPglite';

describe('starting the API', () => {
  it('listens on a port and answers GET /bookCatagories', async () => {
    const t = await buildTestApp();
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${address}/bookCatagories`);
      expect(response.status).toBe(200);
      const categories = (await response.json()) as Array<{ img: string }>;
      expect(categories).toHaveLength(5);
      expect(categories[0].img.startsWith(`${address}/image-host/i/`)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('allows CORS for the configured client origin only, with the auth header', async () => {
    const t = await buildTestApp({ clientOrigins: ['http://127.0.0.1:8080'] });
    try {
      const preflight = (origin: string) =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/products',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
        });
      const allowed = await preflight('http://127.0.0.1:8080');
      expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
      expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
      const other = await preflight('https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('rate-limits sign-in when configured', async () => {
    const t = await buildTestApp({ rateLimitPerMinute: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await t.app.inject({ url: '/jwt?email=a@test.dev' })).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      expect((await t.app.inject({ url: '/bookCatagories' })).statusCode).toBe(200); // other routes unaffected
    } finally {
      await t.close();
    }
  });
});

describe('the embedded database', () => {
  it('keeps data and the token secret in DATA_DIR across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-persist-'));
    const start = async () =>
      buildApp({
        env: {},
        db: await openWorkerPglite(path.join(dataDir, 'db')),
        config: { dataDir, rateLimitPerMinute: 0 },
        verifyIdToken: fakeVerifyIdToken,
        checkAccount: new FakeAccounts().check,
        payments: new FakeStripe(),
      });
    try {
      const first = await start();
      const user = await signUp(first, 'persist@test.dev', 'seller');
      const categories = (await first.inject({ url: '/bookCatagories' })).json<unknown[]>();
      await first.close();
      await first.db.close();

      const second = await start();
      try {
        // The user survived, the token signed before the restart still works, nothing was seeded twice.
        const check = await second.inject({ url: '/users/seller/persist@test.dev', headers: user.headers });
        expect(check.json()).toEqual({ isSeller: true });
        expect((await second.inject({ url: '/bookCatagories' })).json()).toEqual(categories);
        expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toMatch(/^[0-9a-f]{96}$/);
        const jwt = await second.inject({ url: '/jwt?email=persist@test.dev', headers: { authorization: `Bearer ${idTokenFor('persist@test.dev')}` } });
        expect(jwt.statusCode).toBe(200);
      } finally {
        await second.close();
        await second.db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
