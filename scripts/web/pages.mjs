// The HTML pages the web server answers (see src/ssr/README.md):
// - a prerendered route (/, /blog, /login, /signup) from its file in dist/;
// - the home page rendered again with the current category list from the API, so its cards
//   paint with the HTML; rendered once per distinct list, and the prerendered file when the API
//   is slow or down;
// - every other route: the empty shell (dist/app.html).
// The client settings are written into each page as a JSON data block (not an inline script, which
// the Content-Security-Policy forbids), so no script request holds up the first paint.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { clientConfigDataBlock } from '../client-config.mjs';

/** How long the home page waits for the category list before it goes out without it. */
export const CATEGORY_WAIT_MS = 500;
const EMPTY_ROOT = '<div id="root"></div>';

const readIfExists = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

/**
 * @param {{ dist: string, prerenderer: string | { renderDocument: Function }, env: Record<string, string | undefined>,
 *   extraScripts: string[], fetchImpl?: typeof fetch, log?: (message: string) => void, categoryWaitMs?: number }} options
 *   `prerenderer`: the path of dist-ssr/document.cjs, or the module itself.
 */
export function createPages({ dist, prerenderer, env, extraScripts, fetchImpl = fetch, log = () => undefined, categoryWaitMs = CATEGORY_WAIT_MS }) {
  const head = `${clientConfigDataBlock(env)}${extraScripts.map((src) => `<script defer src="${src}"></script>`).join('')}`;
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
  const prerendered = (pathname) => files.get(pathname);
  const shellPage = withSettings(shell);

  const apiUrl = (env.API_URL || 'http://127.0.0.1:5000').replace(/\/+$/, '');
  let renderer;
  const loadRenderer = () => {
    if (renderer === undefined) {
      if (typeof prerenderer !== 'string') renderer = prerenderer;
      else renderer = fs.existsSync(prerenderer) ? createRequire(import.meta.url)(prerenderer) : null;
    }
    return renderer;
  };
  /** The last list seen and the page rendered from it. */
  let latest = { body: '', page: '' };

  async function homeWithCategories() {
    const fallback = prerendered('/');
    const render = loadRenderer();
    if (!render || !fallback) return fallback ?? shellPage;
    try {
      const answer = await fetchImpl(`${apiUrl}/bookCatagories`, { signal: AbortSignal.timeout(categoryWaitMs) });
      if (!answer.ok) return fallback;
      const body = await answer.text();
      if (body === latest.body) return latest.page;
      const categories = JSON.parse(body);
      if (!Array.isArray(categories)) return fallback;
      const page = withSettings(await render.renderDocument(shell, '/', { categories }));
      latest = { body, page };
      return page;
    } catch (error) {
      log(`home page without categories: ${error instanceof Error ? error.message : String(error)}`);
      return fallback;
    }
  }

  /** The page for a route's path. */
  return async function pageFor(pathname) {
    if (pathname === '/') return homeWithCategories();
    return prerendered(pathname) ?? shellPage;
  };
}
