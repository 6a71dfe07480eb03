import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import type { Db } from '../src/db/db';
import { categoriesRepository } from '../src/repositories/categories';
import { addProduct, buildSecondApp, buildTestApp, signUp, signUpCast, type Actor, type TestApp } from './helper';

/**
 * Two API processes on one database, as a deployment behind a load balancer runs them: a change
 * made through one empties the other's caches once PostgreSQL's notification arrives. On PGlite
 * (one process's database) both apps share the connection, and the notification is immediate.
 */
let t: TestApp;
let other: { app: FastifyInstance; db: Db; close(): Promise<void> };
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildSecondApp(t);
  cast = await signUpCast(t.app);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

/** Asks `probe` again (every 10 ms, for at most 10 s) until `holds` says yes; answers the last value. */
async function eventually<Value>(probe: () => Promise<Value>, holds: (value: Value) => boolean): Promise<Value> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (holds(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const idsOn = async (app: FastifyInstance, url: string, who: Actor = cast.buyer) =>
  (await app.inject({ url, headers: who.headers })).json<Array<{ _id: string }>>().map((entry) => entry._id);

/** How many statements `work` sent through the second process's connection. */
async function secondProcessQueries(work: () => Promise<unknown>): Promise<number> {
  const query = jest.spyOn(other.db, 'query');
  try {
    await work();
    return query.mock.calls.length;
  } finally {
    query.mockRestore();
  }
}

describe('a change through one API process', () => {
  it('shows a new book on the other once notified, though the other kept its page', async () => {
    await idsOn(other.app, '/bookCatagoriesId/children');
    expect(await secondProcessQueries(() => idsOn(other.app, '/bookCatagoriesId/children'))).toBe(0);
    const id = await addProduct(t.app, cast.seller, { category: 'children', name: 'Written In One, Read In The Other' });
    expect(await eventually(() => idsOn(other.app, '/bookCatagoriesId/children'), (ids) => ids.includes(id))).toContain(id);
  });

  it('removes a deleted book from the other once notified', async () => {
    const id = await addProduct(t.app, cast.seller, { category: 'children', name: 'Deleted In One' });
    expect(await eventually(() => idsOn(other.app, '/bookCatagoriesId/children'), (ids) => ids.includes(id))).toContain(id);
    await t.app.inject({ method: 'DELETE', url: `/products/${id}`, headers: cast.seller.headers });
    expect(await eventually(() => idsOn(other.app, '/bookCatagoriesId/children'), (ids) => !ids.includes(id))).not.toContain(id);
  });

  it('shows a new category on the other once notified', async () => {
    const names = async () => (await other.app.inject({ url: '/bookCatagories' })).json<Array<{ category: string }>>().map((c) => c.category);
    expect(await names()).not.toContain('drama');
    await categoriesRepository(t.testDb.db).insert({
      id: 'c0ffee000000000000000002', name: 'Drama', category_id: '7', category: 'drama', img: '/image-host/i/drama.svg', position: 98,
    });
    expect(await eventually(names, (list) => list.includes('drama'))).toContain('drama');
  });

  it('ends, on the other, the access of a user deleted through it', async () => {
    const leaving = await signUp(t.app, 'deleted-elsewhere@test.dev');
    const status = async () => (await other.app.inject({ url: '/bookCatagoriesId/fiction', headers: leaving.headers })).statusCode;
    expect(await status()).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/users/admin/${leaving.id}`, headers: cast.admin.headers });
    expect(await eventually(status, (code) => code === 401)).toBe(401);
  });
});

describe('the change listener connection (PostgreSQL)', () => {
  onPostgres('is replaced when it drops, and notifications go on through the new one', async () => {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const [{ schema }] = (await t.testDb.db.query<{ schema: string }>('select current_schema() as schema'));
      const listeners = async () =>
        (await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where application_name = $1 order by pid',
          [`book-resale change listener (${schema})`],
        )).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before).toHaveLength(2); // one per API process
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      const after = await eventually(listeners, (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)));
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);

      // Kept again once resumed, and emptied by a change made through the first process.
      await eventually(
        () => secondProcessQueries(() => idsOn(other.app, '/bookCatagoriesId/history')),
        (queries) => queries === 0,
      );
      const id = await addProduct(t.app, cast.seller, { category: 'history', name: 'After The Listener Came Back' });
      expect(await eventually(() => idsOn(other.app, '/bookCatagoriesId/history'), (ids) => ids.includes(id))).toContain(id);
    } finally {
      await admin.end();
    }
  });
});
