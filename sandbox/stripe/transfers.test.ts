/**
 * Transfers to connected accounts and their reversals through the real `stripe` SDK: refused
 * above the platform's balance as Stripe refuses them, moving money between the two balances
 * once per idempotency key, listed with cursors as the API's reconciliation pages through them.
 */
import type Stripe from 'stripe';
import { type StripeSandbox, startStripeSandbox } from './server';
import { INSUFFICIENT_PLATFORM_FUNDS, NO_TRANSFERS_CAPABILITY } from './transfers';
import {
  accountWithLink,
  availableUsd,
  onboardedAccount,
  paidIntent,
  rejection,
  sdk,
  startReceiver,
  verifiedEvent,
} from './test-kit';

const WEBHOOK_SECRET = 'whsec_transfers_test';
let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startStripeSandbox({ port: 0, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  stripe = sdk(sandbox);
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const transfer = (destination: string, amount: number, extra: Partial<Stripe.TransferCreateParams> = {}, key?: string) =>
  stripe.transfers.create({ amount, currency: 'usd', destination, ...extra }, key ? { idempotencyKey: key } : {});

describe('transfers', () => {
  it('refuses more than the platform has, then moves a paid charge to the seller once funded', async () => {
    const seller = await onboardedAccount(stripe);
    expect(await availableUsd(stripe)).toBe(0);
    const refused = await rejection(transfer(seller, 1000));
    expect(refused).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', code: 'balance_insufficient', message: INSUFFICIENT_PLATFORM_FUNDS });

    await paidIntent(stripe, 2500);
    expect(await stripe.balance.retrieve()).toMatchObject({
      object: 'balance', livemode: false,
      available: [{ amount: 2500, currency: 'usd', source_types: { card: 2500 } }],
      pending: [{ amount: 0, currency: 'usd' }],
    });
    const sent = await transfer(seller, 1000, { transfer_group: 'payout-1', description: 'Sales', metadata: { payoutId: 'p-1' } });
    expect(sent.id).toMatch(/^tr_/);
    expect(sent).toMatchObject({
      object: 'transfer', amount: 1000, amount_reversed: 0, reversed: false, currency: 'usd', destination: seller,
      transfer_group: 'payout-1', description: 'Sales', metadata: { payoutId: 'p-1' }, livemode: false,
      reversals: { object: 'list', data: [], has_more: false },
    });
    expect(await stripe.transfers.retrieve(sent.id)).toEqual(sent);
    expect(await availableUsd(stripe)).toBe(1500);
    expect(await availableUsd(stripe, seller)).toBe(1000);

    await sandbox.webhooksSettled();
    const created = receiver.received.map((delivery) => verifiedEvent(delivery, WEBHOOK_SECRET)).filter((event) => event.type === 'transfer.created');
    expect(created).toEqual([expect.objectContaining({ data: { object: expect.objectContaining({ id: sent.id }) } })]);
    // A platform object: no connected account on the event.
    expect(created[0]).not.toHaveProperty('account');
  });

  it('refuses an unknown destination, one not onboarded, and missing parameters', async () => {
    await paidIntent(stripe, 1000);
    expect(await rejection(transfer('acct_nobody', 100))).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'destination' });
    const { account } = await accountWithLink(stripe);
    expect(await rejection(transfer(account.id, 100))).toMatchObject({
      statusCode: 400, code: 'insufficient_capabilities_for_transfer', param: 'destination', message: NO_TRANSFERS_CAPABILITY,
    });
    const missing = await rejection(stripe.transfers.create({ currency: 'usd', destination: account.id }));
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'amount' });
  });

  it('counts refunds against the balance and keeps a transfer within its source_transaction', async () => {
    const seller = await onboardedAccount(stripe);
    const before = await availableUsd(stripe);
    const paid = await paidIntent(stripe, 3000);
    await stripe.refunds.create({ payment_intent: paid.id, amount: 1000 });
    expect(await availableUsd(stripe)).toBe(before + 2000);
    const charge = String(paid.latest_charge);
    const tooMuch = await rejection(transfer(seller, 2001, { source_transaction: charge }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect((await transfer(seller, 2000, { source_transaction: charge })).source_transaction).toBe(charge);
    expect(await rejection(transfer(seller, 1, { source_transaction: 'ch_unknown' }))).toMatchObject({
      statusCode: 400, code: 'resource_missing', param: 'source_transaction',
    });
  });

  it('answers the first transfer again for a repeated idempotency key, moving the money once', async () => {
    const seller = await onboardedAccount(stripe);
    await paidIntent(stripe, 1200);
    const platformBefore = await availableUsd(stripe);
    const first = await transfer(seller, 1200, { transfer_group: 'payout-9' }, 'transfer-payout-9');
    const replay = await transfer(seller, 1200, { transfer_group: 'payout-9' }, 'transfer-payout-9');
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(await availableUsd(stripe)).toBe(platformBefore - 1200);
    expect(await availableUsd(stripe, seller)).toBe(1200);
    const other = await rejection(transfer(seller, 1100, { transfer_group: 'payout-9' }, 'transfer-payout-9'));
    expect(other.type).toBe('StripeIdempotencyError');
  });

  it('lists newest first, filtered, in pages the SDK can walk with starting_after', async () => {
    const seller = await onboardedAccount(stripe);
    await paidIntent(stripe, 500);
    const made: string[] = [];
    for (let index = 0; index < 5; index += 1) made.push((await transfer(seller, 100, { transfer_group: 'paged' })).id);
    const firstPage = await stripe.transfers.list({ destination: seller, limit: 2 });
    expect(firstPage.data.map((item) => item.id)).toEqual([made[4], made[3]]);
    expect(firstPage.has_more).toBe(true);
    const next = await stripe.transfers.list({ destination: seller, limit: 2, starting_after: made[3] });
    expect(next.data.map((item) => item.id)).toEqual([made[2], made[1]]);
    const walked = await stripe.transfers.list({ transfer_group: 'paged', limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(walked.map((item) => item.id)).toEqual([...made].reverse());
    expect(await rejection(stripe.transfers.list({ starting_after: 'tr_unknown' }))).toMatchObject({ statusCode: 400, param: 'starting_after' });
    expect(await rejection(stripe.transfers.list({ limit: 0 }))).toMatchObject({ statusCode: 400, param: 'limit' });
  });
});

describe('transfer reversals', () => {
  it('takes part, then the rest, back to the platform and refuses more', async () => {
    const seller = await onboardedAccount(stripe);
    await paidIntent(stripe, 1000);
    const platformBefore = await availableUsd(stripe);
    const sent = await transfer(seller, 1000);
    const part = await stripe.transfers.createReversal(sent.id, { amount: 400, metadata: { reason: 'refund' } });
    expect(part).toMatchObject({ object: 'transfer_reversal', amount: 400, currency: 'usd', transfer: sent.id, metadata: { reason: 'refund' } });
    expect(part.id).toMatch(/^trr_/);
    expect(await rejection(stripe.transfers.createReversal(sent.id, { amount: 601 }))).toMatchObject({ statusCode: 400, param: 'amount' });
    const rest = await stripe.transfers.createReversal(sent.id);
    expect(rest.amount).toBe(600);
    expect(await stripe.transfers.retrieve(sent.id)).toMatchObject({ amount_reversed: 1000, reversed: true });
    expect((await stripe.transfers.listReversals(sent.id)).data.map((item) => item.id)).toEqual([rest.id, part.id]);
    expect(await rejection(stripe.transfers.createReversal(sent.id))).toMatchObject({ statusCode: 400 });
    expect(await availableUsd(stripe)).toBe(platformBefore);
    expect(await availableUsd(stripe, seller)).toBe(0);
    expect(await rejection(stripe.transfers.createReversal('tr_unknown'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
