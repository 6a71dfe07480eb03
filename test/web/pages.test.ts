/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPages } from '../../scripts/web/pages.mjs';

// The pages the web server answers: prerendered files, the home page with the current
// category list, the shell for every other route, the settings written into each.

const SHELL = '<html><head><script src="/config.js"></script></head><body><div id="root"></div></body></html>';
const prerenderedPage = (route: string) =>
  `<html><head><script src="/config.js"></script></head><body><div id="root" data-prerendered="${route}">${route} as HTML</div></body></html>`;

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-'));
  fs.writeFileSync(path.join(dist, 'app.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'index.html'), prerenderedPage('/'));
  fs.mkdirSync(path.join(dist, 'blog'));
  fs.writeFileSync(path.join(dist, 'blog', 'index.html'), prerenderedPage('/blog'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

interface Category {
  name: string;
}

function setup(answer: () => Promise<Response>) {
  const renders: Category[][] = [];
  const renderer = {
    renderDocument: (template: string, url: string, options: { categories: Category[] }) => {
      renders.push(options.categories);
      return Promise.resolve(
        template.replace('<div id="root"></div>', `<div id="root" data-prerendered="${url}">${options.categories.map((c) => c.name).join(',')}</div>`),
      );
    },
  };
  const fetchImpl = jest.fn((url: string) => {
    expect(url).toBe('http://api.test/bookCatagories');
    return answer();
  });
  const logged: string[] = [];
  const pageFor = createPages({
    dist,
    prerenderer: renderer,
    env: { API_URL: 'http://api.test/', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    extraScripts: ['http://127.0.0.1:2/v3/'],
    fetchImpl: fetchImpl as unknown as typeof fetch,
    log: (message: string) => logged.push(message),
    categoryWaitMs: 100,
  });
  return { pageFor, renders, fetchImpl, logged };
}

const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value), { status: 200 }));

it('renders the home page with the list the API answers, once per distinct list', async () => {
  let list: Category[] = [{ name: 'Fiction' }];
  const { pageFor, renders } = setup(() => json(list));
  expect(await pageFor('/')).toContain('>Fiction</div>');
  expect(await pageFor('/')).toContain('>Fiction</div>');
  expect(renders).toHaveLength(1);
  // A category added since: the next request shows it.
  list = [{ name: 'Fiction' }, { name: 'Poetry' }];
  expect(await pageFor('/')).toContain('>Fiction,Poetry</div>');
  expect(renders).toHaveLength(2);
});

it('writes the client settings as a JSON data block and deferred extra scripts into every page, in place of /config.js', async () => {
  const { pageFor } = setup(() => json([]));
  for (const route of ['/', '/blog', '/dashboard']) {
    const page = await pageFor(route);
    expect(page).not.toContain('<script src="/config.js">');
    expect(page).toContain(
      '<script type="application/json" id="app-config">{"API_URL":"http://api.test/","STRIPE_PUBLISHABLE_KEY":"pk_test_x"}</script>',
    );
    expect(page).toContain('<script defer src="http://127.0.0.1:2/v3/"></script>');
    // No inline script for the Content-Security-Policy to allow: each script has a src or is data.
    const scripts = page.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.every((tag) => /\bsrc="|type="application\/json"/.test(tag))).toBe(true);
  }
});

it.each([
  ['fails', () => Promise.resolve(new Response('{"message":"down"}', { status: 500 }))],
  ['is refused', () => Promise.reject(new TypeError('fetch failed'))],
  ['answers something other than a list', () => json({ not: 'a list' })],
  ['answers junk', () => Promise.resolve(new Response('<html>', { status: 200 }))],
])('sends the prerendered home page when the API %s', async (_case, answer) => {
  const { pageFor, renders } = setup(answer);
  expect(await pageFor('/')).toContain('data-prerendered="/">/ as HTML</div>');
  expect(renders).toHaveLength(0);
});

it('does not wait for a slow API longer than its limit', async () => {
  const logged: string[] = [];
  // This API never answers on its own; like fetch, it gives up when the signal aborts.
  const hanging = createPages({
    dist,
    prerenderer: { renderDocument: () => Promise.reject(new Error('not called')) },
    env: {},
    extraScripts: [],
    fetchImpl: ((_url: string, init: { signal: AbortSignal }) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)))) as unknown as typeof fetch,
    log: (message: string) => logged.push(message),
    categoryWaitMs: 50,
  });
  expect(await hanging('/')).toContain('/ as HTML');
  expect(logged.join('\n')).toMatch(/home page without categories/);
});

it('serves prerendered routes from their files and every other route the empty shell', async () => {
  const { pageFor, fetchImpl } = setup(() => json([]));
  expect(await pageFor('/blog')).toContain('/blog as HTML');
  expect(await pageFor('/dashboard')).toContain('<div id="root"></div>');
  expect(await pageFor('/no/such/page')).toContain('<div id="root"></div>');
  expect(fetchImpl).not.toHaveBeenCalled();
});
