import { request as httpRequest } from 'node:http';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { configuredBaseUrl } from '../src/lib/wire';
import { FakeStripe, fakeVerifyIdToken } from './fakes';
import { bookingOf, buildTestApp, signUp, type TestApp } from './helper';

const imagesOf = async (t: TestApp, host: string) => {
  const response = await t.app.inject({ url: '/bookCatagories', headers: { host } });
  return response.json<Array<{ img: string }>>().map((category) => category.img);
};

describe('image URLs come from the configuration, never from the Host header', () => {
  it('are the same for every Host, on the listen address when PUBLIC_URL is unset (the bound port when it is 0)', async () => {
    const t = await buildTestApp({ apiHost: '127.0.0.1', apiPort: 5000 });
    try {
      const mine = await imagesOf(t, '127.0.0.1:5000');
      const theirs = await imagesOf(t, 'attacker.example');
      expect(theirs).toEqual(mine);
      expect(mine[0]).toBe('http://127.0.0.1:5000/image-host/i/category-fiction.svg');

      // Books and bookings of seeded books, for a signed-in buyer.
      const buyer = await signUp(t.app, 'host-buyer@test.dev');
      const asked = async (url: string, host: string) =>
        (await t.app.inject({ url, headers: { ...buyer.headers, host } })).json<Array<{ _id: string; img: string }>>();
      const books = await asked('/bookCatagoriesId/fiction', 'attacker.example');
      expect(books.map((b) => b.img)).toEqual((await asked('/bookCatagoriesId/fiction', '127.0.0.1:5000')).map((b) => b.img));
      expect(books[0].img).toMatch(/^http:\/\/127\.0\.0\.1:5000\/image-host\/i\/[\w-]+\.svg$/);
      await bookingOf(t.app, buyer, books[0]._id);
      const bookingImages = [
        (await asked(`/bookings?email=${buyer.email}`, 'cache-poison.example:8443'))[0].img,
        (await asked(`/bookings?email=${buyer.email}`, '127.0.0.1:5000'))[0].img,
      ];
      expect(bookingImages).toEqual([books[0].img, books[0].img]);

      // Listening on port 0 (tests, benchmarks), the links name the port actually bound.
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const body = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(`${address}/bookCatagories`, { headers: { host: 'attacker.example' } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        request.end();
      });
      const listened = (JSON.parse(body) as Array<{ img: string }>).map((category) => category.img);
      expect(listened[0]).toBe(`${address}/image-host/i/category-fiction.svg`);
    } finally {
      await t.close();
    }
  });

  it('are on PUBLIC_URL when it is set, whatever the Host', async () => {
    const t = await buildTestApp({ publicUrl: 'https://books.example' });
    try {
      const images = [await imagesOf(t, 'attacker.example'), await imagesOf(t, 'localhost:5000')];
      expect(images[0]).toEqual(images[1]);
      expect(images[0][0]).toBe('https://books.example/image-host/i/category-fiction.svg');
    } finally {
      await t.close();
    }
  });

  it('put an IPv6 listen address in brackets', () => {
    expect(configuredBaseUrl({ apiHost: '::1', apiPort: 5000 })).toBe('http://[::1]:5000');
    expect(configuredBaseUrl({ apiHost: 'localhost', apiPort: 5000 }, 5123)).toBe('http://localhost:5123');
  });
});

describe('an API reachable from other machines needs PUBLIC_URL', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'books.example'])('refuses API_HOST=%s without PUBLIC_URL, saying so', (host) => {
    const attempt = () => loadConfig({ API_HOST: host });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/API_HOST is .* set PUBLIC_URL/);
    expect(loadConfig({ API_HOST: host, PUBLIC_URL: 'https://api.books.example' }).publicUrl).toBe('https://api.books.example');
  });

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1'])('accepts the loopback address %s without PUBLIC_URL', (host) => {
    expect(loadConfig({ API_HOST: host }).apiHost).toBe(host);
  });

  it('refuses to build the app with such a configuration, before opening anything', async () => {
    const unused = async (): Promise<never> => {
      throw new Error('the database is not to be used');
    };
    const db: Db = { query: unused, exec: unused, transaction: unused, watchChanges: unused, watchNotifications: unused, copyFrom: unused, close: unused };
    await expect(
      buildApp({ env: {}, db, verifyIdToken: fakeVerifyIdToken, payments: new FakeStripe(), config: { apiHost: '0.0.0.0' } }),
    ).rejects.toThrow(ConfigError);
  });
});
