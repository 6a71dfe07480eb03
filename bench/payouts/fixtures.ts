/**
 * What the payout benches put into the database and the payment sandbox, as the shop would have
 * made it: completed $10.00 sales booked in the ledger by the order steps' own postings (charge,
 * then release), a seller's weekly payouts with theirs, and connected accounts onboarded on the
 * sandbox's hosted page.
 */
import type Stripe from 'stripe';
import type { Db, Queryable } from '../../server/src/db/db';
import { postPayout, postPayoutPaid } from '../../server/src/ledger/payoutPostings';
import { postCharges, postReleases } from '../../server/src/ledger/postings';
import { DEFAULT_COMMISSION } from '../../server/src/ledgerConfig';
import { hexId } from '../orders/fixtures';

export const PRICE_CENTS = 1000;
/** What a seller keeps of one sale at the default commission. */
export const EARNED_CENTS =
  PRICE_CENTS - Math.max(Math.round((PRICE_CENTS * DEFAULT_COMMISSION.percent) / 100), DEFAULT_COMMISSION.minCents);
const BUYER = hexId(1);
const DAY_MS = 86_400_000;

/** `count` ids counted up from `first`. */
export const idsFrom = (first: number, count: number) => Array.from({ length: count }, (_, n) => hexId(first + n));

async function insertUsers(db: Queryable, ids: readonly string[], role: 'seller' | 'Buyer'): Promise<void> {
  await db.query(
    `insert into users (id, name, email, role) select id, 'Bench ' || id, id || '@payouts.bench', $2 from unnest($1::text[]) as id
     on conflict do nothing`,
    [ids, role],
  );
}

