import fc from 'fast-check';
import { recordSucceededIntent } from '../src/payments/webhook';
import { applyAccountUpdate } from '../src/payouts/accounts';
import { onPayoutEvent } from '../src/payouts/events';
import { addProduct, ADMIN_EMAIL, buildSecondApp, buildTestApp, paymentIntentFor, signUp, type Actor, type TestApp } from './helper';
import { DAY, HOUR, MINUTE, MovableClock, move, orderAs } from './orderSupport';

/**
 * Random sequences of what happens to orders (bookings, payments and their replays, every move
 * by every side, deadlines passing, two sweeps at once) and to payouts (withdrawals, runs in two
 * processes at once, the bank paying or failing, failing after paying, replayed events, answers
 * lost and resumed) in random orders, with duplicates. After every step the ledger must balance,
 * each order's money must match its state, no step may be booked twice, no seller may be paid
 * more than they earned, and the provider's money must agree with the ledger.
 */

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let second: Awaited<ReturnType<typeof buildSecondApp>>;
let run = 0;
let sellerAccount = '';
/** The last payout event delivered, to replay. */
let lastEvent: Parameters<typeof onPayoutEvent> | undefined;
/** Every state some order was in after some step: the runs must have reached them all. */
const reached = new Set<string>();
const reachedPayouts = new Set<string>();

beforeAll(async () => {
  clock = new MovableClock();
  t = await buildTestApp({}, { clock });
  buyer = await signUp(t.app, 'buyer@test.dev', 'Buyer');
  seller = await signUp(t.app, 'seller@test.dev', 'seller');
  admin = await signUp(t.app, ADMIN_EMAIL, 'Buyer');
  // Another API process on the same database, for two sweeps at once.
  second = await buildSecondApp(t);
  // The seller has an active payout account.
  await t.app.inject({ method: 'POST', url: '/payout-account/link', headers: seller.headers });
  [{ provider_account_id: sellerAccount }] = await t.testDb.db.query<{ provider_account_id: string }>('select provider_account_id from payout_accounts');
  await applyAccountUpdate(t.app.payouts.deps(t.app.log), t.stripe.connect.onboard(sellerAccount), 1);
  // Bundles of two: 10 % off, $1 for the second book's shipping.
  await t.app.inject({ method: 'PUT', url: '/shop-policy', headers: seller.headers, payload: { additionalShipping: 1, discounts: [{ minBooks: 2, percent: 10 }] } });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const ORDERS = 4;
/** `LEDGER_PROPERTY_RUNS` (40): more runs, found locally with another `LEDGER_PROPERTY_SEED`, take longer. */
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 40);

type Step =
  | { op: 'book'; order: number; shipping: boolean }
  // Two books (this order's and the next) checked out as one order of two lines, at the seller's bundle terms.
  | { op: 'bundle'; order: number; shipping: boolean }
  | { op: 'pay'; order: number }
  | { op: 'replay'; order: number }
  | { op: 'move'; order: number; who: 'buyer' | 'seller' | 'admin'; to: string }
  | { op: 'handover'; order: number }
  | { op: 'progress'; order: number; pick: number }
  | { op: 'elapse'; hours: number }
  | { op: 'sweepTwice' }
  | { op: 'withdraw' }
  | { op: 'payoutRun' }
  | { op: 'settle'; pick: number }
  | { op: 'failPaid'; pick: number }
  | { op: 'replayPayout' }
  | { op: 'bank'; failing: boolean }
  | { op: 'loseAnswer'; of: 'transfer' | 'payout' }
  | { op: 'resume' };

const order = fc.integer({ min: 0, max: ORDERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('book' as const), order, shipping: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('bundle' as const), order, shipping: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('pay' as const), order }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replay' as const), order }) },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('move' as const),
      order,
      who: fc.constantFrom('buyer' as const, 'seller' as const, 'admin' as const),
      to: fc.constantFrom('cancelled', 'ready', 'shipped', 'received', 'disputed', 'completed', 'refunded'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('handover' as const), order }) },
  // One of the moves the order offers someone now, as its page would: this is what reaches deep states.
  { weight: 12, arbitrary: fc.record({ op: fc.constant('progress' as const), order, pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('elapse' as const), hours: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'sweepTwice' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'withdraw' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'payoutRun' as const }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('settle' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('failPaid' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'replayPayout' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('bank' as const), failing: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('loseAnswer' as const), of: fc.constantFrom('transfer' as const, 'payout' as const) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'resume' as const }) },
);

