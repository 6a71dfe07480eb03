import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

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
      stripe: { secretKey: 'sk_test_sandbox', host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(config.timeouts).toEqual({ requestMs: 60_000, headersMs: 15_000, keepAliveMs: 5_000, idleSocketMs: 30_000 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      API_PORT: '6000', ADMIN_EMAILS: 'A@x.dev, b@x.dev', CLIENT_ORIGIN: 'http://a.dev,https://b.dev',
      DATABASE_URL: 'postgres://u:p@db:5432/app', PUBLIC_URL: 'https://api.example/', STRIPE_SECRET_KEY: 'sk_live_abc123',
    });
    expect(config.apiPort).toBe(6000);
    expect(config.adminEmails).toEqual(['a@x.dev', 'b@x.dev']);
    expect(config.clientOrigins).toEqual(['http://a.dev', 'https://b.dev']);
    expect(config.publicUrl).toBe('https://api.example');
    // A real key without a host talks to Stripe itself.
    expect(config.stripe).toEqual({ secretKey: 'sk_live_abc123' });
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

  it('lists every bad value in one clear error', () => {
    const attempt = () => loadConfig({ API_PORT: 'eighty', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x', STRIPE_API_PROTOCOL: 'ftp' });
    expect(attempt).toThrow(ConfigError);
    for (const name of ['API_PORT', 'DATABASE_URL', 'JWT_SECRET', 'STRIPE_API_PROTOCOL']) expect(attempt).toThrow(name);
  });
});
