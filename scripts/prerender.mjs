#!/usr/bin/env node
// Renders the public routes into HTML files after the production build (see src/ssr/README.md):
//   dist/index.html         /        (category cards as skeletons; the web server fills them)
//   dist/<route>/index.html /blog, /login, /signup
//   dist/app.html           the empty shell every other route starts from
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '..', 'dist');
const require = createRequire(import.meta.url);
const { renderDocument, scriptPreloads, PRERENDERED_ROUTES } = require(path.resolve(here, '..', 'dist-ssr', 'document.cjs'));

// webpack writes the shell as index.html; a second run finds it in app.html.
const EMPTY_ROOT = '<div id="root"></div>';
const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const template = built.includes(EMPTY_ROOT) ? built : fs.readFileSync(path.join(dist, 'app.html'), 'utf8');
const routeChunks = JSON.parse(fs.readFileSync(path.join(dist, 'route-chunks.json'), 'utf8'));
const appLayer = routeChunks['app-layer'];
if (!appLayer?.length) throw new Error('route-chunks.json names no app-layer chunk: see src/app/prepareApp.ts');

/** Where a route's HTML is written. */
const routeFile = (route) => (route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html'));

// Every page, prerendered or not, needs the app-layer chunk before the app renders: the shell
// preloads it, and so every page made from the shell (here, and the home page the web server
// renders with its categories).
const appLayerPreloads = scriptPreloads(appLayer);
const shell = template.includes(appLayerPreloads) ? template : template.replace('</head>', () => `${appLayerPreloads}</head>`);
fs.writeFileSync(path.join(dist, 'app.html'), shell);
for (const route of PRERENDERED_ROUTES) {
  const preloadScripts = routeChunks[`page-${route.slice(1)}`] ?? [];
  const html = await renderDocument(shell, route, { preloadScripts });
  const file = path.join(dist, routeFile(route));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  console.log(`prerendered ${route.padEnd(8)} → dist/${routeFile(route)} (${(html.length / 1024).toFixed(1)} KB)`);
}
