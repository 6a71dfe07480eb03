import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { idTokenFor, FakeAccounts, FakeStripe, fakeVerifyIdToken } from './fakes';
import { signUp } from './helper';
import { openWorkerPglite } from './workerPglite';

/**
 * The API stopped and started again on the same DATA_DIR, as a person restarts `npm start`: a
 * fresh folder is migrated from the first migration (no template), which is this proof's length.
 */
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