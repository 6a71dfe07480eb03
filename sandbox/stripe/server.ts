/**
 * The payment sandbox service: a local stand-in for api.stripe.com (the `/v1` subset the API
 * server and the checkout use) and js.stripe.com (`/v3/`, `/stripe.js`), for running the app
 * with no Stripe account and no network. Test mode only; state in memory, optionally on disk.
 *
 *   tsx sandbox/stripe/server.ts        (STRIPE_SANDBOX_PORT, default 12111)
 */
import { Buffer } from 'node:buffer';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeApi } from './api';
import { buildBrowserScript } from './browser-bundle';
import { unrecognizedUrl } from './errors';
import { parseForm } from './form';
import { newId } from './ids';
import { SandboxStore } from './store';
import { WebhookSender } from './webhooks';

export const DEFAULT_PORT = 12111;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_CLIENT_ORIGINS: readonly string[] = ['http://127.0.0.1:8080'];
export const DEFAULT_SECRET_KEY = 'sk_test_sandbox';
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_sandbox';
/** The webhook signing secret the API expects from the sandbox unless both are told another. */
export const DEFAULT_WEBHOOK_SECRET = 'whsec_sandbox';
/** The API version answered when the caller does not name one. */
const API_VERSION = '2026-10-28.endive';
const MAX_BODY_BYTES = 1024 * 1024;
/** Paths js.stripe.com serves Stripe.js from (`/v3/`, `/endive/stripe.js`), plus `/stripe.js`. */
const SCRIPT_PATH = /^\/(v3\/?|v3\/stripe\.js|(?:[a-z]+\/)?stripe\.js)$/;

export interface StripeSandboxOptions {
  /** 0 picks a free port. Default: STRIPE_SANDBOX_PORT, else 12111. */
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
  /** Origins the browser may call from (CORS); '*' allows any. Default http://127.0.0.1:8080. */
  clientOrigins?: readonly string[];
  /** When set, state is kept in `<dataDir>/stripe-sandbox.json` and survives restarts. */
  dataDir?: string;
  /** The secret key the API server uses. Default sk_test_sandbox. */
  secretKey?: string;
  /** The publishable key the SPA uses. Default pk_test_sandbox. */
  publishableKey?: string;
  /**
   * Where signed `payment_intent.succeeded` events are POSTed, as `stripe listen --forward-to`
   * would. Unset: no events are sent.
   */
  webhookUrl?: string;
  /** Signs the events. Default whsec_sandbox. */
  webhookSecret?: string;
  /** Waits between delivery attempts; their count bounds the retries. Default 1, 2, 4, 8, 16 s. */
  webhookRetryDelaysMs?: readonly number[];
}

export interface StripeSandbox {
  /** Base URL, e.g. http://127.0.0.1:12111 (no trailing slash). */
  url: string;
  port: number;
  /** Where the sandbox Stripe.js is served: `${url}/v3/`. */
  scriptUrl: string;
  /** Resolves once every webhook event sent so far was delivered or given up on. */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

function portFromEnvironment(): number {
  const text = process.env.STRIPE_SANDBOX_PORT;
  const port = text ? Number(text) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`STRIPE_SANDBOX_PORT must be a port number, got "${text}"`);
  }
  return port;
}

function readBody(request: IncomingMessage): Promise<string> {
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

function allowCors(request: IncomingMessage, response: ServerResponse, origins: readonly string[]): void {
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

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = `${JSON.stringify(body, null, 2)}\n`;
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-cache, no-store',
  });
  response.end(text);
}

export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  const origins = options.clientOrigins ?? DEFAULT_CLIENT_ORIGINS;
  const webhooks = options.webhookUrl
    ? new WebhookSender({
        url: options.webhookUrl,
        secret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
        retryDelaysMs: options.webhookRetryDelaysMs,
        apiVersion: API_VERSION,
        log: (line) => console.error(`stripe sandbox: ${line}`),
      })
    : undefined;
  const api = new StripeApi(
    new SandboxStore(options.dataDir),
    {
      secretKey: options.secretKey ?? DEFAULT_SECRET_KEY,
      publishableKey: options.publishableKey ?? DEFAULT_PUBLISHABLE_KEY,
    },
    webhooks && ((intent) => webhooks.paymentIntentSucceeded(intent)),
  );
  const script = await buildBrowserScript();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const method = request.method ?? 'GET';
    allowCors(request, response, origins);
    if (method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (method === 'GET' && SCRIPT_PATH.test(url.pathname)) {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(script);
      return;
    }
    if (method === 'GET' && url.pathname === '/healthz') {
      sendJson(response, 200, { status: 'ok', service: 'stripe-sandbox' });
      return;
    }
    const requestId = newId('req');
    const version = request.headers['stripe-version'];
    const headers = { 'Request-Id': requestId, 'Stripe-Version': typeof version === 'string' ? version : API_VERSION };
    if (!url.pathname.startsWith('/v1/')) {
      sendJson(response, 404, { error: unrecognizedUrl(method, url.pathname).body }, headers);
      return;
    }
    const body = method === 'POST' ? await readBody(request) : '';
    const params = parseForm(method === 'POST' ? body : url.search.slice(1));
    const answer = api.handle({ method, path: url.pathname, params, headers: request.headers });
    sendJson(response, answer.status, answer.body, answer.replayed ? { ...headers, 'Idempotent-Replayed': 'true' } : headers);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const tooLarge = error instanceof RangeError;
      if (!tooLarge) console.error('stripe sandbox: request failed', error);
      if (response.headersSent) return response.destroy();
      sendJson(response, tooLarge ? 413 : 500, {
        error: { type: tooLarge ? 'invalid_request_error' : 'api_error', message: tooLarge ? 'Request body too large.' : 'An unknown error occurred.' },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? portFromEnvironment(), host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${host}:${port}`;
  return {
    url: base,
    port,
    scriptUrl: `${base}/v3/`,
    webhooksSettled: async () => webhooks?.settled(),
    close: async () => {
      await webhooks?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/**
 * Environment for the command line: STRIPE_SANDBOX_PORT, _CLIENT_ORIGINS (comma-separated),
 * _DATA_DIR, _WEBHOOK_URL, _WEBHOOK_SECRET.
 */
function optionsFromEnvironment(env: NodeJS.ProcessEnv): StripeSandboxOptions {
  const origins = env.STRIPE_SANDBOX_CLIENT_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean);
  const webhookUrl = env.STRIPE_SANDBOX_WEBHOOK_URL?.trim() || undefined;
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webhookUrl)) {
    throw new Error(`STRIPE_SANDBOX_WEBHOOK_URL must be an http(s) URL, got "${webhookUrl}"`);
  }
  return {
    port: portFromEnvironment(),
    clientOrigins: origins?.length ? origins : undefined,
    dataDir: env.STRIPE_SANDBOX_DATA_DIR || undefined,
    webhookUrl,
    webhookSecret: env.STRIPE_SANDBOX_WEBHOOK_SECRET?.trim() || undefined,
  };
}

// Run directly (`tsx sandbox/stripe/server.ts`), not when imported by the launcher or tests.
if (typeof require !== 'undefined' && require.main === module) {
  startStripeSandbox(optionsFromEnvironment(process.env)).then(
    (sandbox) => {
      console.log(`Stripe sandbox listening on ${sandbox.url} (Stripe.js at ${sandbox.scriptUrl})`);
      const stop = () => void sandbox.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error('Stripe sandbox failed to start:', error);
      process.exit(1);
    },
  );
}
