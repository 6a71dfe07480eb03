/**
 * The book-metadata sandbox: a local stand-in for Open Library's read API (openlibrary.org's
 * `/isbn/`, `/books/`, `/works/`, `/authors/` JSON) and its Covers API (covers.openlibrary.org's
 * `/b/…`), on one origin, answering from the catalogue shipped beside it. Nothing is fetched
 * from anywhere.
 *
 *   tsx sandbox/openlibrary/server.ts        (BOOK_METADATA_SANDBOX_PORT, default 12121)
 */
import { type IncomingMessage, type ServerResponse, STATUS_CODES, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Catalogue, CatalogueIndex, readCatalogue } from './catalogue';
import { CoverCache } from './covers';
import { type Answer, OpenLibraryRoutes } from './routes';

export const DEFAULT_PORT = 12121;
export const DEFAULT_HOST = '127.0.0.1';
/** Per-request switches ahead of the path: `/_delay/<ms>` and `/_fail/<status>`, in any order. */
const SWITCH = /^\/_(delay|fail)\/(\d+)(?=\/)/;

export interface BookMetadataSandboxOptions {
  /** 0 picks a free port. Default: BOOK_METADATA_SANDBOX_PORT, else 12121. */
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
  /** Wait this long before every answer (not /healthz), as a slow service would. Default 0. */
  delayMs?: number;
  /** Answer every request (not /healthz) with this status (400–599), as a failing service would. */
  failWith?: number;
  /** The books to serve. Default: catalogue.json. */
  catalogue?: Catalogue;
}

export interface BookMetadataSandbox {
  /** Base URL, e.g. http://127.0.0.1:12121 (no trailing slash): the API's BOOK_METADATA_URL. */
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Switches {
  path: string;
  prefix: string;
  delayMs: number;
  failWith?: number;
}

function readSwitches(pathname: string, defaults: { delayMs: number; failWith?: number }): Switches {
  const switches: Switches = { path: pathname, prefix: '', ...defaults };
  for (let match = SWITCH.exec(switches.path); match; match = SWITCH.exec(switches.path)) {
    if (match[1] === 'delay') switches.delayMs = Number(match[2]);
    else switches.failWith = Number(match[2]);
    switches.prefix += match[0];
    switches.path = switches.path.slice(match[0].length);
  }
  return switches;
}

const isFailureStatus = (status: number) => Number.isInteger(status) && status >= 400 && status <= 599;

/** Open Library sends its JSON to any origin; the covers too. */
const COMMON_HEADERS = { 'Access-Control-Allow-Origin': '*' };

function send(response: ServerResponse, answer: Answer, headOnly: boolean): void {
  let status = 200;
  let headers: Record<string, string | number> = { ...COMMON_HEADERS };
  let body: Buffer = Buffer.alloc(0);
  if (answer.kind === 'redirect') {
    status = 302;
    headers.Location = answer.location;
  } else if (answer.kind === 'json') {
    status = answer.status;
    body = Buffer.from(JSON.stringify(answer.body));
    headers['Content-Type'] = 'application/json';
  } else if (answer.kind === 'image') {
    body = answer.bytes;
    headers = { ...headers, 'Content-Type': answer.contentType, 'Cache-Control': `public, max-age=${answer.maxAgeSeconds}` };
  } else {
    status = answer.status;
    body = Buffer.from(answer.body);
    headers['Content-Type'] = answer.status >= 500 ? 'text/html' : 'text/plain; charset=utf-8';
  }
  headers['Content-Length'] = body.length;
  response.writeHead(status, headers);
  response.end(headOnly ? undefined : body);
}

/** What a failing front end answers: a short HTML page naming the status. */
function failure(status: number): Answer {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return { kind: 'text', status, body: `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n` };
}

export async function startBookMetadataSandbox(options: BookMetadataSandboxOptions = {}): Promise<BookMetadataSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  const defaults = { delayMs: options.delayMs ?? 0, failWith: options.failWith };
  if (!Number.isInteger(defaults.delayMs) || defaults.delayMs < 0) throw new Error(`delayMs must be a whole number of milliseconds, got ${defaults.delayMs}`);
  if (defaults.failWith !== undefined && !isFailureStatus(defaults.failWith)) throw new Error(`failWith must be a status from 400 to 599, got ${defaults.failWith}`);
  const routes = new OpenLibraryRoutes(new CatalogueIndex(options.catalogue ?? readCatalogue()), new CoverCache());
  // Aborted on close, so answers still waiting out a delay end at once.
  const closing = new AbortController();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    if (method === 'OPTIONS') {
      response.writeHead(204, { ...COMMON_HEADERS, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { ...COMMON_HEADERS, Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    const headOnly = method === 'HEAD';
    if (url.pathname === '/healthz') {
      send(response, { kind: 'json', status: 200, body: { status: 'ok', service: 'book-metadata-sandbox' } }, headOnly);
      return;
    }
    const switches = readSwitches(url.pathname, defaults);
    if (switches.delayMs > 0) await sleep(switches.delayMs, undefined, { signal: closing.signal });
    if (switches.failWith !== undefined) {
      send(response, isFailureStatus(switches.failWith) ? failure(switches.failWith) : { kind: 'text', status: 404, body: 'not found\n' }, headOnly);
      return;
    }
    send(response, await routes.answer(switches.path, url.search.slice(1), switches.prefix), headOnly);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (closing.signal.aborted) return void response.destroy();
      console.error('book-metadata sandbox: request failed', error);
      if (response.headersSent) return void response.destroy();
      send(response, failure(500), false);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? portFromEnvironment(process.env), host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: async () => {
      closing.abort();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function portFromEnvironment(env: NodeJS.ProcessEnv): number {
  const text = env.BOOK_METADATA_SANDBOX_PORT?.trim();
  const port = text ? Number(text) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`BOOK_METADATA_SANDBOX_PORT must be a port number, got "${text}"`);
  }
  return port;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}"`);
  return Number(text);
}

/** Environment for the command line: BOOK_METADATA_SANDBOX_PORT, _DELAY_MS, _FAIL_WITH. */
export function optionsFromEnvironment(env: NodeJS.ProcessEnv): BookMetadataSandboxOptions {
  return {
    port: portFromEnvironment(env),
    delayMs: wholeNumber(env, 'BOOK_METADATA_SANDBOX_DELAY_MS'),
    failWith: wholeNumber(env, 'BOOK_METADATA_SANDBOX_FAIL_WITH'),
  };
}

// Run directly (`tsx sandbox/openlibrary/server.ts`), not when imported by tests.
if (typeof require !== 'undefined' && require.main === module) {
  Promise.resolve()
    .then(() => startBookMetadataSandbox(optionsFromEnvironment(process.env)))
    .then(
      (sandbox) => {
        console.log(`Book-metadata sandbox (Open Library API) listening on ${sandbox.url}`);
        const stop = () => void sandbox.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      },
      (error: unknown) => {
        console.error('Book-metadata sandbox failed to start:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
}
