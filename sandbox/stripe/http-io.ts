/** Reading request bodies and writing answers: JSON for `/v1`, HTML (or a redirect) for the onboarding page. */
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageResponse } from './onboarding-page';

const MAX_BODY_BYTES = 1024 * 1024;
/** The onboarding page loads nothing and runs no script; only its own inline style. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new RangeError('Request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function allowCors(request: IncomingMessage, response: ServerResponse, origins: readonly string[]): void {
  const origin = request.headers.origin;
  if (!origin || !(origins.includes('*') || origins.includes(origin))) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
  );
  response.setHeader('Access-Control-Expose-Headers', 'Request-Id, Idempotent-Replayed');
  response.setHeader('Access-Control-Max-Age', '600');
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = `${JSON.stringify(body, null, 2)}\n`;
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache, no-store',
  });
  response.end(text);
}

export function sendPage(response: ServerResponse, page: PageResponse): void {
  if (page.location !== undefined) {
    response.writeHead(page.status, { Location: page.location, 'Cache-Control': 'no-store' }).end();
    return;
  }
  const html = page.html ?? '';
  response.writeHead(page.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': PAGE_CSP,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(html);
}