/** A completed, paid order of one $10.00 book for each (order, seller) pair; nothing booked yet. */
async function insertCompletedOrders(db: Queryable, orders: readonly string[], sellers: readonly string[]): Promise<void> {
  await insertUsers(db, [BUYER], 'Buyer');
  const [{ category }] = await db.query<{ category: string }>('select category from categories order by position limit 1');
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id, seller_email,
       seller_name, number, uses, date, sold)
     select 'b' || substr(t.id, 2), $3, 'Bench ' || t.id, 'https://img.example/p.png', 'Here', $4, $4, t.seller,
       t.seller || '@payouts.bench', 'Bench', '1', '1 year', '2026-01-01', true
     from unnest($1::text[], $2::text[]) as t(id, seller)`,
    [orders, sellers, category, PRICE_CENTS],
  );
  await db.query(
    `insert into bookings (id, book_id, buyer_id, seller_id, email, cus_tomername, location, phone, book_name,
       resale_price_cents, img, paid, state, state_at)
     select t.id, 'b' || substr(t.id, 2), $3, t.seller, 'buyer@payouts.bench', 'Bench Buyer', 'Here', '1', 'Bench ' || t.id, $4, 'x',
       true, 'completed', now()
     from unnest($1::text[], $2::text[]) as t(id, seller)`,
    [orders, sellers, BUYER, PRICE_CENTS],
  );
}

/** The ledger's charge and release of each order, as its `paid` and `completed` steps book them. */
async function bookSales(tx: Queryable, orders: readonly string[], paidAt: Date, completedAt: Date): Promise<void> {
  await postCharges(tx, orders, paidAt, DEFAULT_COMMISSION);
  await postReleases(tx, orders, completedAt);
}

export interface History {
  /** The seller's own entries (what their earnings list shows). */
  sellerEntries: number;
  /** Every entry in the ledger. */
  ledgerEntries: number;
}

/**
 * `weeks` weeks of one seller's trade: each week `ordersPerWeek` sales charged and completed,
 * then paid out to them and arrived. Three entries of theirs per sale, four per payout. After
 * them, `others` other sellers with `othersEach` sales each, so the ledger is not theirs alone.
 * The seller gets an active payout account (no provider behind it: the earnings page reads it only).
 */
export async function insertSellerHistory(
  db: Db, seller: string, { weeks, ordersPerWeek, others, othersEach }: { weeks: number; ordersPerWeek: number; others: number; othersEach: number },
): Promise<History> {
  await db.query(
    `insert into payout_accounts (seller_id, provider_account_id, charges_enabled, payouts_enabled, details_submitted, created_at)
     values ($1, 'acct_bench_history', true, true, true, now())`,
    [seller],
  );
  const orders = idsFrom(0x200000, weeks * ordersPerWeek);
  await insertCompletedOrders(db, orders, orders.map(() => seller));
  const firstWeek = Date.now() - (weeks + 1) * 7 * DAY_MS;
  for (let week = 0; week < weeks; week += 1) {
    const day = (n: number) => new Date(firstWeek + (week * 7 + n) * DAY_MS);
    const sold = orders.slice(week * ordersPerWeek, (week + 1) * ordersPerWeek);
    const payout = { id: hexId(0x900000 + week), seller_id: seller, amount_cents: sold.length * EARNED_CENTS };
    await db.transaction(async (tx) => {
      await bookSales(tx, sold, day(0), day(3));
      await tx.query(
        `insert into payouts (id, seller_id, provider_account_id, amount_cents, state, origin, transfer_id, provider_payout_id,
           created_at, attempted_at, paid_at)
         values ($1, $2, 'acct_bench_history', $3, 'paid', 'schedule', 'tr_' || $1, 'po_' || $1, $4, $4, $5)`,
        [payout.id, seller, payout.amount_cents, day(7), day(9)],
      );
      await postPayout(tx, payout, day(7));
      await postPayoutPaid(tx, payout, day(9));
    });
  }
  const otherSellers = idsFrom(0x40000, others);
  await insertUsers(db, otherSellers, 'seller');
  const otherOrders = idsFrom(0x300000, others * othersEach);
  await insertCompletedOrders(db, otherOrders, otherOrders.map((_, n) => otherSellers[n % others]));
  await db.transaction((tx) => bookSales(tx, otherOrders, new Date(firstWeek), new Date(firstWeek + 3 * DAY_MS)));
  const [counts] = await db.query<{ mine: number; all: number }>(
    'select count(*) filter (where seller_id = $1)::int as mine, count(*)::int as all from ledger_entries',
    [seller],
  );
  return { sellerEntries: counts.mine, ledgerEntries: counts.all };
}

/** Runs `work` on each item, `limit` at a time. */
export async function eachAtMost<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A connected account onboarded on the sandbox's hosted page, as a seller would: its id. */
async function onboardedAccount(stripe: Stripe, n: number): Promise<string> {
  const account = await stripe.accounts.create({ type: 'express', country: 'US', email: `seller${n}@payouts.bench` });
  const link = await stripe.accountLinks.create({
    account: account.id, refresh_url: 'http://127.0.0.1/refresh', return_url: 'http://127.0.0.1/return', type: 'account_onboarding',
  });
  const form = new URLSearchParams({
    first_name: 'Seller', last_name: String(n), routing_number: '110000000', account_number: '000123456789', tos_acceptance: 'accepted',
  });
  const page = await fetch(link.url, { method: 'POST', body: form, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  await page.arrayBuffer();
  if (page.status !== 303) throw new Error(`onboarding ${account.id}: the hosted page answered ${page.status}`);
  return account.id;
}

export const onboardedAccounts = (stripe: Stripe, count: number) =>
  eachAtMost(Array.from({ length: count }, (_, n) => n), 16, (n) => onboardedAccount(stripe, n));

/**
 * One seller per account, its payout account active (as the provider's `account.updated` would
 * have made it), with one completed sale whose earning is available; the platform's balance at
 * the sandbox holds the sales' money (one card payment of their total). Answers the sellers.
 */
export async function insertPayableSellers(db: Db, stripe: Stripe, accounts: readonly string[]): Promise<string[]> {
  const intent = await stripe.paymentIntents.create({
    amount: accounts.length * PRICE_CENTS, currency: 'usd', payment_method: 'pm_card_visa', confirm: true,
  });
  if (intent.status !== 'succeeded') throw new Error(`funding the platform: the payment is ${intent.status}`);
  const sellers = idsFrom(0x50000, accounts.length);
  await insertUsers(db, sellers, 'seller');
  await db.query(
    `insert into payout_accounts (seller_id, provider_account_id, charges_enabled, payouts_enabled, details_submitted, created_at)
     select s, a, true, true, true, now() from unnest($1::text[], $2::text[]) as t(s, a)`,
    [sellers, accounts],
  );
  const orders = idsFrom(0x400000, accounts.length);
  await insertCompletedOrders(db, orders, sellers);
  await db.transaction((tx) => bookSales(tx, orders, new Date(Date.now() - 10 * DAY_MS), new Date(Date.now() - DAY_MS)));
  return sellers;
}