/** Delivers a payout event as the webhook would (and keeps it, to replay). */
async function deliver(type: 'payout.paid' | 'payout.failed', payoutId: string) {
  const payout = t.stripe.connect.payouts.get(payoutId);
  if (!payout) return;
  lastEvent = [t.app.payouts.deps(t.app.log), type, { ...payout, metadata: { ...payout.metadata } }, payout.account];
  await onPayoutEvent(...lastEvent);
}

interface Books {
  bookIds: string[];
  bookings: (string | undefined)[];
  intents: (string | undefined)[];
}

async function apply(books: Books, s: Step): Promise<void> {
  const actor = (who: 'buyer' | 'seller' | 'admin') => ({ buyer, seller, admin })[who];
  switch (s.op) {
    case 'book': {
      const answer = await t.app.inject({
        method: 'POST', url: '/bookings', headers: buyer.headers,
        payload: { bookId: books.bookIds[s.order], email: buyer.email, ...(s.shipping && { delivery: { method: 'shipping', address: '1 Main St' } }) },
      });
      if (answer.statusCode === 200) books.bookings[s.order] = answer.json<{ insertedId: string }>().insertedId;
      return;
    }
    case 'bundle': {
      const pair = [books.bookIds[s.order], books.bookIds[(s.order + 1) % ORDERS]];
      await t.testDb.db.query('delete from bundle_items where buyer_id = $1', [buyer.id]);
      for (const bookId of pair) await t.app.inject({ method: 'PUT', url: `/bundles/${seller.id}/books/${bookId}`, headers: buyer.headers });
      const answer = await t.app.inject({
        method: 'POST', url: `/bundles/${seller.id}/checkout`, headers: buyer.headers,
        payload: { email: buyer.email, delivery: s.shipping ? { method: 'shipping', address: '1 Main St' } : { method: 'meetup' } },
      });
      // Refused (a book sold, or booked alone and unpaid) or made, never a failure of the server.
      expect(answer.statusCode).toBeLessThan(500);
      if (answer.statusCode === 200) books.bookings[s.order] = answer.json<{ _id: string }>()._id;
      return;
    }
    case 'pay': {
      const bookingId = books.bookings[s.order];
      if (!bookingId) return;
      let intentId: string;
      try {
        intentId = await paymentIntentFor(t.app, buyer, bookingId);
      } catch {
        return; // not payable now (paid, cancelled, expired, sold)
      }
      t.stripe.succeed(intentId);
      books.intents[s.order] = intentId;
      await t.app.inject({ method: 'POST', url: '/payment', headers: buyer.headers, payload: { bookingId, transactionId: intentId } });
      return;
    }
    case 'replay': {
      // The provider's webhook for a charge, again: it must book nothing twice.
      const intentId = books.intents[s.order];
      if (!intentId) return;
      const intent = await t.stripe.paymentIntents.retrieve(intentId);
      const deps = { db: t.app.db, provider: t.stripe, log: t.app.log, clock, deadlines: t.app.orders.deadlines, commission: t.app.orders.commission, told: () => undefined };
      await recordSucceededIntent(deps, { id: intent.id, metadata: intent.metadata });
      return;
    }
    case 'move': {
      const bookingId = books.bookings[s.order];
      if (!bookingId) return;
      const answer = await move(t.app, actor(s.who), bookingId, { to: s.to, reason: 'Because' });
      // Refused or done, never a failure of the server.
      expect(answer.statusCode).toBeLessThan(500);
      return;
    }
    case 'handover': {
      const bookingId = books.bookings[s.order];
      if (!bookingId) return;
      const code = (await orderAs(t.app, buyer, bookingId)).handoverCode ?? '000000';
      await move(t.app, seller, bookingId, { to: 'received', code });
      return;
    }
    case 'progress': {
      const bookingId = books.bookings[s.order];
      if (!bookingId) return;
      // A booked order is mostly paid for (its only move is a cancel).
      if ((await orderAs(t.app, buyer, bookingId)).state === 'booked' && s.pick % 4 !== 0) {
        await apply(books, { op: 'pay', order: s.order });
        return;
      }
      const offered: { who: Actor; to: string }[] = [];
      for (const who of [buyer, seller, admin]) {
        for (const to of (await orderAs(t.app, who, bookingId)).actions) offered.push({ who, to });
      }
      if (offered.length === 0) return;
      const { who, to } = offered[s.pick % offered.length];
      const code = to === 'received' && who === seller ? (await orderAs(t.app, buyer, bookingId)).handoverCode : undefined;
      const answer = await move(t.app, who, bookingId, { to, reason: 'Because', ...(code && { code }) });
      // An offered move may lose to nothing here (one actor, one step at a time): it succeeds.
      expect({ to, status: answer.statusCode, body: answer.statusCode === 200 ? '' : answer.body }).toEqual({ to, status: 200, body: '' });
      return;
    }
    case 'elapse':
      clock.advance(s.hours * HOUR);
      await t.app.orders.sweep();
      return;
    case 'sweepTwice':
      clock.advance(DAY);
      await Promise.all([t.app.orders.sweep(), second.app.orders.sweep()]);
      return;
    case 'withdraw': {
      const answer = await t.app.inject({ method: 'POST', url: '/payouts', headers: seller.headers });
      expect([200, 409]).toContain(answer.statusCode);
      return;
    }
    case 'payoutRun':
      await Promise.all([t.app.payouts.run(), second.app.payouts.run()]);
      return;
    case 'settle': {
      const pending = [...t.stripe.connect.payouts.values()].filter((payout) => payout.status === 'pending');
      if (pending.length === 0) return;
      const settled = t.stripe.connect.settle(pending[s.pick % pending.length].id);
      await deliver(settled.status === 'paid' ? 'payout.paid' : 'payout.failed', settled.id);
      return;
    }
    case 'failPaid': {
      const paid = [...t.stripe.connect.payouts.values()].filter((payout) => payout.status === 'paid');
      if (paid.length === 0) return;
      await deliver('payout.failed', t.stripe.connect.failAfterPaid(paid[s.pick % paid.length].id).id);
      return;
    }
    case 'replayPayout':
      if (lastEvent) await onPayoutEvent(...lastEvent);
      return;
    case 'bank': {
      const account = t.stripe.connect.accounts.get(sellerAccount);
      if (account) account.bank = s.failing ? '000111111116' : '000123456789';
      return;
    }
    case 'loseAnswer':
      t.stripe.connect.lostAnswer.add(s.of);
      return;
    case 'resume':
      clock.advance(2 * MINUTE);
      await Promise.all([t.app.payouts.tick(), second.app.payouts.tick()]);
  }
}

