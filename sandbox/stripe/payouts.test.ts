/**
 * Payouts on a connected account through the real `stripe` SDK (Stripe-Account header): they
 * leave the balance at once, then are paid or fail as the test bank number says, with signed
 * `payout.*` events carrying the account. Also the sandbox-only helpers and idempotent replays.
 */
import type Stripe from 'stripe';
import { PAYOUT_FAILURE_MESSAGES, type PayoutFailureCode } from './bank-accounts';
import { INSUFFICIENT_ACCOUNT_FUNDS, noExternalAccount } from './payouts';
import { type StripeSandbox, startStripeSandbox } from './server';
import {
  accountWithLink,
  availableUsd,
  eventually,
  onboardedAccount,
  paidIntent,
  payoutHelper,
  rejection,
  sdk,
  startReceiver,
  verifiedEvent,
} from './test-kit';

const WEBHOOK_SECRET = 'whsec_payouts_test';
let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  // Payouts here settle only through the helper; the test of settling on time has its own sandbox.
  sandbox = await startStripeSandbox({ port: 0, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET, payoutSettleMs: 600_000 });
  stripe = sdk(sandbox);
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

/** An onboarded seller holding `amount` from a transfer. */
async function fundedSeller(amount: number, accountNumber?: string, client = stripe): Promise<string> {
  const seller = await onboardedAccount(client, accountNumber);
  await paidIntent(client, amount);
  await client.transfers.create({ amount, currency: 'usd', destination: seller });
  return seller;
}

const payout = (seller: string, amount: number, key?: string, client = stripe) =>
  client.payouts.create({ amount, currency: 'usd', metadata: { payoutId: 'p-1' } }, { stripeAccount: seller, ...(key ? { idempotencyKey: key } : {}) });

const payoutEvent = (type: string, id: string) =>
  receiver.received
    .map((delivery) => verifiedEvent(delivery, WEBHOOK_SECRET))
    .find((event) => event.type === type && (event.data.object as Stripe.Payout).id === id);

/** A payout on `quick` (a sandbox with a short payoutSettleMs) is paid on its own, and told. */
async function settlesOnTime(quick: StripeSandbox, client: Stripe) {
  const seller = await fundedSeller(3000, undefined, client);
  const sent = await payout(seller, 1800, undefined, client);
  const { external_accounts: externalAccounts } = await client.accounts.retrieve(seller);
  expect(sent.id).toMatch(/^po_/);
  expect(sent).toMatchObject({
    object: 'payout', amount: 1800, currency: 'usd', status: 'pending', destination: externalAccounts?.data[0].id,
    failure_code: null, failure_message: null, failure_balance_transaction: null, metadata: { payoutId: 'p-1' }, type: 'bank_account',
  });
  expect(sent.arrival_date).toBeGreaterThan(sent.created);
  expect(await availableUsd(client, seller)).toBe(1200);

  const paid = await eventually(async () => {
    const current = await client.payouts.retrieve(sent.id, {}, { stripeAccount: seller });
    return current.status === 'paid' ? current : undefined;
  });
  expect(paid.failure_code).toBeNull();
  await quick.webhooksSettled();
  const event = payoutEvent('payout.paid', sent.id);
  expect(event).toMatchObject({ object: 'event', account: seller, data: { object: { id: sent.id, status: 'paid', amount: 1800 } } });
  expect(await availableUsd(client, seller)).toBe(1200);
}

