import path from 'node:path';
import { buildApp } from '../src/app';
import { assertSafeIdentityMode, ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      apiPort: 5000,
      apiHost: '127.0.0.1',
      dataDir: path.resolve(__dirname, '..', '..', '.data'),
      firebaseProjectId: 'demo-book-resale',
      clientOrigins: ['http://127.0.0.1:8080'],
      imageHostKey: 'book-resale-local',
      rateLimitPerMinute: 30,
      uploadQuotaImages: 200,
      uploadQuotaBytes: 200 * 1024 * 1024,
      imageGraceHours: 24,
      imageSweepIntervalMinutes: 60,
      stripe: { secretKey: 'sk_test_sandbox', host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(config.timeouts).toEqual({ requestMs: 60_000, headersMs: 15_000, keepAliveMs: 5_000, idleSocketMs: 30_000 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
    expect(config.jwtSecret).toBeUndefined();
    expect(config).toMatchObject({ trustProxy: false, imageStore: 'disk', rateLimitStore: 'memory' });
  });

  it('reads the size of the PostgreSQL connection pool', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    for (const bad of ['0', '101', '2.5', 'many']) expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow('DATABASE_POOL_SIZE');
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      API_PORT: '6000', ADMIN_EMAILS: 'A@x.dev, b@x.dev', CLIENT_ORIGIN: 'http://a.dev,https://b.dev',
      DATABASE_URL: 'postgres://u:p@db:5432/app', PUBLIC_URL: 'https://api.example/', STRIPE_SECRET_KEY: 'sk_live_abc123',
      JWT_SECRET: 'a-secret-shared-by-every-api-process',
    });
    expect(config.apiPort).toBe(6000);
    expect(config.adminEmails).toEqual(['a@x.dev', 'b@x.dev']);
    expect(config.clientOrigins).toEqual(['http://a.dev', 'https://b.dev']);
    expect(config.publicUrl).toBe('https://api.example');
    // A real key without a host talks to Stripe itself.
    expect(config.stripe).toEqual({ secretKey: 'sk_live_abc123' });
  });

  it('reads the image quota and sweep settings', () => {
    const config = loadConfig({ UPLOAD_QUOTA_IMAGES: '50', UPLOAD_QUOTA_MB: '20', IMAGE_GRACE_HOURS: '0.5', IMAGE_SWEEP_INTERVAL_MINUTES: '0' });
    expect(config).toMatchObject({ uploadQuotaImages: 50, uploadQuotaBytes: 20 * 1024 * 1024, imageGraceHours: 0.5, imageSweepIntervalMinutes: 0 });
    const attempt = () => loadConfig({ UPLOAD_QUOTA_IMAGES: '0', UPLOAD_QUOTA_MB: 'lots', IMAGE_GRACE_HOURS: '-1', IMAGE_SWEEP_INTERVAL_MINUTES: '1.5' });
    expect(() => loadConfig({ IMAGE_SWEEP_INTERVAL_MINUTES: '100000' })).toThrow('IMAGE_SWEEP_INTERVAL_MINUTES');
    for (const name of ['UPLOAD_QUOTA_IMAGES', 'UPLOAD_QUOTA_MB', 'IMAGE_GRACE_HOURS', 'IMAGE_SWEEP_INTERVAL_MINUTES']) expect(attempt).toThrow(name);
  });

  it('reads the time limits', () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_MS: '120000', HEADERS_TIMEOUT_MS: '20000', KEEP_ALIVE_TIMEOUT_MS: '3000', IDLE_SOCKET_TIMEOUT_MS: '45000',
    });
    expect(config.timeouts).toEqual({ requestMs: 120_000, headersMs: 20_000, keepAliveMs: 3_000, idleSocketMs: 45_000 });
  });

  it('lists every bad time limit in the same error', () => {
    const attempt = () =>
      loadConfig({ API_PORT: 'eighty', REQUEST_TIMEOUT_MS: '60', KEEP_ALIVE_TIMEOUT_MS: '5s', IDLE_SOCKET_TIMEOUT_MS: '0' });
    expect(attempt).toThrow(ConfigError);
    for (const name of ['API_PORT', 'REQUEST_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS', 'IDLE_SOCKET_TIMEOUT_MS']) expect(attempt).toThrow(name);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '20000' })).toThrow(
      'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS',
    );
  });

  it('reads the order deadlines as ISO 8601 durations, with their defaults', () => {
    const DAY = 86_400_000;
    expect(loadConfig({}).orderDeadlines).toMatchObject({
      payWithinMs: 2 * DAY, shipWithinMs: 5 * DAY, handoverWithinMs: 7 * DAY, autoReceiveAfterMs: 14 * DAY, problemWindowMs: 2 * DAY,
    });
    expect(loadConfig({}).orderSweepIntervalMs).toBe(30_000);
    const config = loadConfig({
      ORDER_PAY_WITHIN: 'PT12H', ORDER_SHIP_WITHIN: 'P3D', ORDER_HANDOVER_WITHIN: 'P1DT6H', ORDER_AUTO_RECEIVE_AFTER: 'P1W',
      ORDER_PROBLEM_WINDOW: 'PT72H', ORDER_SWEEP_INTERVAL_MS: '500',
    });
    expect(config.orderDeadlines).toMatchObject({
      payWithinMs: 12 * 3_600_000, shipWithinMs: 3 * DAY, handoverWithinMs: 1.25 * DAY, autoReceiveAfterMs: 7 * DAY, problemWindowMs: 3 * DAY,
    });
    expect(config.orderSweepIntervalMs).toBe(500);
    const attempt = () => loadConfig({ ORDER_PAY_WITHIN: '2 days', ORDER_PROBLEM_WINDOW: 'P400D', ORDER_SWEEP_INTERVAL_MS: '10' });
    for (const name of ['ORDER_PAY_WITHIN', 'ORDER_PROBLEM_WINDOW', 'ORDER_SWEEP_INTERVAL_MS']) expect(attempt).toThrow(name);
  });

  it('reads how often views are written and rolled up', () => {
    expect(loadConfig({}).insight).toEqual({ viewFlushMs: 1_000, rollupIntervalMs: 60_000 });
    expect(loadConfig({ INSIGHT_VIEW_FLUSH_MS: '250', INSIGHT_ROLLUP_INTERVAL_MS: '0' }).insight).toEqual({ viewFlushMs: 250, rollupIntervalMs: 0 });
    for (const [name, value] of [['INSIGHT_VIEW_FLUSH_MS', '5'], ['INSIGHT_VIEW_FLUSH_MS', 'soon'], ['INSIGHT_ROLLUP_INTERVAL_MS', '99999999']]) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });

  it('reads how long an offer waits for an answer and how long its order waits for payment', () => {
    const DAY = 86_400_000;
    expect(loadConfig({}).orderDeadlines).toMatchObject({ offerExpiresAfterMs: 2 * DAY, offerPayWithinMs: DAY, offerReminderBeforeMs: DAY });
    expect(loadConfig({ OFFER_EXPIRES_AFTER: 'PT36H', OFFER_PAY_WITHIN: 'PT6H' }).orderDeadlines).toMatchObject({
      offerExpiresAfterMs: 36 * 3_600_000, offerPayWithinMs: 6 * 3_600_000,
    });
    for (const name of ['OFFER_EXPIRES_AFTER', 'OFFER_PAY_WITHIN']) expect(() => loadConfig({ [name]: 'two days' })).toThrow(name);
  });

  it('reads how far a search counts and past how many expected matches it ranks a window', () => {
    expect(loadConfig({})).toMatchObject({ searchCountLimit: 1_000, searchRankLimit: 10_000 });
    expect(loadConfig({ SEARCH_COUNT_LIMIT: '50', SEARCH_RANK_LIMIT: '0' })).toMatchObject({ searchCountLimit: 50, searchRankLimit: 0 });
    for (const bad of ['-1', 'many', '1.5', '100000001']) expect(() => loadConfig({ SEARCH_RANK_LIMIT: bad })).toThrow('SEARCH_RANK_LIMIT');
  });

  it('writes an inventory file 200 rows a transaction on the embedded database and 1,000 on a PostgreSQL server, unless told', () => {
    const server = { DATABASE_URL: 'postgres://shop@db.internal/shop', JWT_SECRET: 'a-secret-long-enough-for-several-processes' };
    expect(loadConfig({}).inventoryImports.applyBatch).toBe(200);
    expect(loadConfig(server).inventoryImports.applyBatch).toBe(1_000);
    expect(loadConfig({ ...server, INVENTORY_IMPORT_BATCH_ROWS: '500' }).inventoryImports.applyBatch).toBe(500);
    for (const bad of ['-1', 'many', '2.5', '10001', '0']) expect(() => loadConfig({ INVENTORY_IMPORT_BATCH_ROWS: bad })).toThrow('INVENTORY_IMPORT_BATCH_ROWS');
    expect(() => loadConfig({ INVENTORY_IMPORT_LOOKUPS_PER_SECOND: '0' })).toThrow('INVENTORY_IMPORT_LOOKUPS_PER_SECOND must be a whole number from 1 to 100, got "0"');
  });

  it('lists every bad value in one clear error', () => {
    const attempt = () => loadConfig({ API_PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x', STRIPE_API_PROTOCOL: 'ftp' });
    expect(attempt).toThrow(ConfigError);
    for (const name of ['API_PORT', 'DATABASE_URL', 'JWT_SECRET', 'STRIPE_API_PROTOCOL']) expect(attempt).toThrow(name);
  });
});