const OWED_PENDING = ['paid', 'ready', 'shipped', 'received', 'disputed'];

async function checkInvariants(books: Books): Promise<void> {
  const db = t.testDb.db;
  // The ledger balances, as a whole and transaction by transaction.
  const [sums] = await db.query<{ total: string; unbalanced: number }>(
    `select coalesce(sum(amount_cents), 0)::text as total,
       (select count(*)::int from (select 1 from ledger_entries group by transaction_id having sum(amount_cents) <> 0) u) as unbalanced
     from ledger_entries`,
  );
  expect(sums).toEqual({ total: '0', unbalanced: 0 });
  // No step is booked twice for an order or a payout.
  expect(await db.query('select booking_id, kind from ledger_transactions where booking_id is not null group by booking_id, kind having count(*) > 1')).toEqual([]);
  expect(await db.query('select payout_id, kind from ledger_transactions where payout_id is not null group by payout_id, kind having count(*) > 1')).toEqual([]);
  // Each order's money matches its state.
  for (const bookingId of books.bookings) {
    if (!bookingId) continue;
    const [row] = await db.query<{ state: string; total: number; commission: number | null; pending: number; available: number; provider: number }>(
      `select k.state, k.resale_price_cents + k.shipping_cents as total, k.commission_cents as commission,
         coalesce(-sum(e.amount_cents) filter (where e.account = 'seller_pending'), 0)::int as pending,
         coalesce(-sum(e.amount_cents) filter (where e.account = 'seller_available'), 0)::int as available,
         coalesce(sum(e.amount_cents) filter (where e.account = 'provider'), 0)::int as provider
       from bookings k left join ledger_entries e on e.booking_id = k.id where k.id = $1
       group by k.state, k.resale_price_cents, k.shipping_cents, k.commission_cents`,
      [bookingId],
    );
    const owed = row.total - (row.commission ?? 0);
    expect({ bookingId, state: row.state, pending: row.pending, available: row.available }).toEqual({
      bookingId,
      state: row.state,
      pending: OWED_PENDING.includes(row.state) ? owed : 0,
      available: row.state === 'completed' ? owed : 0,
    });
    // The provider holds the charge while the sale stands, nothing once refunded or never paid.
    expect(row.provider).toBe(OWED_PENDING.includes(row.state) || row.state === 'completed' ? row.total : 0);
  }
  // What reached the seller's account at the provider: never more than they earned (released to
  // available), and exactly what the ledger has on its way and paid out, less payouts set up whose
  // transfer never happened (the provider refused it, or it is still to be resumed).
  const netTransfers = [...t.stripe.connect.transfers.values()].reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
  const [{ released }] = await db.query<{ released: number }>(
    `select coalesce(-sum(e.amount_cents), 0)::int as released from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
     where x.kind = 'release' and e.account = 'seller_available' and e.seller_id = $1`,
    [seller.id],
  );
  expect(netTransfers).toBeLessThanOrEqual(released);
  const open = await db.query<{ id: string; amount_cents: number }>("select id, amount_cents::int as amount_cents from payouts where state = 'created'");
  const untransferred = open
    .filter((payout) => ![...t.stripe.connect.transfers.values()].some((transfer) => transfer.metadata.payoutId === payout.id))
    .reduce((sum, payout) => sum + payout.amount_cents, 0);
  const sellerBalance = (await t.app.inject({ url: '/earnings', headers: seller.headers })).json<{ balance: Record<string, number> }>().balance;
  expect(netTransfers).toBe(Math.round((sellerBalance.inTransit + sellerBalance.paidOut) * 100) - untransferred);
  // The provider agrees with the ledger: what was charged for recorded payments, less what it
  // refunded, less what left for the seller.
  const [ledgerProvider] = await db.query<{ cents: string }>("select coalesce(sum(amount_cents), 0)::text as cents from ledger_entries where account = 'provider'");
  const payments = await db.query<{ transaction_id: string }>('select transaction_id from payments');
  let atProvider = 0;
  for (const { transaction_id: intentId } of payments) {
    const intent = t.stripe.intents.get(intentId);
    if (!intent) continue;
    atProvider += intent.amount - t.stripe.refundsOf(intentId).reduce((sum, refund) => sum + refund.amount, 0);
  }
  expect(Number(ledgerProvider.cents)).toBe(atProvider - netTransfers - untransferred);
  // The seller's balance is the sum of what each order owes them, never negative.
  for (const part of ['pending', 'available', 'inTransit', 'paidOut']) expect(sellerBalance[part]).toBeGreaterThanOrEqual(0);
}

