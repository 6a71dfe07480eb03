import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /health (liveness)', () => {
  it('answers 200 without asking the database, never cached', async () => {
    const query = jest.spyOn(t.testDb.db, 'query');
    try {
      const response = await t.app.inject({ url: '/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });
});

describe('GET /ready (readiness)', () => {
  it('answers 200 when the database answers and has every migration', async () => {
    const response = await t.app.inject({ url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with a JSON message when the database does not answer', async () => {
    const query = jest.spyOn(t.testDb.db, 'query').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      const response = await t.app.inject({ url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not reachable' });
    } finally {
      query.mockRestore();
    }
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming what is missing while a migration this code needs is not applied', async () => {
    const [last] = await t.testDb.db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1');
    await t.testDb.db.query('delete from schema_migrations where name = $1', [last.name]);
    try {
      const response = await t.app.inject({ url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: `Migrations not applied yet: ${last.name}` });
    } finally {
      await t.testDb.db.query('insert into schema_migrations (name) values ($1)', [last.name]);
    }
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(200);
  });
});
