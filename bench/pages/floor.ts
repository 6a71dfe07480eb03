/**
 * The floor page the home page is compared with: the HTML the web server sends for `/` (the
 * build's index.html, with whatever markup it prerenders), with every script taken out, so it
 * paints what HTML and CSS alone can paint. It is served beside the same static server's other
 * files (styles, fonts, images), with the headers and compression `/` itself gets.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createStaticServer } from '../../scripts/serve-static.mjs';
import { listenOn } from '../lib/webApp';

export const FLOOR_PATH = '/bench-floor/';

/** Headers that describe the bytes or the connection, which the floor sets for its own body. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'last-modified']);

interface Floor {
  html: Buffer;
  gzipped: Buffer | undefined;
  headers: Record<string, string>;
}

/** The HTML without `<script>` elements and without links that fetch scripts ahead. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*>/gi, (tag) => {
      const rel = /\brel\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
      const as = /\bas\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
      return rel === 'modulepreload' || (rel === 'preload' && as === 'script') ? '' : tag;
    });
}

async function floorOf(appUrl: string): Promise<Floor> {
  // fetch asks for gzip and unpacks it; the header still says whether the server compressed.
  const response = await fetch(`${appUrl}/`, { signal: AbortSignal.timeout(15_000) });
  const page = await response.text();
  if (!response.ok) throw new Error(`GET ${appUrl}/: ${response.status}`);
  const html = Buffer.from(withoutScripts(page));
  // Every header `/` was sent with (its security headers too: the opener policy alone moves the
  // first paint by tens of milliseconds, docs/PERFORMANCE.md), but those of this body's bytes.
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !BODY_HEADERS.has(name)));
  const compressed = response.headers.get('content-encoding') === 'gzip';
  return { html, gzipped: compressed ? gzipSync(html, { level: 9 }) : undefined, headers };
}

function sendFloor(floor: Floor, request: IncomingMessage, response: ServerResponse): void {
  const gzip = floor.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = gzip ? floor.gzipped! : floor.html;
  const headers = { ...floor.headers, 'content-length': String(body.length), ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}) };
  response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Serves the floor of the app at `appUrl` on `port` at FLOOR_PATH, and everything else as the
 * static server does; returns the floor page's URL.
 */
export async function startFloor(port: number, appUrl: string, clientEnv: Record<string, string>): Promise<string> {
  const floor = await floorOf(appUrl);
  const staticFiles = createStaticServer({ env: clientEnv }).listeners('request')[0] as RequestListener;
  const server = http.createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname === FLOOR_PATH) sendFloor(floor, request, response);
    else staticFiles(request, response);
  });
  return `${await listenOn(server, port)}${FLOOR_PATH}`;
}
