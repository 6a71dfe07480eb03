import { loadConfig } from '../src/config';
import type { Queryable, Reader } from '../src/db/db';
import { createReplicaReads, isReplicaTrouble, lagOf, replicaName, walPosition } from '../src/db/replicas';

const PRIMARY = 'postgres://shop:secret@db.internal:5432/shop';
const JWT_SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('replica settings', () => {
  it('reads DATABASE_REPLICA_URLS and REPLICA_MAX_LAG beside DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: PRIMARY,
      JWT_SECRET,
      DATABASE_REPLICA_URLS: ' postgres://r1:5432/shop , postgresql://r2/shop ',
      REPLICA_MAX_LAG: '1.5',
    });
    expect(config.databaseReplicaUrls).toEqual(['postgres://r1:5432/shop', 'postgresql://r2/shop']);
    expect(config.replicaMaxLagMs).toBe(1_500);
    expect(loadConfig({ DATABASE_URL: PRIMARY, JWT_SECRET }).replicaMaxLagMs).toBe(5_000);
    expect(loadConfig({ DATABASE_URL: PRIMARY, JWT_SECRET, REPLICA_MAX_LAG: '10s' }).replicaMaxLagMs).toBe(10_000);
    expect(loadConfig({}).databaseReplicaUrls).toEqual([]);
  });

  it('refuses replicas without a primary server, and lags that are not a number of seconds', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/shop' })).toThrow(/DATABASE_REPLICA_URLS needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: PRIMARY, JWT_SECRET, DATABASE_REPLICA_URLS: 'mysql://r1/shop' })).toThrow(/DATABASE_REPLICA_URLS/);
    for (const lag of ['soon', '-1', '0', '7200', '5ms']) {
      expect(() => loadConfig({ DATABASE_URL: PRIMARY, JWT_SECRET, REPLICA_MAX_LAG: lag })).toThrow(/REPLICA_MAX_LAG/);
    }
  });
});

describe('replica lag', () => {
  it('reads WAL positions as bytes', () => {
    expect(walPosition('0/0')).toBe(0n);
    expect(walPosition('0/16B3748')).toBe(0x16b3748n);
    expect(walPosition('1/0')).toBe(2n ** 32n);
    expect(() => walPosition('16B3748')).toThrow(/WAL position/);
  });

  const samples = [
    { at: 1_000, position: 100n },
    { at: 2_000, position: 100n },
    { at: 3_000, position: 250n },
    { at: 4_000, position: 400n },
  ];

  it('is nothing for a replica with every position, however long ago the last write was', () => {
    expect(lagOf(samples, 400n, 60_000)).toEqual({ lagMs: 0, lagBytes: 0 });
    expect(lagOf([], 5n, 60_000)).toEqual({ lagMs: 0, lagBytes: 0 });
  });

  it('is the age of the oldest position the replica lacks', () => {
    expect(lagOf(samples, 300n, 4_100)).toEqual({ lagMs: 100, lagBytes: 100 });
    expect(lagOf(samples, 100n, 4_100)).toEqual({ lagMs: 1_100, lagBytes: 300 });
    // Behind every position kept: at least as old as the oldest.
    expect(lagOf(samples, 50n, 4_100)).toEqual({ lagMs: 3_100, lagBytes: 350 });
  });

  it('names a replica without its credentials', () => {
    expect(replicaName('postgres://user:pass@replica.internal:6432/shop')).toBe('replica.internal:6432/shop');
    expect(replicaName('postgresql://replica/shop')).toBe('replica:5432/shop');
  });

  it('reads again on the primary only what failed for the replica’s sake', () => {
    expect(isReplicaTrouble(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isReplicaTrouble(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaTrouble(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isReplicaTrouble(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toBe(true);
    expect(isReplicaTrouble(Object.assign(new Error('column "new_column" does not exist'), { code: '42703' }))).toBe(true);
    expect(isReplicaTrouble(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isReplicaTrouble(Object.assign(new Error('invalid input syntax'), { code: '22P02' }))).toBe(false);
  });
});

describe('reads with every replica unreachable', () => {
  it('go to the primary, and the replica is reported with its problem', async () => {
    const asked: string[] = [];
    const primaryQuery: Queryable['query'] = async <Row>(sql: string) => {
      asked.push(sql);
      return (sql.includes('pg_current_wal_lsn') ? [{ position: '0/100' }] : [{ answer: 42 }]) as Row[];
    };
    const primary: Reader = {
      query: primaryQuery,
      exec: async () => undefined,
      transaction: (work) => work({ query: primaryQuery, exec: async () => undefined }),
    };
    // Nothing listens on port 1.
    const reads = await createReplicaReads(primary, { urls: ['postgres://nobody@127.0.0.1:1/shop'], maxLagMs: 5_000, probeEveryMs: 0 });
    try {
      expect(reads.status()).toEqual([
        { name: '127.0.0.1:1/shop', healthy: false, lagMs: null, lagBytes: null, problem: expect.stringMatching(/^unreachable/) },
      ]);
      expect(await reads.reader.query('select 42 as answer')).toEqual([{ answer: 42 }]);
      expect(await reads.reader.transaction((tx) => tx.query('select 42 as answer'))).toEqual([{ answer: 42 }]);
      expect(asked.filter((sql) => sql === 'select 42 as answer')).toHaveLength(2);
    } finally {
      await reads.close();
    }
  });
});
