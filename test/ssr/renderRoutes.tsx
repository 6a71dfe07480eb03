/**
 * Renders routes as the prerenderer does, in a Node process of its own (where the style
 * engine works in server mode), and prints { [route]: { html, styleTags } } as JSON.
 * Usage: tsx test/ssr/renderRoutes.tsx [--categories <json>] <route>...
 */
import { renderRoute, type RenderedPage } from '../../src/ssr/render';
import type { Category } from '../../src/types/entities';

async function main() {
  const args = process.argv.slice(2);
  let categories: Category[] | undefined;
  const at = args.indexOf('--categories');
  if (at >= 0) {
    categories = JSON.parse(args[at + 1] ?? '[]') as Category[];
    args.splice(at, 2);
  }
  const pages: Record<string, RenderedPage> = {};
  for (const route of args) pages[route] = await renderRoute(route, { categories });
  // The store's timers (unused-data expiry) would keep the process alive.
  process.stdout.write(JSON.stringify(pages), () => process.exit(0));
}

void main();
