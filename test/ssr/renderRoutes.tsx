/**
 * Renders routes as the prerenderer does, in a Node process of its own (where the style
 * engine works in server mode). Reads a list of jobs as JSON on stdin, each
 * `{ routes, entries? }`, and prints a list of `{ [route]: { html, styleTags } }` in the same order.
 * Usage: tsx test/ssr/renderRoutes.tsx < jobs.json
 * `entries`: the API answers to render with (src/ssr/preloaded.ts), as the web server has them.
 * One process renders every job, as the prerenderer renders every route: starting one costs
 * about a second.
 */
import type { PreloadedEntry } from '../../src/ssr/preloaded';
import { renderRoute, type RenderedPage } from '../../src/ssr/render';

interface RenderJob {
  routes: string[];
  entries?: PreloadedEntry[];
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const jobs = JSON.parse(await readStdin()) as RenderJob[];
  const results: Array<Record<string, RenderedPage>> = [];
  for (const { routes, entries } of jobs) {
    const pages: Record<string, RenderedPage> = {};
    for (const route of routes) pages[route] = await renderRoute(route, { entries });
    results.push(pages);
  }
  // The store's timers (unused-data expiry) would keep the process alive.
  process.stdout.write(JSON.stringify(results), () => process.exit(0));
}

void main();
