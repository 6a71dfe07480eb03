/**
 * Renders routes as the prerenderer does, in a Node process of its own (where the style
 * engine works in server mode), and prints { [route]: { html, styleTags } } as JSON.
 * Usage: tsx test/ssr/renderRoutes.tsx [--entries <json>] <route>...
 * `--entries`: the API answers to render with (src/ssr/preloaded.ts), as the web server has them.
 */
import type { PreloadedEntry } from '../../src/ssr/preloaded';
import { renderRoute, type RenderedPage } from '../../src/ssr/render';

async function main() {
  const args = process.argv.slice(2);
  let entries: PreloadedEntry[] | undefined;
  const at = args.indexOf('--entries');
  if (at >= 0) {
    entries = JSON.parse(args[at + 1] ?? '[]') as PreloadedEntry[];
    args.splice(at, 2);
  }
  const pages: Record<string, RenderedPage> = {};
  for (const route of args) pages[route] = await renderRoute(route, { entries });
  // The store's timers (unused-data expiry) would keep the process alive.
  process.stdout.write(JSON.stringify(pages), () => process.exit(0));
}

void main();
