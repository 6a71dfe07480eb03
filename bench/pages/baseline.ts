/**
 * A previous build to compare with (BENCH_BASELINE_DIST). When the directory is a checkout's
 * `dist/` with that checkout's own scripts/serve-static.mjs beside it, that server serves it, as
 * it served it then. Otherwise a small server here does what scripts/serve-static.mjs does today:
 * files gzip-compressed when the browser accepts it, /config.js from the environment, and
 * index.html for every other path.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http, { type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { clientConfigScript } from '../../scripts/client-config.mjs';
import type { createStaticServer } from '../../scripts/serve-static.mjs';

const TYPES: Record<string, string> = {
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
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

function directoryServer(root: string, clientEnv: Record<string, string>): Server {
  const gzipped = new Map<string, Buffer>();
  const indexHtml = readFileSync(path.join(root, 'index.html'));
  return http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (pathname === '/config.js') {
      response.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' }).end(clientConfigScript(clientEnv));
      return;
    }
    const file = path.join(root, path.normalize(pathname).replace(/^([/\\])+/, ''));
    const extension = path.extname(file);
    if (file.startsWith(root + path.sep) && !file.endsWith('index.html') && existsSync(file) && statSync(file).isFile()) {
      const headers: Record<string, string> = { 'content-type': TYPES[extension] ?? 'application/octet-stream', vary: 'accept-encoding' };
      if (COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }));
        response.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(gzipped.get(file));
      } else {
        response.writeHead(200, headers).end(readFileSync(file));
      }
      return;
    }
    if (extension && extension !== '.html') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' }).end(indexHtml);
  });
}

/** A server for the build in `dist`, and which server it is. */
export async function baselineServer(dist: string, clientEnv: Record<string, string>): Promise<{ server: Server; servedBy: string }> {
  const root = path.resolve(dist);
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`BENCH_BASELINE_DIST=${dist} holds no index.html`);
  const ownServer = path.join(root, '..', 'scripts', 'serve-static.mjs');
  if (path.basename(root) === 'dist' && existsSync(ownServer)) {
    const module = (await import(pathToFileURL(ownServer).href)) as { createStaticServer: typeof createStaticServer };
    return { server: module.createStaticServer({ env: clientEnv }), servedBy: ownServer };
  }
  return { server: directoryServer(root, clientEnv), servedBy: 'bench/pages/baseline.ts' };
}
