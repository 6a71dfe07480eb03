import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import { stripePaymentProvider } from '../src/lib/stripeProvider';
import { addProduct, bookingOf, buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { move, orderAs } from './orderSupport';

/**
 * Payouts end to end against the payment sandbox through the real SDK: the seller onboards on
 * the hosted page, the sandbox's signed `account.updated`, `payout.paid` and `payout.failed`
 * reach `POST /stripe/webhook`, and the money lands where the ledger says.
 */
const SECRET_KEY = 'sk_test_sandbox';
let sandbox: StripeSandbox;
let stripe: Stripe;
let t: TestApp;
let forwarder: Server;
let buyer: Actor;

beforeAll(async () => {
  // The sandbox's events reach the app through a forwarder, so the sandbox can start first.
  forwarder = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void t.app
        .inject({ method: 'POST', url: '/stripe/webhook', headers: request.headers, payload: Buffer.concat(chunks) })
        .then((answer) => response.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(answer.body));
    });
  });
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/stripe/webhook`;
  sandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SECRET_KEY, webhookUrl, payoutSettleMs: 200 });
  const config = { secretKey: SECRET_KEY, host: '127.0.0.1', port: sandbox.port, protocol: 'http' as const, webhookSecret: 'whsec_sandbox' };
  stripe = new Stripe(SECRET_KEY, { host: config.host, port: config.port, protocol: config.protocol, telemetry: false });
  t = await buildTestApp({ stripe: config }, { payments: stripePaymentProvider(config) });
  buyer = await signUp(t.app, 'sandbox-buyer@test.dev');
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
  await new Promise((resolve) => forwarder?.close(resolve));
});

const earnings = async (actor: Actor) => (await t.app.inject({ url: '/earnings', headers: actor.headers })).json();

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/** A $10 sale of the seller's book, paid at the sandbox by card, carried to completed. */
async function completedSale(seller: Actor) {
  const bookId = await addProduct(t.app, seller, { name: `Sandbox book ${seller.email}`, price: 10 });
  const bookingId = await bookingOf(t.app, buyer, bookId);
  const { clientSecret } = (await t.app.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId } })).json();
  const intentId = (clientSecret as string).split('_secret_')[0];
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  expect((await t.app.inject({ method: 'POST', url: '/payment', headers: buyer.headers, payload: { bookingId, transactionId: intentId } })).statusCode).toBe(200);
  const code = (await orderAs(t.app, buyer, bookingId)).handoverCode;
  await move(t.app, seller, bookingId, { to: 'ready' });
  await move(t.app, seller, bookingId, { to: 'received', code });
  expect((await move(t.app, buyer, bookingId, { to: 'completed' })).statusCode).toBe(200);
}

/** The seller follows the link to the hosted page and fills it in with `accountNumber`. */
async function onboard(seller: Actor, accountNumber: string) {
  const { url } = (await t.app.inject({ method: 'POST', url: '/payout-account/link', headers: seller.headers })).json();
  const page = await fetch(url);
  expect(await page.text()).toContain('Stripe test mode: set up payouts');
  const form = new URLSearchParams({ first_name: 'Sam', last_name: 'Seller', routing_number: '110000000', account_number: accountNumber, tos_acceptance: 'accepted' });
  const sent = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(sent.status).toBe(303);
  expect(sent.headers.get('location')).toMatch(/\/dashboard\/earnings\?payouts=return$/);
  await until('the account', () => earnings(seller), (e) => e.account.state === 'active');
}

it('onboards on the hosted page, withdraws, and is paid when the sandbox says so', async () => {
  const seller = await signUp(t.app, 'sandbox-seller@test.dev', 'seller');
  await completedSale(seller);
  expect((await earnings(seller)).account.state).toBe('none');
  await onboard(seller, '000123456789');
  const payout = (await t.app.inject({ method: 'POST', url: '/payouts', headers: seller.headers })).json();
  expect(payout).toMatchObject({ amount: 9.2, state: 'in_transit' });
  const paid = await until('the payout', () => earnings(seller), (e) => e.balance.paidOut > 0);
  expect(paid.balance).toEqual({ pending: 0, available: 0, inTransit: 0, paidOut: 9.2 });
  await sandbox.webhooksSettled();
  const reconciled = (await t.app.inject({ method: 'POST', url: '/admin/reconciliation', headers: (await signUp(t.app, 'admin@test.dev')).headers })).json();
  expect(reconciled.differences).toEqual([]);
});

it('gives the money back when the bank number fails its payouts', async () => {
  const seller = await signUp(t.app, 'sandbox-failing@test.dev', 'seller');
  await completedSale(seller);
  await onboard(seller, '000111111116');
  expect((await t.app.inject({ method: 'POST', url: '/payouts', headers: seller.headers })).json()).toMatchObject({ state: 'in_transit' });
  const back = await until('the failure', async () => {
    const rows = await t.testDb.db.query<{ state: string; failure_code: string | null }>('select state, failure_code from payouts where seller_id = $1', [seller.id]);
    return rows[0];
  }, (row) => row?.state === 'failed');
  expect(back.failure_code).toBe('no_account');
  expect((await earnings(seller)).balance).toEqual({ pending: 0, available: 9.2, inTransit: 0, paidOut: 0 });
  const account = (await t.testDb.db.query<{ provider_account_id: string }>('select provider_account_id from payout_accounts where seller_id = $1', [seller.id]))[0];
  const balance = await stripe.balance.retrieve({}, { stripeAccount: account.provider_account_id });
  // The failed payout's money went back to the account, and its transfer was reversed to the platform.
  expect(balance.available.reduce((sum, fund) => sum + fund.amount, 0)).toBe(0);
});
