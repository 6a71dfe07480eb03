import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/server';
import type { Db } from '../src/db/db';
import { postCharges, postReleases } from '../src/ledger/postings';
import { startApiProcess, stopAll } from './apiProcess';
import { EMULATOR_PROJECT, startAuthEmulatorStandIn, type AuthEmulatorStandIn } from './authEmulatorStandIn';
import { pgliteTarget, postgresTarget, type Target } from './processTargets';

/**
 * The payout run killed with SIGKILL while it sends transfers and payouts to the payment sandbox
 * (the real one, through the real SDK), then the API started again on the same data with a run
 * due: every seller ends with exactly one transfer and one payout at the provider, of what they
 * had available, the half-sent payouts are finished with their first keys, and the provider's
 * balance equals the ledger's.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const SELLERS = 120;
const EARNED = 920; // a $10.00 sale at 8 %: what each seller has available, in cents
const SANDBOX_KEY = 'sk_test_sandbox';

jest.setTimeout(240_000);

let emulator: AuthEmulatorStandIn;
let paymentSandbox: StripeSandbox;
let stripe: Stripe;
let target: Target;

beforeAll(async () => {
  emulator = await startAuthEmulatorStandIn();
  // Payouts stay pending: no webhook is sent here, the provider's own records are read.
  paymentSandbox = await startStripeSandbox({ port: 0, host: '127.0.0.1', secretKey: SANDBOX_KEY, payoutSettleMs: 600_000 });
  stripe = new Stripe(SANDBOX_KEY, { host: '127.0.0.1', port: paymentSandbox.port, protocol: 'http', telemetry: false });
  target = postgresUrl ? await postgresTarget(postgresUrl, 'payoutcrash') : await pgliteTarget('payoutcrash');
});
afterAll(async () => {
  await stopAll();
  await emulator?.close();
  await paymentSandbox?.close();
  await target?.drop();
});

const apiEnv = (extra: Record<string, string>) => ({
  ...target.env,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
  JWT_SECRET: 'payout-crash-secret-that-is-long-enough-for-hs256',
  STRIPE_SECRET_KEY: SANDBOX_KEY,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(paymentSandbox.port),
  STRIPE_API_PROTOCOL: 'http',
  IMAGE_SWEEP_INTERVAL_MINUTES: '0',
  ORDER_SWEEP_INTERVAL_MS: '0',
  RECONCILE_EVERY: 'off',
  ...extra,
});

const hex = (n: number) => n.toString(16).padStart(24, '0');

/** A connected account onboarded on the sandbox's hosted page, as a seller would. */
async function onboardedAccount(n: number): Promise<string> {
  const account = await stripe.accounts.create({ type: 'express', country: 'US', email: `seller${n}@crash.test` });
  const link = await stripe.accountLinks.create({
    account: account.id, refresh_url: 'http://127.0.0.1/refresh', return_url: 'http://127.0.0.1/return', type: 'account_onboarding',
  });
  const form = new URLSearchParams({
    first_name: 'Seller', last_name: String(n), routing_number: '110000000', account_number: '000123456789', tos_acceptance: 'accepted',
  });
  const page = await fetch(link.url, { method: 'POST', body: form, redirect: 'manual' });
  expect(page.status).toBe(303);
  return account.id;
}

