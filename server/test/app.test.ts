import { buildTestApp } from './helper';

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

