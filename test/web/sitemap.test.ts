/**
 * @jest-environment node
 */
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { server as network } from '../../src/testing/server';
import { createStaticServer } from '../../scripts/serve-static.mjs';
import { createSitemaps, robotsTxt } from '../../scripts/web/sitemap.mjs';

// /sitemap.xml and /robots.txt: every book for sale and its seller, paged along the API's cursors,
// in sitemaps of at most 50,000 URLs (an index past that), on the shop's own address.

const ORIGIN = 'https://shop.test';
const id = (n: number) => n.toString(16).padStart(24, '0');

/** An API holding `count` books for sale, newest first; book n is sold by seller n % 3. */
function fakeApi(initial: number) {
  let count = initial;
  const asked: string[] = [];
  const fetchImpl = (url: string) => {
    const { pathname, searchParams } = new URL(url);
    asked.push(`${pathname}?${searchParams.toString()}`);
    const json = (value: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(value), { status }));
    if (pathname === '/books/search') {
      const limit = Number(searchParams.get('limit'));
      const from = Number(searchParams.get('cursor') ?? 0);
      const ids = Array.from({ length: Math.max(0, Math.min(limit, count - from)) }, (_, at) => id(count - from - at));
      const next = from + limit < count ? String(from + limit) : null;
      return json({ items: ids.map((_id) => ({ _id, name: 'x' })), total: count, nextCursor: next });
    }
    const book = /^\/books\/([0-9a-f]{24})$/.exec(pathname);
    if (book) return json({ _id: book[1], sellerId: `seller-${parseInt(book[1], 16) % 3}` });
    return json({ message: 'no' }, 404);
  };
  return { fetchImpl: fetchImpl as unknown as typeof fetch, asked, list: (n: number) => (count = n) };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

it('lists every book for sale, then each of their sellers once, at absolute addresses', async () => {
  const api = fakeApi(250);
  const sitemap = createSitemaps({ apiUrl: 'http://api.test/', fetchImpl: api.fetchImpl });
  const xml = (await sitemap('/sitemap.xml', ORIGIN))!;
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n<url><loc>/);
  const urls = locs(xml);
  expect(urls).toHaveLength(253);
  expect(urls[0]).toBe(`${ORIGIN}/books/${id(250)}`);
  expect(urls.slice(250)).toEqual([`${ORIGIN}/sellers/seller-1`, `${ORIGIN}/sellers/seller-0`, `${ORIGIN}/sellers/seller-2`]);
  // Pages of 100 along the cursors (after the look at the newest), and each book's page once for its seller.
  const searches = api.asked.filter((asked) => asked.startsWith('/books/search'));
  expect(searches).toEqual([
    '/books/search?sort=newest&limit=1',
    '/books/search?sort=newest&limit=100',
    '/books/search?sort=newest&limit=100&cursor=100',
    '/books/search?sort=newest&limit=100&cursor=200',
  ]);
  expect(api.asked.filter((asked) => /^\/books\/[0-9a-f]{24}/.test(asked))).toHaveLength(250);
});

it('makes the list again only when the catalogue changed, and learns only the new books\' sellers', async () => {
  let now = 0;
  const api = fakeApi(5);
  const sitemap = createSitemaps({ apiUrl: 'http://api.test', fetchImpl: api.fetchImpl, now: () => now, maxAgeMs: 60_000 });
  await sitemap('/sitemap.xml', ORIGIN);
  api.asked.length = 0;
  expect(locs((await sitemap('/sitemap.xml', ORIGIN))!)).toHaveLength(8);
  expect(api.asked).toEqual(['/books/search?sort=newest&limit=1']);
  // A new book: listed at once, and only its page is read for its seller.
  api.list(6);
  api.asked.length = 0;
  expect(locs((await sitemap('/sitemap.xml', ORIGIN))!)).toContain(`${ORIGIN}/books/${id(6)}`);
  expect(api.asked.filter((asked) => /^\/books\/[0-9a-f]{24}/.test(asked))).toEqual([`/books/${id(6)}?`]);
  // However unchanged it looks, after a while it is read again.
  now = 61_000;
  api.asked.length = 0;
  await sitemap('/sitemap.xml', ORIGIN);
  expect(api.asked.filter((asked) => asked.startsWith('/books/search'))).toHaveLength(2);
});

it('past the most URLs a sitemap may hold, /sitemap.xml is an index of numbered sitemaps', async () => {
  const api = fakeApi(12);
  const sitemap = createSitemaps({ apiUrl: 'http://api.test', fetchImpl: api.fetchImpl, maxUrls: 5 });
  const index = (await sitemap('/sitemap.xml', ORIGIN))!;
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(locs(index)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
  const parts = await Promise.all([1, 2, 3].map((n) => sitemap(`/sitemap-${n}.xml`, ORIGIN)));
  expect(parts.map((xml) => locs(xml!).length)).toEqual([5, 5, 5]);
  expect(new Set(parts.flatMap((xml) => locs(xml!))).size).toBe(15);
  expect(await sitemap('/sitemap-4.xml', ORIGIN)).toBeUndefined();
  expect(await sitemap('/sitemap-0.xml', ORIGIN)).toBeUndefined();
  // With one sitemap, there are no numbered ones.
  const small = createSitemaps({ apiUrl: 'http://api.test', fetchImpl: fakeApi(2).fetchImpl });
  expect(await small('/sitemap-1.xml', ORIGIN)).toBeUndefined();
});

it('throws when the API does not answer', async () => {
  const sitemap = createSitemaps({
    apiUrl: 'http://api.test',
    fetchImpl: (() => Promise.resolve(new Response('{}', { status: 503 }))) as unknown as typeof fetch,
  });
  await expect(sitemap('/sitemap.xml', ORIGIN)).rejects.toThrow(/503/);
});

it('robots.txt keeps crawlers out of the dashboard and points at the sitemap', () => {
  expect(robotsTxt(ORIGIN)).toBe('User-agent: *\nDisallow: /dashboard\n\nSitemap: https://shop.test/sitemap.xml\n');
});

describe('the web server', () => {
  async function serve(env: Record<string, string>, fetchImpl: typeof fetch) {
    const server = createStaticServer({ env, fetchImpl });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The client tests' mock network lets these through to the real server.
    network.use(http.all(new RegExp(`^${base}/`), () => passthrough()));
    return { base, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('answers /robots.txt and /sitemap.xml on its own address, or on CLIENT_URL when set', async () => {
    const api = fakeApi(2);
    const { base, close } = await serve({ API_URL: 'http://api.test' }, api.fetchImpl);
    try {
      const robots = await fetch(`${base}/robots.txt`);
      expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await robots.text()).toBe(robotsTxt(base));
      const sitemap = await fetch(`${base}/sitemap.xml`);
      expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(locs(await sitemap.text())[0]).toBe(`${base}/books/${id(2)}`);
      expect((await fetch(`${base}/sitemap-2.xml`)).status).toBe(404);
    } finally {
      await close();
    }
    const configured = await serve({ API_URL: 'http://api.test', CLIENT_URL: 'https://books.example/' }, api.fetchImpl);
    try {
      expect(await (await fetch(`${configured.base}/robots.txt`)).text()).toContain('Sitemap: https://books.example/sitemap.xml');
    } finally {
      await configured.close();
    }
  });

  it('answers 503 when the sitemap cannot be made', async () => {
    const { base, close } = await serve({ API_URL: 'http://api.test' }, (() => Promise.reject(new Error('down'))) as unknown as typeof fetch);
    try {
      const answer = await fetch(`${base}/sitemap.xml`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('60');
    } finally {
      await close();
    }
  });
});
