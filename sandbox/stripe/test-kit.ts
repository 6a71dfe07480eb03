/**
 * What the sandbox's tests share: a local webhook receiver, the real `stripe` SDK pointed at a
 * sandbox, the error a call rejects with, and a connected account taken through onboarding.
 */
import { once } from 'node:events';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSandbox } from './server';

export const SECRET_KEY = 'sk_test_sandbox';
export const RETURN_URL = 'http://127.0.0.1:8080/seller/payouts?onboarding=done';
export const REFRESH_URL = 'http://127.0.0.1:8080/seller/payouts?onboarding=again';
export const GOOD_BANK_NUMBER = '000123456789';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering each POST with the next of `statuses` (then 200). */
export async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(statuses.shift() ?? 200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stripe/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An event as the API verifies it, with the SDK's own signature check. */
export function verifiedEvent({ body, headers }: Received, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(body, String(headers['stripe-signature']), secret);
}

export function sdk(sandbox: StripeSandbox, key = SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
}

/** What the SDK rejects with: a StripeError subclass. */
export async function rejection(promise: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Waits (briefly) until `check` answers something other than undefined. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Submits the onboarding form as a browser would, without following the redirect. */
export function submitOnboarding(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export const goodForm = (accountNumber = GOOD_BANK_NUMBER): Record<string, string> => ({
  first_name: 'Jenny',
  last_name: 'Rosen',
  routing_number: '110000000',
  account_number: accountNumber,
  tos_acceptance: 'accepted',
});

/** An Express account with `transfers` requested and its onboarding link. */
export async function accountWithLink(stripe: Stripe): Promise<{ account: Stripe.Account; link: Stripe.AccountLink }> {
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'US',
    email: 'seller@example.com',
    capabilities: { transfers: { requested: true } },
    metadata: { sellerId: 'seller-1' },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: REFRESH_URL,
    return_url: RETURN_URL,
    type: 'account_onboarding',
  });
  return { account, link };
}

/** A connected account taken through onboarding with this test bank account number. */
export async function onboardedAccount(stripe: Stripe, accountNumber = GOOD_BANK_NUMBER): Promise<string> {
  const { account, link } = await accountWithLink(stripe);
  const answer = await submitOnboarding(link.url, goodForm(accountNumber));
  if (answer.status !== 303) throw new Error(`onboarding answered ${answer.status}`);
  return account.id;
}

/** A succeeded card payment: the platform's available balance grows by `amount`. */
export function paidIntent(stripe: Stripe, amount: number): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
}

export async function availableUsd(stripe: Stripe, account?: string): Promise<number> {
  const balance = await stripe.balance.retrieve({}, account ? { stripeAccount: account } : {});
  return balance.available.find((fund) => fund.currency === 'usd')?.amount ?? 0;
}

/** The sandbox-only payout helpers: `settle` a pending payout now, or `fail` a paid one. */
export async function payoutHelper(
  stripe: Stripe,
  action: 'settle' | 'fail',
  payout: string,
  account: string,
  params: Record<string, string> = {},
): Promise<Stripe.Payout> {
  const answer: unknown = await stripe.rawRequest('POST', `/v1/test_helpers/payouts/${payout}/${action}`, params, { stripeAccount: account });
  return answer as Stripe.Payout;
}
