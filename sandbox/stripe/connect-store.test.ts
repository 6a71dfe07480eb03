/**
 * Connect state in the data dir: accounts, transfers, balances and a payout still pending survive
 * a restart (the payout then settles in the new process), and a snapshot written before Connect
 * existed loads with its charges and refunds counted in the platform's balance.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { type StripeSandbox, startStripeSandbox } from './server';
import { availableUsd, eventually, onboardedAccount, paidIntent, rejection, sdk, startReceiver, verifiedEvent } from './test-kit';

const WEBHOOK_SECRET = 'whsec_store_test';
let dataDir: string;
const running: StripeSandbox[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-connect-'));
});

afterEach(async () => {
  while (running.length > 0) await running.pop()?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startStripeSandbox>[0] = {}): Promise<{ sandbox: StripeSandbox; stripe: Stripe }> {
  const sandbox = await startStripeSandbox({ port: 0, dataDir, ...options });
  running.push(sandbox);
  return { sandbox, stripe: sdk(sandbox) };
}

describe('Connect state in the data dir', () => {
  it('keeps accounts, transfers and balances, and settles a pending payout after a restart', async () => {
    const first = await start({ payoutSettleMs: 200 });
    const seller = await onboardedAccount(first.stripe);
    await paidIntent(first.stripe, 5000);
    const transfer = await first.stripe.transfers.create({ amount: 3000, currency: 'usd', destination: seller }, { idempotencyKey: 'tr-1' });
    const payout = await first.stripe.payouts.create({ amount: 1000, currency: 'usd' }, { stripeAccount: seller });
    await first.sandbox.close();
    running.pop();
    const saved = JSON.parse(readFileSync(join(dataDir, 'stripe-sandbox.json'), 'utf8')) as { payouts: Array<{ payout: Stripe.Payout }> };
    expect(saved.payouts.map((stored) => stored.payout.status)).toEqual(['pending']);

    const receiver = await startReceiver();
    try {
      const second = await start({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
      expect(await second.stripe.accounts.retrieve(seller)).toMatchObject({ payouts_enabled: true, capabilities: { transfers: 'active' } });
      expect(await second.stripe.transfers.retrieve(transfer.id)).toEqual(transfer);
      expect(await availableUsd(second.stripe)).toBe(2000);
      expect(await availableUsd(second.stripe, seller)).toBe(2000);

      await eventually(async () => {
        const current = await second.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: seller });
        return current.status === 'paid' ? current : undefined;
      });
      await second.sandbox.webhooksSettled();
      const events = receiver.received.map((delivery) => verifiedEvent(delivery, WEBHOOK_SECRET));
      expect(events).toEqual([expect.objectContaining({ type: 'payout.paid', account: seller })]);
      expect(await availableUsd(second.stripe, seller)).toBe(2000);
    } finally {
      await receiver.close();
    }
  });

  it('loads a snapshot from before Connect: its charges and refunds make the platform balance', async () => {
    const first = await start();
    const paid = await paidIntent(first.stripe, 4000);
    await first.stripe.refunds.create({ payment_intent: paid.id, amount: 1500 });
    await first.sandbox.close();
    running.pop();
    // What the sandbox wrote before Connect: no accounts, transfers, payouts or ledger keys.
    const file = join(dataDir, 'stripe-sandbox.json');
    const { paymentIntents, paymentMethods, refunds } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ paymentIntents, paymentMethods, refunds }));

    const second = await start();
    expect(await availableUsd(second.stripe)).toBe(2500);
    expect(await rejection(second.stripe.accounts.retrieve('acct_any'))).toMatchObject({ statusCode: 404 });
    expect((await second.stripe.transfers.list()).data).toEqual([]);
    await second.sandbox.close();
    running.pop();
    // Booked once: loading again finds the same balance.
    const third = await start();
    expect(await availableUsd(third.stripe)).toBe(2500);
  });
});
