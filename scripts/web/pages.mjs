// The HTML pages the web server answers (see src/ssr/README.md):
// - a prerendered route (/blog, /login, /signup) from its file in dist/;
// - the pages whose content comes from the API, rendered per request with its answers: the home
//   page (its category cards), a book (/books/:id), a seller (/sellers/:id) and a search
//   (/search?q=…). A page is rendered once per distinct set of answers; when the API is slow or
//   down, the prerendered file (the home page) or the shell goes out and the browser asks itself;
//   a book or seller the API does not know is a 404 page;
// - every other route: the empty shell (dist/app.html).
// The client settings are written into each page as a JSON data block (not an inline script, which
// the Content-Security-Policy forbids), so no script request holds up the first paint. The one
// inline script, the first script of every page, keeps the clicks made before the app is live (kept-clicks.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { clientConfigDataBlock } from '../client-config.mjs';
import { KEPT_CLICKS_TAG } from './kept-clicks.mjs';

/** How long a page waits for the API's answers before it goes out without them. */
export const DATA_WAIT_MS = 500;
/** Pages kept rendered, by their answers (the most recently used stay). */
const RENDERED_PAGES_KEPT = 200;
const EMPTY_ROOT = '<div id="root"></div>';

const readIfExists = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

/**
 * @param {{ dist: string, prerenderer: string | object, env: Record<string, string | undefined>,
 *   extraScripts: string[], fetchImpl?: typeof fetch, log?: (message: string) => void, dataWaitMs?: number }} options
 *   `prerenderer`: the path of dist-ssr/document.cjs, or the module itself.
 */
export function createPages({ dist, prerenderer, env, extraScripts, fetchImpl = fetch, log = () => undefined, dataWaitMs = DATA_WAIT_MS }) {
  const head = `${KEPT_CLICKS_TAG}${clientConfigDataBlock(env)}${extraScripts.map((src) => `<script defer src="${src}"></script>`).join('')}`;
  const withSettings = (html) => html.replace('<script src="/config.js"></script>', () => head);

  const index = readIfExists(path.join(dist, 'index.html'));
  const shell = readIfExists(path.join(dist, 'app.html')) ?? index;
  if (!shell) throw new Error(`No build in ${dist}: run npm run build first.`);
  // The prerendered routes: dist/index.html and dist/<route>/index.html (read once, at start).
  const files = new Map();
  if (index && !index.includes(EMPTY_ROOT)) files.set('/', withSettings(index));
  for (const entry of fs.readdirSync(dist, { withFileTypes: true })) {
    const html = entry.isDirectory() ? readIfExists(path.join(dist, entry.name, 'index.html')) : undefined;
    if (html && !html.includes(EMPTY_ROOT)) files.set(`/${entry.name}`, withSettings(html));
  }
  const shellPage = withSettings(shell);
  // The script files of each page's chunk (written by the build), preloaded by its page.
  const routeChunks = JSON.parse(readIfExists(path.join(dist, 'route-chunks.json')) ?? '{}');

  const apiUrl = (env.API_URL || 'http://127.0.0.1:5000').replace(/\/+$/, '');
  let renderer;
  const loadRenderer = () => {
    if (renderer === undefined) {
      if (typeof prerenderer !== 'string') renderer = prerenderer;
      else renderer = fs.existsSync(prerenderer) ? createRequire(import.meta.url)(prerenderer) : null;
    }
    return renderer;
  };

  /** Rendered pages by what they were made from; a Map keeps insertion order, so the oldest goes first. */
  const rendered = new Map();
  const keep = (key, page) => {
    rendered.delete(key);
    rendered.set(key, page);
    if (rendered.size > RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value);
  };

  /** The API as a visitor sees it (no cookie or token of the browser's goes along), all within one deadline. */
  const apiForPage = () => {
    const signal = AbortSignal.timeout(dataWaitMs);
    return async (apiPath) => {
      const answer = await fetchImpl(`${apiUrl}${apiPath}`, { signal, headers: { accept: 'application/json' } });
      const json = answer.headers.get('content-type')?.includes('json');
      // A list's next page is named by its Link header (a seller's reviews).
      const link = answer.headers.get('link') ?? undefined;
      return { status: answer.status, body: json ? await answer.json() : undefined, link };
    };
  };

  /** The page without the API's answers: the prerendered file, or the shell with the page's code preloaded. */
  function withoutData(render, pathname) {
    const file = files.get(pathname);
    if (file) return file;
    const chunk = render?.pageChunkOf(pathname);
    const preloads = chunk && routeChunks[chunk] ? render.scriptPreloads(routeChunks[chunk]) : '';
    return preloads ? shellPage.replace('</head>', () => `${preloads}</head>`) : shellPage;
  }

  async function withData(render, url, pathname, origin) {
    let data;
    try {
      data = await render.loadRouteData(url, apiForPage());
    } catch (error) {
      log(`${pathname} without its data: ${error instanceof Error ? error.message : String(error)}`);
      return { status: 200, html: withoutData(render, pathname) };
    }
    const key = createHash('sha256').update(JSON.stringify([url, origin, data])).digest('base64url');
    let html = rendered.get(key);
    if (html === undefined) {
      const chunk = render.pageChunkOf(pathname);
      const preloadScripts = chunk ? (routeChunks[chunk] ?? []) : [];
      try {
        html = withSettings(await render.renderDocument(shell, url, { entries: data.entries, preloadScripts, origin }));
      } catch (error) {
        log(`${pathname} could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
        return { status: 200, html: withoutData(render, pathname) };
      }
    }
    keep(key, html);
    return { status: data.status, html };
  }

  /**
   * The page for a route: `url` is its path and query (`/search?q=…`), `origin` the shop's web
   * address for the page's canonical and preview URLs. Answers `{ status, html }`.
   */
  return async function pageFor(url, origin) {
    const { pathname } = new URL(url, 'http://localhost');
    const render = loadRenderer();
    if (render && render.isDataRoute(pathname)) return withData(render, url, pathname, origin);
    return { status: 200, html: withoutData(render, pathname) };
  };
}