describe('the Auth emulator only where it is safe', () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', PUBLIC_URL: 'https://api.shop.example' };

  it.each(['0.0.0.0', '192.168.1.20', '::'])('refuses to start on %s (hole: forgeable tokens served beyond this machine)', async (host) => {
    await expect(buildApp({ env: { ...emulator, API_HOST: host }, seed: false })).rejects.toThrow(/loopback/);
  });

  it('refuses a live Stripe key with the emulator', async () => {
    await expect(buildApp({ env: { ...emulator, STRIPE_SECRET_KEY: 'sk_live_abc123' }, seed: false })).rejects.toThrow(/live Stripe key/);
  });

  it.each(['127.0.0.1', 'localhost', '::1'])('allows loopback %s', (host) => {
    expect(() => assertSafeIdentityMode(loadConfig({ ...emulator, API_HOST: host }))).not.toThrow();
  });

  it('allows any address with a real project', () => {
    const env = { API_HOST: '0.0.0.0', PUBLIC_URL: 'https://api.shop.example', STRIPE_SECRET_KEY: 'sk_live_abc123' };
    expect(() => assertSafeIdentityMode(loadConfig(env))).not.toThrow();
  });
});

describe('several processes on one database', () => {
  const POSTGRES = 'postgres://u:p@db:5432/app';
  const SECRET = 'a-secret-shared-by-every-api-process';

  it('requires JWT_SECRET with DATABASE_URL, saying why', () => {
    expect(() => loadConfig({ DATABASE_URL: POSTGRES })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: POSTGRES })).toThrow(/JWT_SECRET is required with DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
    // The embedded database is one process: a generated secret in DATA_DIR does.
    expect(() => loadConfig({})).not.toThrow();
  });

  it('refuses to build the API on DATABASE_URL without JWT_SECRET, before connecting', async () => {
    await expect(buildApp({ env: { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none' }, seed: false })).rejects.toThrow(/JWT_SECRET/);
  });

  it('shares rate-limit counters through the database with DATABASE_URL, unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: SECRET }).rateLimitStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: SECRET, RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE must be one of memory, database');
  });

  it('keeps images in the database with a database server, else on disk, unless IMAGE_STORE says', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: SECRET }).imageStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: SECRET, IMAGE_STORE: 'disk' }).imageStore).toBe('disk');
    expect(loadConfig({}).imageStore).toBe('disk');
    expect(loadConfig({ IMAGE_STORE: 'database' }).imageStore).toBe('database');
    expect(loadConfig({ IMAGE_STORE: ' Database ' }).imageStore).toBe('database');
    expect(() => loadConfig({ IMAGE_STORE: 'ftp' })).toThrow('IMAGE_STORE must be one of disk, database, s3');
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback',
    ]);
  });

  it.each(['true', '*', '11', '10.0.0.0/33', '300.1.1.1', 'proxy.internal', '10.0.0.1/8/2', ','])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
  });
});