describe('payouts', () => {
  it('sends the money at once, pays it after payoutSettleMs, and tells the platform with payout.paid', async () => {
    const quick = await startStripeSandbox({ port: 0, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET, payoutSettleMs: 30 });
    try {
      await settlesOnTime(quick, sdk(quick));
    } finally {
      await quick.close();
    }
  });

  it.each(
    Object.entries({
      '000111111116': 'no_account', '000111111113': 'account_closed', '000222222227': 'insufficient_funds',
      '000333333335': 'debit_not_authorized', '000444444440': 'invalid_currency',
    }) as Array<[string, PayoutFailureCode]>,
  )('fails a payout to %s with %s and returns the money', async (accountNumber, code) => {
    const seller = await fundedSeller(1000, accountNumber);
    const sent = await payout(seller, 1000);
    expect(await availableUsd(stripe, seller)).toBe(0);
    const failed = await payoutHelper(stripe, 'settle', sent.id, seller);
    expect(failed).toMatchObject({ status: 'failed', failure_code: code, failure_message: PAYOUT_FAILURE_MESSAGES[code] });
    expect(failed.failure_balance_transaction).toMatch(/^txn_/);
    expect(await availableUsd(stripe, seller)).toBe(1000);
    await sandbox.webhooksSettled();
    expect(payoutEvent('payout.failed', sent.id)).toMatchObject({ account: seller, data: { object: { status: 'failed', failure_code: code } } });
  });

  it('refuses more than the balance, an account without a bank account, and the platform itself', async () => {
    const seller = await fundedSeller(500);
    expect(await rejection(payout(seller, 501))).toMatchObject({ statusCode: 400, code: 'balance_insufficient', message: INSUFFICIENT_ACCOUNT_FUNDS });
    const { account } = await accountWithLink(stripe);
    expect(await rejection(payout(account.id, 100))).toMatchObject({ statusCode: 400, message: noExternalAccount('usd') });
    expect(await rejection(stripe.payouts.create({ amount: 100, currency: 'usd' }))).toMatchObject({ statusCode: 400, message: noExternalAccount('usd') });
  });

  it("keeps each account's payouts to itself, and lists them newest first by status", async () => {
    const seller = await fundedSeller(900);
    const first = await payout(seller, 300);
    const second = await payout(seller, 300);
    await payoutHelper(stripe, 'settle', first.id, seller);
    const other = await fundedSeller(100);
    expect(await rejection(stripe.payouts.retrieve(first.id, {}, { stripeAccount: other }))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await rejection(stripe.payouts.retrieve(first.id))).toMatchObject({ statusCode: 404 });
    const all = await stripe.payouts.list({}, { stripeAccount: seller });
    expect(all.data.map((item) => item.id)).toEqual([second.id, first.id]);
    const pending = await stripe.payouts.list({ status: 'pending' }, { stripeAccount: seller });
    expect(pending.data.map((item) => item.id)).toEqual([second.id]);
    const paged = await stripe.payouts.list({ limit: 1, starting_after: second.id }, { stripeAccount: seller });
    expect(paged.data.map((item) => item.id)).toEqual([first.id]);
    expect((await stripe.payouts.list({}, { stripeAccount: other })).data).toEqual([]);
  });

  it('replays a payout for the same key on the same account only, moving the money once', async () => {
    const seller = await fundedSeller(1000);
    const first = await payout(seller, 400, 'payout-p-7');
    const replay = await payout(seller, 400, 'payout-p-7');
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await availableUsd(stripe, seller)).toBe(600);
    // The Stripe-Account header is part of the key's scope: another account gets its own payout.
    const otherSeller = await fundedSeller(400);
    const elsewhere = await payout(otherSeller, 400, 'payout-p-7');
    expect(elsewhere.id).not.toBe(first.id);
    expect(await availableUsd(stripe, otherSeller)).toBe(0);
  });
});

describe('sandbox-only payout helpers', () => {
  it('fails a paid payout afterwards: failed, money back, payout.failed', async () => {
    const seller = await fundedSeller(700);
    const sent = await payout(seller, 700);
    expect(await rejection(payoutHelper(stripe, 'fail', sent.id, seller))).toMatchObject({ statusCode: 400 });
    expect((await payoutHelper(stripe, 'settle', sent.id, seller)).status).toBe('paid');
    expect(await rejection(payoutHelper(stripe, 'settle', sent.id, seller))).toMatchObject({ statusCode: 400 });
    expect(await rejection(payoutHelper(stripe, 'fail', sent.id, seller, { failure_code: 'bogus' }))).toMatchObject({
      statusCode: 400, param: 'failure_code',
    });
    const failed = await payoutHelper(stripe, 'fail', sent.id, seller);
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
    expect(await availableUsd(stripe, seller)).toBe(700);
    expect(await rejection(payoutHelper(stripe, 'fail', sent.id, seller))).toMatchObject({ statusCode: 400 });
    await sandbox.webhooksSettled();
    expect(payoutEvent('payout.paid', sent.id)).toMatchObject({ account: seller });
    expect(payoutEvent('payout.failed', sent.id)).toMatchObject({ account: seller, data: { object: { failure_code: 'account_closed' } } });
  });

  it('lets a reversal take the balance negative once the money has been paid out', async () => {
    const seller = await onboardedAccount(stripe);
    await paidIntent(stripe, 1000);
    const sent = await stripe.transfers.create({ amount: 1000, currency: 'usd', destination: seller });
    await payoutHelper(stripe, 'settle', (await payout(seller, 1000)).id, seller);
    const reversal = await stripe.transfers.createReversal(sent.id);
    expect(reversal.amount).toBe(1000);
    expect(await availableUsd(stripe, seller)).toBe(-1000);
    expect(await rejection(payout(seller, 1))).toMatchObject({ code: 'balance_insufficient' });
  });
});
