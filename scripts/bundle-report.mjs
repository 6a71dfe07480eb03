#!/usr/bin/env node
// Prints the gzip size of every JavaScript chunk of the production build and
// checks what the home page loads before its first paint (the scripts that
// index.html names) against the size ceiling.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The budget of the home page's first script is its ceiling: room is made by moving out what the
// home page does not need before its first paint (each feature's words live in its folder).
const CEILING_KB = 150;
// What a page loads on top of the main chunk before it is live (route-chunks.json): every page the
// chunk that prepares the app (`app-layer`: settings, services, the API layer), a prerendered
// route its page as well.
// The forms' fields are composed from MUI's parts (src/components/FormField.tsx): TextField
// would add its menu select, popover and modal, about 18 KB gzip more.
const PAGE_CEILING_KB = 30;
// Usage: bundle-report.mjs [dist-dir] [--check]
const dist = path.resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'dist');
const jsDir = path.join(dist, 'static', 'js');

if (!fs.existsSync(jsDir)) {
  console.error(`No build at ${dist}: run npm run build first.`);
  process.exit(2);
}

const kb = (bytes) => bytes / 1024;
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

const chunks = fs
  .readdirSync(jsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const file = path.join(jsDir, name);
    return { name, raw: fs.statSync(file).size, gzip: gzipSize(file) };
  })
  .sort((a, b) => b.gzip - a.gzip);

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]+src="\/static\/js\/([^"]+)"/g)].map((match) => match[1]);

// What each chunk mostly holds, written by the build (webpack.config.ts, ChunkNamesPlugin).
const namesFile = path.join(dist, 'chunk-names.json');
const contents = fs.existsSync(namesFile) ? JSON.parse(fs.readFileSync(namesFile, 'utf8')) : {};

console.log('Chunk'.padEnd(40), 'raw KB'.padStart(8), 'gzip KB'.padStart(8), '  Mostly');
for (const chunk of chunks) {
  const mark = initial.includes(chunk.name) ? ' (first paint)' : '';
  console.log(
    `${chunk.name}${mark}`.padEnd(40),
    kb(chunk.raw).toFixed(1).padStart(8),
    kb(chunk.gzip).toFixed(1).padStart(8),
    ` ${contents[chunk.name] ?? ''}`,
  );
}
const firstPaint = chunks.filter((chunk) => initial.includes(chunk.name)).reduce((sum, chunk) => sum + chunk.gzip, 0);
const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
console.log(`All chunks: ${kb(total).toFixed(1)} KB gzip`);
console.log(`Home page JavaScript before first paint: ${kb(firstPaint).toFixed(1)} KB gzip (budget and ceiling ${CEILING_KB} KB)`);

const routeChunksFile = path.join(dist, 'route-chunks.json');
const routeChunks = fs.existsSync(routeChunksFile) ? JSON.parse(fs.readFileSync(routeChunksFile, 'utf8')) : {};
const pageSizes = Object.entries(routeChunks).map(([page, scripts]) => ({
  page,
  gzip: scripts.reduce((sum, script) => sum + gzipSize(path.join(dist, script)), 0),
}));
for (const { page, gzip } of pageSizes) {
  const below = page === 'app-layer' ? 'the main chunk' : 'the main chunk and app-layer';
  console.log(`${page}: ${kb(gzip).toFixed(1)} KB gzip on top of ${below} (ceiling ${PAGE_CEILING_KB} KB)`);
}
const appLayer = pageSizes.find((entry) => entry.page === 'app-layer');
if (appLayer) {
  console.log(`Home page JavaScript before it is live (main chunk and app-layer): ${kb(firstPaint + appLayer.gzip).toFixed(1)} KB gzip`);
}

// The prerendered pages (scripts/prerender.mjs): markup and CSS the browser parses before its first
// paint. Their CSS carries only the vendor prefixes still needed (src/ssr/prefixer.ts); the largest,
// /signup, is 44 KB.
const HTML_CEILING_KB = 50;
// Every index.html the prerender wrote: dist/index.html for `/`, dist/<route>/index.html for the rest.
const prerendered = fs
  .readdirSync(dist, { recursive: true })
  .filter((page) => path.basename(page) === 'index.html')
  .map((page) => ({ page, raw: fs.statSync(path.join(dist, page)).size, gzip: gzipSize(path.join(dist, page)) }));
for (const { page, raw, gzip } of prerendered) {
  console.log(`${page}: ${kb(raw).toFixed(1)} KB, ${kb(gzip).toFixed(1)} KB gzip (ceiling ${HTML_CEILING_KB} KB)`);
}

// Every script asks V8 to compile its functions off the main thread (webpack.config.ts).
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const unhinted = chunks.filter((chunk) => !fs.readFileSync(path.join(jsDir, chunk.name), 'utf8').startsWith(`${COMPILE_HINT}\n`));

if (process.argv.includes('--check')) {
  if (kb(firstPaint) > CEILING_KB) {
    console.error(`FAIL: the home page loads ${kb(firstPaint).toFixed(1)} KB gzip of JavaScript, above the ${CEILING_KB} KB ceiling.`);
    process.exit(1);
  }
  const heavyPages = pageSizes.filter((page) => kb(page.gzip) > PAGE_CEILING_KB);
  if (heavyPages.length > 0) {
    console.error(`FAIL: above the ${PAGE_CEILING_KB} KB page ceiling: ${heavyPages.map((page) => `${page.page} ${kb(page.gzip).toFixed(1)} KB`).join(', ')}`);
    process.exit(1);
  }
  const heavyHtml = prerendered.filter((page) => kb(page.raw) > HTML_CEILING_KB);
  if (heavyHtml.length > 0) {
    console.error(`FAIL: prerendered HTML above the ${HTML_CEILING_KB} KB ceiling: ${heavyHtml.map((page) => `${page.page} ${kb(page.raw).toFixed(1)} KB`).join(', ')}`);
    process.exit(1);
  }
  if (unhinted.length > 0) {
    console.error(`FAIL: these scripts do not start with the compile hint: ${unhinted.map((chunk) => chunk.name).join(', ')}`);
    process.exit(1);
  }
}
