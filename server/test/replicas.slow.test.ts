import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { createPostgresDb } from '../src/db/postgres';
import { FakeAccounts, FakeStripe, fakeVerifyIdToken } from './fakes';
import { addProduct, signUp, type Actor } from './helper';
import { APPLY_BATCH_ON_SERVER } from '../src/inventory/batches';
import { postgresBin, startPrimary, startReplica, type PostgresServer } from './postgresCluster';

/**
 * The public catalogue read from a real streaming replica: a primary made with `initdb` and a
 * replica made from it with `pg_basebackup`, both on this machine. Part of the PostgreSQL run
 * (server/scripts/test-postgres.sh sets TEST_DATABASE_URL, and PostgreSQL's tools are there); it
 * skips elsewhere.
 */
const bin = process.env.TEST_DATABASE_URL ? postgresBin() : undefined;
const describeWithReplica = bin ? describe : describe.skip;

const MAX_LAG_MS = 3_000;

interface Ready {
  status: string;
  replicas?: { name: string; healthy: boolean; lagMs: number | null; lagBytes: number | null; problem?: string }[];
}

async function on<Row>(url: string, sql: string): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Asks `check` every 100 ms until it holds, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithReplica('catalogue reads on a streaming replica', () => {
  let primary: PostgresServer;
  let replica: PostgresServer;
  let db: Db;
  let app: FastifyInstance;
  let dataDir: string;
  let seller: Actor;

  const ready = async () => (await app.inject({ url: '/ready' })).json<Ready>();
  const replicaState = async () => (await ready()).replicas?.[0];

  beforeAll(async () => {
    primary = await startPrimary(bin ?? '');
    replica = await startReplica(bin ?? '', primary);
    dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-replica-app-'));
    db = await createPostgresDb({ connectionString: primary.url });
    app = await buildApp({
      env: {},
      db,
      verifyIdToken: fakeVerifyIdToken,
      checkAccount: new FakeAccounts().check,
      payments: new FakeStripe(),
      config: {
        dataDir,
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
        rateLimitPerMinute: 0,
        accountCheckTtlMs: 0,
        orderSweepIntervalMs: 0,
        payoutTickMs: 0,
        inventoryImports: { intervalMs: 0, lookupsPerSecond: 100, applyBatch: APPLY_BATCH_ON_SERVER },
        databaseReplicaUrls: [replica.url],
        replicaMaxLagMs: MAX_LAG_MS,
      },
    });
    seller = await signUp(app, 'replica-seller@test.dev', 'seller');
    // The replica has replayed the migrations and the sign-up before the tests start.
    await eventually(async () => (await replicaState())?.healthy === true);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await replica?.remove();
    await primary?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the replica on /ready, and a quiet primary does not make it look late', async () => {
    await eventually(async () => (await replicaState())?.lagBytes === 0);
    // Nothing is written for longer than the greatest lag allowed.
    await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 1_000));
    // The last replayed transaction is that old, so a lag read from its time would skip the replica…
    const [{ age }] = await on<{ age: number }>(replica.url, 'select extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as age');
    expect(Number(age)).toBeGreaterThan(MAX_LAG_MS);
    // …but it has every WAL position the primary has: not behind at all.
    const answer = await ready();
    expect(answer.status).toBe('ready');
    expect(answer.replicas).toEqual([{ name: `127.0.0.1:${replica.port}/postgres`, healthy: true, lagMs: 0, lagBytes: 0 }]);
    // No credentials in the answer.
    expect(JSON.stringify(answer)).not.toContain('postgres@');
  });

  it('reads a signed-out visitor from the replica, and a seller reads back their own write at once', async () => {
    await on(replica.url, 'select pg_wal_replay_pause()');
    try {
      const id = await addProduct(app, seller, { name: 'Replicated Rarity' });
      // Right after the write: the replica is well (behind by less than the limit) but lacks it.
      const [signedOut, signedIn, searchedOut, searchedIn] = await Promise.all([
        app.inject({ url: `/books/${id}` }),
        app.inject({ url: `/books/${id}`, headers: seller.headers }),
        app.inject({ url: '/books/search?q=replicated+rarity' }),
        app.inject({ url: '/books/search?q=replicated+rarity', headers: seller.headers }),
      ]);
      expect(signedIn.statusCode).toBe(200);
      expect(searchedIn.json<{ total: number }>().total).toBe(1);
      expect(signedOut.statusCode).toBe(404);
      expect(searchedOut.json<{ total: number }>().total).toBe(0);

      // Once it is behind by more than REPLICA_MAX_LAG it is skipped: the primary answers everyone.
      await eventually(async () => (await replicaState())?.healthy === false);
      const late = await replicaState();
      expect(late?.problem).toMatch(/behind/);
      expect(late?.lagBytes).toBeGreaterThan(0);
      expect(late?.lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect((await app.inject({ url: `/books/${id}` })).statusCode).toBe(200);
      expect((await ready()).status).toBe('ready');

      // Caught up, it is used again, and has the book.
      await on(replica.url, 'select pg_wal_replay_resume()');
      await eventually(async () => (await replicaState())?.healthy === true);
      const [replayed] = await on<{ count: number }>(replica.url, `select count(*)::int as count from books where id = '${id}'`);
      expect(replayed.count).toBe(1);
      expect((await app.inject({ url: `/books/${id}` })).statusCode).toBe(200);
      expect((await app.inject({ url: '/books/search?q=replicated+rarity' })).json<{ total: number }>().total).toBe(1);
    } finally {
      await on(replica.url, 'select pg_wal_replay_resume()').catch(() => undefined);
    }
  });

  it('skips a replica that is down and reads from the primary meanwhile', async () => {
    const id = await addProduct(app, seller, { name: 'Outlasting Almanac' });
    await eventually(async () => (await replicaState())?.lagBytes === 0);
    await replica.stop('immediate');
    // The first read after the crash fails on the replica and is read again from the primary.
    expect((await app.inject({ url: `/books/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/books/search?q=outlasting+almanac' })).json<{ total: number }>().total).toBe(1);
    await eventually(async () => /unreachable/.test((await replicaState())?.problem ?? ''));
    const answer = await ready();
    expect(answer.status).toBe('ready');
    expect(answer.replicas?.[0].healthy).toBe(false);
    expect((await app.inject({ url: `/sellers/${seller.id}` })).statusCode).toBe(200);
  });
});
