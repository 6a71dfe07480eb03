import { migrate, migrationFiles, unappliedMigrations } from '../src/db/migrate';
import type { Db } from '../src/db/db';
import { createTestDb, type TestDb } from './testDb';

/**
 * Processes starting together on one empty database each run the migrations; the advisory lock
 * makes one apply them and the others find them applied. On PostgreSQL the two runs below go
 * through two connection pools at once, as two processes would; on PGlite (one session) they
 * take turns.
 */
let testDb: TestDb;
let second: Db;
beforeAll(async () => {
  testDb = await createTestDb({ empty: true });
  second = await testDb.connectAgain();
});
afterAll(async () => {
  await second.close();
  await testDb.drop();
});

describe('two processes migrating one empty database at once', () => {
  it('apply every migration exactly once, and both end up with the whole schema', async () => {
    const files = await migrationFiles();
    expect(await unappliedMigrations(testDb.db, files)).toEqual(files);

    const [first, other] = await Promise.all([migrate(testDb.db), migrate(second)]);
    expect([...first, ...other].sort()).toEqual(files);
    expect([first.length, other.length].sort((a, b) => a - b)).toEqual([0, files.length]);

    const recorded = await testDb.db.query<{ name: string; times: number }>(
      'select name, count(*)::integer as times from schema_migrations group by name order by name',
    );
    expect(recorded).toEqual(files.map((name) => ({ name, times: 1 })));
    expect(await unappliedMigrations(second, files)).toEqual([]);
    // The last migration's tables are there for both.
    for (const db of [testDb.db, second]) {
      expect(await db.query("select to_regclass('rate_limits') is not null as present")).toEqual([{ present: true }]);
    }
  });
});
