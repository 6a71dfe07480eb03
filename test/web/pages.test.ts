/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEPT_CLICKS_SOURCE } from '../../scripts/web/kept-clicks.mjs';
import { createPages, type Prerenderer } from '../../scripts/web/pages.mjs';

// The pages the web server answers: prerendered files, the pages rendered with the API's answers
// (the home page's categories, a book, a seller, a search), the shell for every other route, the
// settings written into each.

const SHELL = '<html><head><script src="/config.js"></script></head><body><div id="root"></div></body></html>';
const prerenderedPage = (route: string) =>
  `<html><head><script src="/config.js"></script></head><body><div id="root" data-prerendered="${route}">${route} as HTML</div></body></html>`;
const ORIGIN = 'https://shop.test';

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-'));
  fs.writeFileSync(path.join(dist, 'app.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'index.html'), prerenderedPage('/'));
  fs.mkdirSync(path.join(dist, 'blog'));
  fs.writeFileSync(path.join(dist, 'blog', 'index.html'), prerenderedPage('/blog'));
  fs.writeFileSync(path.join(dist, 'route-chunks.json'), JSON.stringify({ 'page-book': ['/static/js/book.js'] }));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

interface Entry {
  endpointName: string;
  value: unknown;
}

/** A stand-in for dist-ssr/document.cjs: the routes of routeData.ts, a page showing what it was rendered with. */
function fakeRenderer() {
  const renders: Array<{ url: string; entries: Entry[]; preloadScripts: readonly string[]; origin?: string }> = [];
  const renderer: Prerenderer = {
    isDataRoute: (pathname) => pathname === '/' || pathname.startsWith('/books/'),
    pageChunkOf: (pathname) => (pathname.startsWith('/books/') ? 'page-book' : undefined),
    scriptPreloads: (files) => files.map((file) => `<link rel="preload" href="${file}">`).join(''),
    loadRouteData: async (url, fetchApi) => {
      if (url === '/') {
        const answer = await fetchApi('/bookCatagories');
        if (answer.status !== 200 || !Array.isArray(answer.body)) throw new Error(`the API answered ${answer.status}`);
        return { status: 200, entries: [{ endpointName: 'getCategories', value: answer.body }] };
      }
      const answer = await fetchApi(url);
      if (answer.status === 404) return { status: 404, entries: [{ endpointName: 'getBook', value: null }] };
      if (answer.status !== 200) throw new Error(`the API answered ${answer.status}`);
      return { status: 200, entries: [{ endpointName: 'getBook', value: answer.body }] };
    },
    renderDocument: (template, url, options) => {
      const entries = (options.entries ?? []) as Entry[];
      renders.push({ url, entries, preloadScripts: options.preloadScripts ?? [], origin: options.origin });
      const shown = entries.map((entry) => JSON.stringify(entry.value)).join(',');
      return Promise.resolve(template.replace('<div id="root"></div>', `<div id="root" data-prerendered="${url}">${shown}</div>`));
    },
  };
  return { renderer, renders };
}

function setup(answer: (url: string) => Promise<Response>) {
  const { renderer, renders } = fakeRenderer();
  const asked: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetchImpl = jest.fn((url: string, init: { headers: Record<string, string> }) => {
    asked.push({ url, headers: init.headers });
    return answer(url);
  });
  const logged: string[] = [];
  const pageFor = createPages({
    dist,
    prerenderer: renderer,
    env: { API_URL: 'http://api.test/', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    extraScripts: ['http://127.0.0.1:2/v3/'],
    fetchImpl: fetchImpl as unknown as typeof fetch,
    log: (message: string) => logged.push(message),
    dataWaitMs: 100,
  });
  return { pageFor, renders, fetchImpl, asked, logged };
}

const json = (value: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8' } }));

it('renders the home page with the list the API answers, once per distinct list', async () => {
  let list = [{ name: 'Fiction' }];
  const { pageFor, renders, asked } = setup(() => json(list));
  expect((await pageFor('/', ORIGIN)).html).toContain('>[{"name":"Fiction"}]</div>');
  expect((await pageFor('/', ORIGIN)).html).toContain('>[{"name":"Fiction"}]</div>');
  expect(renders).toHaveLength(1);
  expect(asked[0].url).toBe('http://api.test/bookCatagories');
  // A category added since: the next request shows it.
  list = [{ name: 'Fiction' }, { name: 'Poetry' }];
  expect((await pageFor('/', ORIGIN)).html).toContain('>[{"name":"Fiction"},{"name":"Poetry"}]</div>');
  expect(renders).toHaveLength(2);
});

it("renders a book's page with its answer, its page's code preloaded and the shop's address, as a visitor asks", async () => {
  const { pageFor, renders, asked } = setup(() => json({ name: 'Middlemarch' }));
  const page = await pageFor('/books/b1', ORIGIN);
  expect(page).toEqual({ status: 200, html: expect.stringContaining('data-prerendered="/books/b1">{"name":"Middlemarch"}</div>') as string });
  expect(renders).toEqual([{ url: '/books/b1', entries: [{ endpointName: 'getBook', value: { name: 'Middlemarch' } }], preloadScripts: ['/static/js/book.js'], origin: ORIGIN }]);
  // No credentials of the browser's go along: the API answers as to any visitor.
  expect(asked).toEqual([{ url: 'http://api.test/books/b1', headers: { accept: 'application/json' } }]);
});

it("hands the renderer a list's Link header with its answer (a seller's reviews page on from it)", async () => {
  const link = '<http://api.test/users/u1/reviews?as=seller&limit=10&cursor=c2>; rel="next"';
  const { renderer } = fakeRenderer();
  const seen: unknown[] = [];
  const pageFor = createPages({
    dist,
    prerenderer: { ...renderer, loadRouteData: async (_url, fetchApi) => (seen.push(await fetchApi('/users/u1/reviews')), { status: 200, entries: [] }) },
    env: { API_URL: 'http://api.test/' },
    extraScripts: [],
    fetchImpl: (() => Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json', link } }))) as unknown as typeof fetch,
    dataWaitMs: 100,
  });
  await pageFor('/books/b1', ORIGIN);
  expect(seen).toEqual([{ status: 200, body: {}, link }]);
});

it('a book the API does not know is a 404 page', async () => {
  const { pageFor } = setup(() => json({ message: 'This book is no longer listed' }, 404));
  expect(await pageFor('/books/gone', ORIGIN)).toEqual({ status: 404, html: expect.stringContaining('>null</div>') as string });
});

it('writes the client settings as a JSON data block and deferred extra scripts into every page, in place of /config.js', async () => {
  const { pageFor } = setup(() => json([]));
  for (const route of ['/', '/blog', '/dashboard', '/books/b1']) {
    const { html: page } = await pageFor(route, ORIGIN);
    expect(page).not.toContain('<script src="/config.js">');
    expect(page).toContain(
      '<script type="application/json" id="app-config">{"API_URL":"http://api.test/","STRIPE_PUBLISHABLE_KEY":"pk_test_x"}</script>',
    );
    expect(page).toContain('<script defer src="http://127.0.0.1:2/v3/"></script>');
    // One inline script, first in the head, the one whose hash the Content-Security-Policy
    // allows (the clicks kept before the app is live); every other script has a src or is data.
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source);
    expect(inline.map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`)).toEqual([KEPT_CLICKS_SOURCE]);
    expect(page.indexOf('<script>')).toBeLessThan(page.indexOf('<script type="application/json"'));
    const scripts = (page.match(/<script\b[^>]*>/g) ?? []).filter((tag) => tag !== '<script>');
    expect(scripts.every((tag) => /\bsrc="|type="application\/json"/.test(tag))).toBe(true);
  }
});

it.each([
  ['fails', () => json({ message: 'down' }, 500)],
  ['is refused', () => Promise.reject(new TypeError('fetch failed'))],
  ['answers something other than a list', () => json({ not: 'a list' })],
  ['answers junk', () => Promise.resolve(new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } }))],
])('sends the prerendered home page when the API %s', async (_case, answer) => {
  const { pageFor, renders } = setup(answer);
  expect(await pageFor('/', ORIGIN)).toEqual({ status: 200, html: expect.stringContaining('data-prerendered="/">/ as HTML</div>') as string });
  expect(renders).toHaveLength(0);
});

it.each([
  ['fails', () => json({ message: 'down' }, 500)],
  ['is refused', () => Promise.reject(new TypeError('fetch failed'))],
  ['answers junk', () => Promise.resolve(new Response('<html>', { status: 200, headers: { 'content-type': 'application/json' } }))],
])("sends a book's page as the shell when the API %s", async (_case, answer) => {
  const { pageFor, renders, logged } = setup(answer);
  const book = await pageFor('/books/b1', ORIGIN);
  expect(book.status).toBe(200);
  expect(book.html).toContain('<div id="root"></div>');
  // Its code is preloaded all the same: the browser renders it as soon as it has the book.
  expect(book.html).toContain('<link rel="preload" href="/static/js/book.js"></head>');
  expect(renders).toHaveLength(0);
  expect(logged.join('\n')).toMatch(/\/books\/b1 without its data/);
});

it('does not wait for a slow API longer than its limit', async () => {
  const logged: string[] = [];
  const { renderer } = fakeRenderer();
  // This API never answers on its own; like fetch, it gives up when the signal aborts.
  const hanging = createPages({
    dist,
    prerenderer: renderer,
    env: {},
    extraScripts: [],
    fetchImpl: ((_url: string, init: { signal: AbortSignal }) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)))) as unknown as typeof fetch,
    log: (message: string) => logged.push(message),
    dataWaitMs: 50,
  });
  const started = Date.now();
  expect((await hanging('/', ORIGIN)).html).toContain('/ as HTML');
  expect((await hanging('/books/b1', ORIGIN)).html).toContain('<div id="root"></div>');
  expect(Date.now() - started).toBeLessThan(1000);
  expect(logged.join('\n')).toMatch(/^\/ without its data/);
});

it('a page that cannot be rendered goes out as the shell', async () => {
  const { renderer } = fakeRenderer();
  const logged: string[] = [];
  const pageFor = createPages({
    dist,
    prerenderer: { ...renderer, renderDocument: () => Promise.reject(new Error('broken')) },
    env: {},
    extraScripts: [],
    fetchImpl: (() => json({ name: 'x' })) as unknown as typeof fetch,
    log: (message: string) => logged.push(message),
  });
  expect(await pageFor('/books/b1', ORIGIN)).toEqual({ status: 200, html: expect.stringContaining('<div id="root"></div>') as string });
  expect(logged).toEqual(['/books/b1 could not be rendered: broken']);
});

it('serves prerendered routes from their files and every other route the empty shell', async () => {
  const { pageFor, fetchImpl } = setup(() => json([]));
  expect((await pageFor('/blog', ORIGIN)).html).toContain('/blog as HTML');
  expect((await pageFor('/dashboard', ORIGIN)).html).toContain('<div id="root"></div>');
  expect(await pageFor('/no/such/page', ORIGIN)).toEqual({ status: 200, html: expect.stringContaining('<div id="root"></div>') as string });
  expect(fetchImpl).not.toHaveBeenCalled();
});
