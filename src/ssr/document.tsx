export { PRERENDERED_ROUTES } from './render';
export { isDataRoute, loadRouteData, pageChunkOf } from './routeData';
import { pageHead, withHead } from './head';
import { preloadedDataTag, type PreloadedEntry } from './preloaded';
import { renderRoute } from './render';

const ROOT = '<div id="root"></div>';

export interface DocumentOptions {
  /** API answers to render the page with (the web server's fresh copies, see routeData.ts). */
  entries?: readonly PreloadedEntry[];
  /**
   * Script files of the route's page chunk, preloaded so no chunk waits for another. At low
   * priority, as the main script is (it is deferred): the page paints from its HTML, and these
   * only make it live, so they must not hold back the document or its first paint.
   */
  preloadScripts?: readonly string[];
  /**
   * The shop's web address (`https://…`): a page rendered with its data then says what it is in
   * its head (title, description, canonical address, previews, schema.org data), with absolute URLs.
   */
  origin?: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Preload links for scripts the page runs after its first paint: at low priority, never ahead of it. */
export function scriptPreloads(files: readonly string[]): string {
  return files.map((file) => `<link rel="preload" as="script" fetchpriority="low" href="${escapeAttribute(file)}">`).join('');
}

/**
 * The built index.html with a route rendered into #root: its critical CSS in the head, its
 * page chunk preloaded, and the data it was rendered with, which the browser hydrates from.
 */
export async function renderDocument(template: string, url: string, options: DocumentOptions = {}): Promise<string> {
  if (!template.includes(ROOT)) throw new Error(`The page template has no ${ROOT}`);
  const entries = options.entries ?? [];
  const { html, styleTags } = await renderRoute(url, { entries });
  const preloads = scriptPreloads(options.preloadScripts ?? []);
  const data = entries.length > 0 ? preloadedDataTag(entries) : '';
  const pathname = new URL(url, 'http://localhost').pathname;
  const head = options.origin && entries.length > 0 ? pageHead(url, entries, options.origin) : undefined;
  return (head ? withHead(template, head) : template)
    .replace('</head>', () => `${styleTags}${preloads}</head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${escapeAttribute(pathname)}">${html}</div>${data}`);
}
