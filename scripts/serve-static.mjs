#!/usr/bin/env node
// Serves the built SPA (dist/): prerendered pages, pages rendered with the API's answers, the
// shell for other client routes (see scripts/web/pages.mjs), static files, /robots.txt and
// /sitemap.xml (scripts/web/sitemap.mjs), and /config.js with the client settings from the
// environment. Every answer carries the security headers of scripts/web/security-headers.mjs
// (docs/SECURITY.md).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { clientConfigScript } from './client-config.mjs';
import { createPages } from './web/pages.mjs';
import { webSecurityHeaders } from './web/security-headers.mjs';
import { createSitemaps, robotsTxt } from './web/sitemap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml']);

// Built files never change while the server runs: gzip each once.
const gzipCache = new Map();
function gzipped(file) {
  let body = gzipCache.get(file);
  if (!body) {
    body = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
    gzipCache.set(file, body);
  }
  return body;
}

// A page's HTML changes only with what it shows: gzip each distinct one once (the most recently
// used are kept).
const pageGzipCache = new Map();
const PAGES_GZIPPED_KEPT = 200;
function gzippedPage(key, html) {
  const cached = pageGzipCache.get(key);
  pageGzipCache.delete(key);
  const body = cached?.html === html ? cached.body : zlib.gzipSync(html);
  pageGzipCache.set(key, { html, body });
  if (pageGzipCache.size > PAGES_GZIPPED_KEPT) pageGzipCache.delete(pageGzipCache.keys().next().value);
  return body;
}

const acceptsGzip = (req) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** A text answer (page, robots.txt, sitemap), gzipped when the client takes it. */
function sendText(req, res, status, headers, text, cacheKey) {
  const all = { ...headers, vary: 'accept-encoding' };
  if (acceptsGzip(req)) {
    const body = cacheKey === undefined ? zlib.gzipSync(text) : gzippedPage(cacheKey, text);
    res.writeHead(status, { ...all, 'content-encoding': 'gzip', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  } else {
    res.writeHead(status, all);
    res.end(req.method === 'HEAD' ? undefined : text);
  }
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The shop's web address, for canonical and preview URLs, the sitemap and robots.txt: CLIENT_URL
 * when set (as the API's email links use it), else the address this request came to.
 */
function originFor(configured, req) {
  if (configured) return configured;
  const host = String(req.headers.host ?? '');
  return HOST.test(host) ? `http://${host}` : 'http://127.0.0.1';
}

const configuredOrigin = (value) => {
  try {
    const url = new URL(String(value ?? '').trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

export function createStaticServer({ env = process.env, extraScripts = [], log, fetchImpl } = {}) {
  // Made on the first page request (the build does not change while this serves it).
  let pages;
  const pageFor = (url, origin) => {
    pages ??= createPages({ dist: root, prerenderer: path.join(root, '..', 'dist-ssr', 'document.cjs'), env, extraScripts, log, fetchImpl });
    return pages(url, origin);
  };
  const sitemap = createSitemaps({ apiUrl: env.API_URL || 'http://127.0.0.1:5000', log, fetchImpl });
  // The settings the launcher passes hold the client's keys only; CLIENT_URL is the shop's own.
  const webOrigin = configuredOrigin(env.CLIENT_URL) ?? configuredOrigin(process.env.CLIENT_URL);
  const securityHeaders = Object.entries(webSecurityHeaders(env, extraScripts));
  return http.createServer((req, res) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (url.pathname === '/config.js') {
      res.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' });
      res.end(clientConfigScript(env));
      return;
    }
    if (url.pathname === '/robots.txt') {
      sendText(req, res, 200, { 'content-type': TYPES['.txt'], 'cache-control': 'no-cache' }, robotsTxt(originFor(webOrigin, req)));
      return;
    }
    if (/^\/sitemap(-\d+)?\.xml$/.test(url.pathname)) {
      sitemap(url.pathname, originFor(webOrigin, req)).then(
        (xml) => {
          if (xml === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
          else sendText(req, res, 200, { 'content-type': TYPES['.xml'], 'cache-control': 'no-cache' }, xml);
        },
        (error) => {
          console.error(error);
          res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '60' }).end('The sitemap could not be made now');
        },
      );
      return;
    }
    let decoded;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
      return;
    }
    const requested = path.normalize(decoded).replace(/^([/\\])+/, '');
    const file = path.join(root, requested);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile() && !file.endsWith('.html')) {
      const hashed = /\.[0-9a-f]{8}(\.chunk)?\.js$/.test(file) || file.includes(`${path.sep}media${path.sep}`);
      const headers = {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
      };
      if (COMPRESSIBLE.has(path.extname(file)) && acceptsGzip(req)) {
        const body = gzipped(file);
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(file).pipe(res);
      return;
    }
    if (path.extname(requested) && !requested.endsWith('.html')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname;
    const page = `${pathname}${url.search}`;
    const origin = originFor(webOrigin, req);
    pageFor(page, origin).then(
      ({ status, html }) => {
        sendText(req, res, status, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' }, html, `${origin}${page}`);
      },
      (error) => {
        console.error(error);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The page could not be made');
      },
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error('No build in dist/: run npm run build first.');
    process.exit(1);
  }
  const port = Number(process.env.WEB_PORT ?? 8080);
  const host = process.env.WEB_HOST ?? '127.0.0.1';
  const server = createStaticServer();
  server.listen(port, host, () => console.log(`Book Resale web app: http://${host}:${port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