/** `SELLERS` sellers with an active account and one completed $10 sale each, charged at the sandbox. */
async function payableSellers(db: Db): Promise<string[]> {
  const intent = await stripe.paymentIntents.create({ amount: SELLERS * 1000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
  expect(intent.status).toBe('succeeded');
  const sellers = Array.from({ length: SELLERS }, (_, n) => hex(0x30000 + n));
  const accounts: string[] = [];
  for (let n = 0; n < SELLERS; n += 1) accounts.push(await onboardedAccount(n));
  await db.query(
    `insert into users (id, name, email, role) select id, 'Seller', 'seller-' || id || '@crash.test', 'seller' from unnest($1::text[]) as id`,
    [sellers],
  );
  await db.query(`insert into users (id, name, email, role) values ($1, 'Buyer', 'buyer@crash.test', 'Buyer')`, [hex(1)]);
  await db.query(
    `insert into payout_accounts (seller_id, provider_account_id, charges_enabled, payouts_enabled, details_submitted, created_at)
     select s, a, true, true, true, now() from unnest($1::text[], $2::text[]) as t(s, a)`,
    [sellers, accounts],
  );
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
       seller_name, number, uses, date, sold)
     select 'b' || substr(id, 2), (select category from categories order by position limit 1), 'Payout ' || id, 'https://img.example/c.png',
       'Here', 1000, 1000, id, 'seller-' || id || '@crash.test', 'Seller', '1', '1 year', '2026-01-01', true
     from unnest($1::text[]) as id`,
    [sellers],
  );
  await db.query(
    `insert into bookings (id, book_id, buyer_id, seller_id, email, cus_tomername, location, phone, book_name,
       resale_price_cents, img, paid, state, state_at)
     select 'c' || substr(id, 2), 'b' || substr(id, 2), $2, id, 'buyer@crash.test', 'Buyer', 'Here', '1', 'Payout ' || id, 1000, 'x',
       true, 'completed', now()
     from unnest($1::text[]) as id`,
    [sellers, hex(1)],
  );
  const orders = sellers.map((id) => `c${id.slice(1)}`);
  await db.transaction(async (tx) => {
    await postCharges(tx, orders, new Date(), { percent: 8, minCents: 50 });
    await postReleases(tx, orders, new Date());
  });
  return accounts;
}

/** Every transfer the sandbox made, all pages. */
async function allTransfers(): Promise<Stripe.Transfer[]> {
  const transfers: Stripe.Transfer[] = [];
  for await (const transfer of stripe.transfers.list({ limit: 100 })) transfers.push(transfer);
  return transfers;
}

/** The schedule that fell due a minute ago (UTC), so a started API runs the payouts at once. */
function dueJustNow(): string {
  const at = new Date(Date.now() - 60_000);
  const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][at.getUTCDay()];
  return `${day} ${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

it('pays every seller once after a kill -9 mid-run and a restart: nothing twice, nothing lost', async () => {
  const setup = await startApiProcess(apiEnv({ PAYOUT_TICK_MS: '0' }));
  expect((await setup.stop()).code).toBe(0);
  let db = await target.open();
  const accounts = await payableSellers(db);
  await db.close();

  // The first process runs last Monday's payouts; it is killed once a few transfers went out.
  const first = await startApiProcess(apiEnv({ PAYOUT_TICK_MS: '200', PAYOUT_SCHEDULE: 'monday' }));
  const deadline = Date.now() + 60_000;
  let transfersBeforeKill = 0;
  for (;;) {
    transfersBeforeKill = (await stripe.transfers.list({ limit: 20 })).data.length;
    if (transfersBeforeKill >= 5) break;
    if (Date.now() > deadline) throw new Error('the payout run sent nothing within a minute');
    await sleep(2);
  }
  expect((await first.kill9()).signal).toBe('SIGKILL');

  db = await target.open();
  const [left] = await db.query<{ created: number; sent: number }>(
    "select count(*) filter (where state = 'created')::int as created, count(*) filter (where state = 'in_transit')::int as sent from payouts",
  );
  await db.close();
  expect(left.sent).toBeLessThan(SELLERS);

  // Started again with a run due now: the half-sent payouts are resumed, the others paid.
  const second = await startApiProcess(apiEnv({ PAYOUT_TICK_MS: '200', PAYOUT_SCHEDULE: dueJustNow(), PAYOUT_RESUME_AFTER: 'PT1S' }));
  // Watched at the provider (the database is the API's while it runs).
  const settleBy = Date.now() + 120_000;
  for (;;) {
    const made = (await allTransfers()).length;
    if (made >= SELLERS) break;
    if (Date.now() > settleBy) throw new Error(`only ${made} of ${SELLERS} transfers were made:\n${second.output.slice(-20).join('\n')}`);
    await sleep(250);
  }
  // The run that made the last transfer records its payout.
  await sleep(1_000);
  expect((await second.stop()).code).toBe(0);

  db = await target.open();
  try {
    const payouts = await db.query<{ id: string; seller_id: string; amount_cents: number; transfer_id: string; provider_account_id: string }>(
      'select id, seller_id, amount_cents::int as amount_cents, transfer_id, provider_account_id from payouts',
    );
    expect(payouts).toHaveLength(SELLERS);
    expect(await db.query("select 1 from payouts where state <> 'in_transit'")).toEqual([]);
    expect(new Set(payouts.map((payout) => payout.seller_id)).size).toBe(SELLERS);
    expect(payouts.every((payout) => payout.amount_cents === EARNED)).toBe(true);
    // One transfer per payout at the provider, the one the payout recorded, and nothing else.
    const transfers = await allTransfers();
    expect(transfers).toHaveLength(SELLERS);
    expect(transfers.map((transfer) => transfer.id).sort()).toEqual(payouts.map((payout) => payout.transfer_id).sort());
    // One payout per connected account, of the whole amount.
    for (const account of accounts.slice(0, 30)) {
      const made = await stripe.payouts.list({ limit: 10 }, { stripeAccount: account });
      expect(made.data.map((payout) => payout.amount)).toEqual([EARNED]);
    }
    // The ledger balances, and the platform's balance at the provider is the ledger's.
    const [{ total, provider }] = await db.query<{ total: string; provider: string }>(
      "select sum(amount_cents)::text as total, sum(amount_cents) filter (where account = 'provider')::text as provider from ledger_entries",
    );
    expect(total).toBe('0');
    const balance = await stripe.balance.retrieve();
    expect(balance.available.reduce((sum, fund) => sum + fund.amount, 0) + balance.pending.reduce((sum, fund) => sum + fund.amount, 0)).toBe(Number(provider));
    console.info(`payout crash (${postgresUrl ? 'PostgreSQL' : 'PGlite'}): killed after ${transfersBeforeKill} transfers; ${left.created} payouts half-sent, ${left.sent} sent`);
  } finally {
    await db.close();
  }
});
