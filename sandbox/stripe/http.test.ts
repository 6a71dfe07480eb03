/**
 * The browser-facing side of the sandbox over plain HTTP: publishable-key calls as Stripe.js
 * makes them, CORS, the served script, and state kept across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StripeSandbox, startStripeSandbox } from './server';

const CLIENT = 'http://127.0.0.1:8080';
let sandbox: StripeSandbox;

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function post(path: string, fields: Record<string, string>, auth?: string) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: CLIENT, ...(auth ? { Authorization: `Bearer ${auth}` } : {}) },
    body: form(fields),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function createIntent(target = sandbox): Promise<{ id: string; client_secret: string }> {
  const response = await fetch(`${target.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form({ amount: '2500', currency: 'usd', 'metadata[bookingId]': 'b-7', 'payment_method_types[]': 'card' }),
  });
  return (await response.json()) as { id: string; client_secret: string };
}

const card = (number: string): Record<string, string> => ({
  'payment_method_data[type]': 'card',
  'payment_method_data[card][number]': number,
  'payment_method_data[card][exp_month]': '4',
  'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 2),
  'payment_method_data[card][cvc]': '314',
});

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

describe('publishable-key calls (what Stripe.js sends)', () => {
  it('confirms with key + client_secret and answers the reduced, browser-side PaymentIntent', async () => {
    const intent = await createIntent();
    const { status, headers, body } = await post(`/v1/payment_intents/${intent.id}/confirm`, {
      key: 'pk_test_sandbox',
      client_secret: intent.client_secret,
      ...card('4242 4242 4242 4242'),
    });
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe(CLIENT);
    expect(body).toMatchObject({ id: intent.id, status: 'succeeded', amount: 2500, currency: 'usd' });
    expect(body.payment_method).toMatch(/^pm_/);
    // Server-only fields stay out of the publishable view, as with Stripe.
    expect(body).not.toHaveProperty('metadata');
    expect(body).not.toHaveProperty('amount_received');
  });

  it('answers a decline as a 402 error object with the PaymentIntent inside', async () => {
    const intent = await createIntent();
    const { status, body } = await post(`/v1/payment_intents/${intent.id}/confirm`, {
      key: 'pk_test_sandbox',
      client_secret: intent.client_secret,
      ...card('4000000000009995'),
    });
    expect(status).toBe(402);
    expect(body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    expect(body.error).not.toHaveProperty('payment_intent.metadata');
  });

  it('refuses a wrong client_secret, and secret-only calls with a publishable key', async () => {
    const intent = await createIntent();
    const wrongSecret = await post(`/v1/payment_intents/${intent.id}/confirm`, {
      key: 'pk_test_sandbox',
      client_secret: `${intent.id}_secret_nottheone`,
      ...card('4242424242424242'),
    });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error).toMatchObject({ type: 'invalid_request_error', param: 'client_secret' });

    const create = await post('/v1/payment_intents', { key: 'pk_test_sandbox', amount: '1000', currency: 'usd' });
    expect(create.status).toBe(401);
    expect(create.body.error).toMatchObject({ type: 'invalid_request_error' });
  });

  it('retrieves with key + client_secret over GET', async () => {
    const intent = await createIntent();
    const query = form({ key: 'pk_test_sandbox', client_secret: intent.client_secret });
    const response = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}?${query}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
  });

  it('creates PaymentMethods with the publishable key and reports card errors in Stripe wording', async () => {
    const year = String(new Date().getFullYear() + 5);
    const base = { key: 'pk_test_sandbox', type: 'card', 'card[exp_month]': '12', 'card[exp_year]': year, 'card[cvc]': '123' };
    const ok = await post('/v1/payment_methods', { ...base, 'card[number]': '5555555555554444' });
    expect(ok.body).toMatchObject({ object: 'payment_method', card: { brand: 'mastercard', last4: '4444', exp_year: Number(year) } });
    const bad = await post('/v1/payment_methods', { ...base, 'card[number]': '4000000000000001' });
    expect(bad.status).toBe(402);
    expect(bad.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' });
  });
});

describe('CORS and the served script', () => {
  it('answers preflights for the client origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${sandbox.url}/v1/payment_methods`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
      });
    const allowed = await preflight(CLIENT);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(CLIENT);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const other = await preflight('http://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(['/v3/', '/v3', '/stripe.js', '/endive/stripe.js'])('serves the sandbox Stripe.js at %s', async (path) => {
    const response = await fetch(`${sandbox.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await response.text();
    expect(text).toContain('"browser/stripe-js.ts"');
    expect(text).not.toMatch(/require\("(?!\.)/);
  });

  it('answers unknown paths with a Stripe-style 404', async () => {
    const response = await fetch(`${sandbox.url}/v1/charges`, { headers: { Authorization: 'Bearer sk_test_sandbox' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/charges).' },
    });
  });
});

describe('dataDir', () => {
  it('keeps payments across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-'));
    try {
      const first = await startStripeSandbox({ port: 0, dataDir });
      const intent = await createIntent(first);
      await fetch(`${first.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'POST',
        headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form({ payment_method: 'pm_card_visa' }),
      });
      await first.close();

      const second = await startStripeSandbox({ port: 0, dataDir });
      const response = await fetch(`${second.url}/v1/payment_intents/${intent.id}`, {
        headers: { Authorization: 'Bearer sk_test_sandbox' },
      });
      await second.close();
      expect(await response.json()).toMatchObject({ id: intent.id, status: 'succeeded', metadata: { bookingId: 'b-7' } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