it('keeps the ledger balanced and true to every order, whatever happens in whatever order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 80 }), async (steps) => {
      run += 1;
      const books: Books = { bookIds: [], bookings: [], intents: [] };
      for (let i = 0; i < ORDERS; i += 1) {
        books.bookIds.push(
          await addProduct(t.app, seller, {
            name: `Run ${run} book ${i}`, price: 1 + ((run * 7 + i * 13) % 40), delivery: { meetup: true, shipping: true, shippingPrice: i },
          }),
        );
      }
      // Every book is booked first (half of them as parcels); a later `book` books it again once that order ended.
      for (let i = 0; i < ORDERS; i += 1) await apply(books, { op: 'book', order: i, shipping: i % 2 === 1 });
      for (const s of steps) {
        await apply(books, s);
        await checkInvariants(books);
        const states = await t.testDb.db.query<{ state: string }>('select distinct state from bookings where id = any($1::text[])', [
          books.bookings.filter(Boolean),
        ]);
        for (const { state } of states) reached.add(state);
        for (const { state } of await t.testDb.db.query<{ state: string }>('select distinct state from payouts')) reachedPayouts.add(state);
      }
    }),
    { numRuns: RUNS, seed: Number(process.env.LEDGER_PROPERTY_SEED ?? 20261127) },
  );
  // Orders of two books were paid and carried to their end, or refunded.
  const bundles = await t.testDb.db.query<{ state: string }>(
    'select distinct k.state from bookings k where exists (select 1 from order_lines l where l.booking_id = k.id)',
  );
  expect(bundles.map((row) => row.state)).toEqual(expect.arrayContaining(['completed', 'refunded']));
  // The sequences went everywhere an order and a payout can go.
  expect([...reachedPayouts].sort()).toEqual(['created', 'failed', 'in_transit', 'paid']);
  // The sequences went everywhere an order can go.
  expect([...reached].sort()).toEqual(
    expect.arrayContaining(['booked', 'cancelled', 'completed', 'disputed', 'expired', 'paid', 'received', 'refunded']),
  );
}, Math.max(180_000, RUNS * 4_500)); // a bound for a hang, not for speed: a busy machine takes several times longer
