/**
 * The payment sandbox service: a local stand-in for api.stripe.com (the `/v1` subset the API
 * server and the checkout use, Connect included), js.stripe.com (`/v3/`, `/stripe.js`) and
 * Connect's hosted onboarding (`/connect/onboarding/<token>`), for running the app with no Stripe
 * account and no network. Test mode only; state in memory, optionally on disk.
 *
 *   tsx sandbox/stripe/server.ts        (STRIPE_SANDBOX_PORT, default 12111)
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_ACCOUNT_LINK_LIFETIME_MS } from './account-links';
import { StripeApi } from './api';
import { buildBrowserScript } from './browser-bundle';
import { unrecognizedUrl } from './errors';
import { parseForm } from './form';
import { allowCors, readBody, sendJson, sendPage } from './http-io';
import { newId } from './ids';
import { DEFAULT_PAYOUT_SETTLE_MS } from './payouts';
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
/** Paths js.stripe.com serves Stripe.js from (`/v3/`, `/endive/stripe.js`), plus `/stripe.js`. */
const SCRIPT_PATH = /^\/(v3\/?|v3\/stripe\.js|(?:[a-z]+\/)?stripe\.js)$/;
/** Where Account Links lead: the hosted onboarding page. */
const ONBOARDING_PATH = /^\/connect\/onboarding\/([A-Za-z0-9]+)$/;

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
   * Where signed events (`payment_intent.succeeded`, and Connect's `account.updated`, `payout.*`,
   * `transfer.*`) are POSTed, as `stripe listen --forward-to` (and `--forward-connect-to`) would.
   * Unset: no events are sent.
   */
  webhookUrl?: string;
  /** Signs the events. Default whsec_sandbox. */
  webhookSecret?: string;
  /** Waits between delivery attempts; their count bounds the retries. Default 1, 2, 4, 8, 16 s. */
  webhookRetryDelaysMs?: readonly number[];
  /** How long a payout stays pending before it is paid or fails. Default 1000 ms. */
  payoutSettleMs?: number;
  /** How long an Account Link can be used. Default 5 minutes, as with Stripe. */
  accountLinkLifetimeMs?: number;
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
  // Known once listening; onboarding links are made of it.
  let base = '';
  const api = new StripeApi(
    new SandboxStore(options.dataDir),
    {
      secretKey: options.secretKey ?? DEFAULT_SECRET_KEY,
      publishableKey: options.publishableKey ?? DEFAULT_PUBLISHABLE_KEY,
    },
    {
      notify: webhooks?.send,
      connect: {
        baseUrl: () => base,
        accountLinkLifetimeMs: options.accountLinkLifetimeMs ?? DEFAULT_ACCOUNT_LINK_LIFETIME_MS,
        payoutSettleMs: options.payoutSettleMs ?? DEFAULT_PAYOUT_SETTLE_MS,
      },
    },
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
    const onboarding = ONBOARDING_PATH.exec(url.pathname);
    if (onboarding && (method === 'GET' || method === 'POST')) {
      const page = api.connect.onboarding.handle({
        method,
        token: onboarding[1],
        form: method === 'POST' ? parseForm(await readBody(request)) : {},
        ip: (request.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
        userAgent: request.headers['user-agent'] ?? null,
      });
      sendPage(response, page);
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
  base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: base,
    port,
    scriptUrl: `${base}/v3/`,
    webhooksSettled: async () => webhooks?.settled(),
    close: async () => {
      api.close();
      await webhooks?.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function payoutSettleMsFromEnvironment(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`STRIPE_SANDBOX_PAYOUT_SETTLE_MS must be a whole number of milliseconds, got "${text}"`);
  return ms;
}

/**
 * Environment for the command line: STRIPE_SANDBOX_PORT, _CLIENT_ORIGINS (comma-separated),
 * _DATA_DIR, _WEBHOOK_URL, _WEBHOOK_SECRET, _PAYOUT_SETTLE_MS.
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
    payoutSettleMs: payoutSettleMsFromEnvironment(env.STRIPE_SANDBOX_PAYOUT_SETTLE_MS),
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
