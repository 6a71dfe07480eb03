/**
 * Payouts: a seller's connected account (its state only from `account.updated`), Withdraw, the
 * payout run, `payout.paid` / `payout.failed` (also after paid, replayed, out of order), a payout
 * half-sent by a process that died, the admin's list and retry, and the reconciliation.
 */
import { lastDue, parsePayoutSchedule } from '../src/payoutsConfig';
import { ConfigError, loadConfig } from '../src/config';
import { addProduct, bookingOf, pay, signUp, type Actor, type TestApp } from './helper';
import { DAY, MINUTE, type MovableClock, move, orderAs, orderShop, notificationsOf } from './orderSupport';
import { sendWebhook, webhookConfig } from './webhookSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop(webhookConfig));
});
afterAll(() => t.close());

const connect = () => t.stripe.connect;
const earnings = async (actor: Actor) => (await t.app.inject({ url: '/earnings', headers: actor.headers })).json();
const withdraw = (actor: Actor) => t.app.inject({ method: 'POST', url: '/payouts', headers: actor.headers });
const linkFor = (actor: Actor) => t.app.inject({ method: 'POST', url: '/payout-account/link', headers: actor.headers });
let eventSeconds = 1_800_000_000;

/** A signed Connect event, as the provider sends it. */
function connectEvent(type: string, object: object, account?: string, created = ++eventSeconds) {
  return sendWebhook(t, { id: `evt_${type}_${created}`, object: 'event', type, created, account, data: { object } });
}

/** A sale of `who`'s book (at `price`) carried to completed: its earning is available. */
async function completedSale(who: Actor, price = 20) {
  const bookId = await addProduct(t.app, who, { name: `Payout book ${++counter}`, price });
  const bookingId = await bookingOf(t.app, buyer, bookId);
  expect((await pay(t.app, t.stripe, buyer, bookingId)).response.statusCode).toBe(200);
  const code = (await orderAs(t.app, buyer, bookingId)).handoverCode;
  expect((await move(t.app, who, bookingId, { to: 'ready' })).statusCode).toBe(200);
  expect((await move(t.app, who, bookingId, { to: 'received', code })).statusCode).toBe(200);
  expect((await move(t.app, buyer, bookingId, { to: 'completed' })).statusCode).toBe(200);
  return bookingId;
}

/** The seller's account onboarded at the provider (with `bank`), and the provider's event sent. */
async function onboarded(who: Actor, bank?: string) {
  expect((await linkFor(who)).statusCode).toBe(200);
  const [row] = await t.testDb.db.query<{ provider_account_id: string }>('select provider_account_id from payout_accounts where seller_id = $1', [who.id]);
  const account = connect().onboard(row.provider_account_id, bank);
  expect((await connectEvent('account.updated', account, account.id)).json()).toEqual({ received: true, outcome: 'recorded' });
  return account.id;
}

const ledgerTotal = async () => Number((await t.testDb.db.query<{ s: string }>('select coalesce(sum(amount_cents), 0) as s from ledger_entries'))[0].s);

describe('a payout account', () => {
  it('starts with none; the link makes one account however often it is asked; its state comes from the provider\'s events only', async () => {
    const fresh = await signUp(t.app, 'fresh-seller@test.dev', 'seller');
    expect((await earnings(fresh)).account).toEqual({ state: 'none', due: [] });
    expect((await withdraw(fresh)).json()).toEqual({ message: 'Set up payouts first: there is no payout account to pay' });

    const [first, second] = await Promise.all([linkFor(fresh), linkFor(fresh)]);
    // Both answer a link: two at once used to fail the second insert of the account (a 500).
    expect([first, second].map((answer) => ({ status: answer.statusCode, url: typeof answer.json().url }))).toEqual([
      { status: 200, url: 'string' },
      { status: 200, url: 'string' },
    ]);
    expect(first.json().url).toMatch(/^https:\/\/connect\.test\/setup\/acct_/);
    expect(second.json().url).not.toBe(first.json().url);
    const rows = await t.testDb.db.query<{ provider_account_id: string }>('select provider_account_id from payout_accounts where seller_id = $1', [fresh.id]);
    expect(rows).toHaveLength(1);
    expect((await earnings(fresh)).account).toEqual({ state: 'pending', due: ['external_account', 'tos_acceptance.date'] });

    // Coming back from the onboarding page changes nothing: the provider's event does.
    const account = connect().onboard(rows[0].provider_account_id);
    expect((await earnings(fresh)).account.state).toBe('pending');
    await connectEvent('account.updated', account, account.id, 1_900_000_000);
    expect((await earnings(fresh)).account).toEqual({ state: 'active', due: [] });
    // An older event arriving late is ignored; a later one applies.
    const older = { ...account, payouts_enabled: false, requirements: { currently_due: ['external_account'] } };
    expect((await connectEvent('account.updated', older, account.id, 1_899_999_999)).json().outcome).toBe('ignored');
    expect((await earnings(fresh)).account.state).toBe('active');
    await connectEvent('account.updated', { ...older, details_submitted: true }, account.id, 1_900_000_001);
    expect((await earnings(fresh)).account).toEqual({ state: 'restricted', due: ['external_account'] });
  });

  it('is for sellers: a buyer is refused every payout route, a seller every admin one', async () => {
    for (const [method, url] of [['POST', '/payout-account/link'], ['POST', '/payouts']] as const) {
      expect((await t.app.inject({ method, url, headers: buyer.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    for (const [method, url] of [
      ['GET', '/admin/payouts'], ['GET', '/admin/payouts/waiting'], ['GET', '/admin/commission'],
      ['GET', '/admin/reconciliation'], ['POST', '/admin/reconciliation'], ['POST', '/admin/payouts/0123456789abcdef01234567/retry'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: seller.headers })).statusCode).toBe(403);
    }
  });
});

describe('paying a seller out', () => {
  let account: string;
  beforeAll(async () => {
    account = await onboarded(seller);
  });

  it('withdraws what is available: on its way, then paid out when the bank has it, told once', async () => {
    const bookingId = await completedSale(seller, 20);
    expect((await earnings(seller)).balance).toEqual({ pending: 0, available: 18.4, inTransit: 0, paidOut: 0 });
    const platformBefore = connect().platformCents();

    const payout = (await withdraw(seller)).json();
    expect(payout).toMatchObject({ sellerId: seller.id, amount: 18.4, state: 'in_transit', origin: 'withdraw' });
    expect((await earnings(seller)).balance).toEqual({ pending: 0, available: 0, inTransit: 18.4, paidOut: 0 });
    expect(connect().platformCents()).toBe(platformBefore - 1840);
    const [transfer] = [...connect().transfers.values()].filter((tr) => tr.metadata.payoutId === payout._id);
    expect(transfer).toMatchObject({ amount: 1840, destination: account, transfer_group: payout._id });
    // Nothing left: a second press is refused plainly.
    expect((await withdraw(seller)).json()).toEqual({ message: 'There is nothing available to pay out yet' });

    const [sent] = [...connect().payouts.values()].filter((po) => po.metadata?.payoutId === payout._id);
    const paid = connect().settle(sent.id);
    expect((await connectEvent('payout.paid', paid, account)).json().outcome).toBe('recorded');
    expect((await connectEvent('payout.paid', paid, account)).json().outcome).toBe('ignored');
    expect((await earnings(seller)).balance).toEqual({ pending: 0, available: 0, inTransit: 0, paidOut: 18.4 });
    const told = (await notificationsOf(t.app, seller)).filter((n) => n.kind.startsWith('payout_'));
    expect(told).toEqual([expect.objectContaining({ kind: 'payout_paid', amount: 18.4, payoutId: payout._id })]);

    // The seller's entries name the payout; the order's name the order.
    const entries = (await t.app.inject({ url: '/earnings/entries?limit=4', headers: seller.headers })).json();
    expect(entries.map((e: { kind: string; account: string; amount: number }) => [e.kind, e.account, e.amount])).toEqual([
      ['payout_paid', 'paidOut', 18.4], ['payout_paid', 'inTransit', -18.4], ['payout', 'inTransit', 18.4], ['payout', 'available', -18.4],
    ]);
    expect(entries[0]).toMatchObject({ payoutId: payout._id, bookingId: null });
    expect(bookingId).toBeTruthy();
    expect(await ledgerTotal()).toBe(0);
  });

  it('gives a failed payout back to available, also when it fails after it was paid, and tells the seller why', async () => {
    const other = await signUp(t.app, 'failing-seller@test.dev', 'seller');
    const otherAccount = await onboarded(other, '000111111116');
    await completedSale(other, 10);
    const payout = (await withdraw(other)).json();
    const [sent] = [...connect().payouts.values()].filter((po) => po.metadata?.payoutId === payout._id);
    const failed = connect().settle(sent.id);
    expect(failed.status).toBe('failed');
    expect((await connectEvent('payout.failed', failed, otherAccount)).json().outcome).toBe('recorded');
    expect((await connectEvent('payout.failed', failed, otherAccount)).json().outcome).toBe('ignored');
    // A late `payout.paid` for a failed payout changes nothing.
    expect((await connectEvent('payout.paid', { ...failed, status: 'paid' }, otherAccount)).json().outcome).toBe('ignored');
    expect((await earnings(other)).balance).toEqual({ pending: 0, available: 9.2, inTransit: 0, paidOut: 0 });
    const [transfer] = [...connect().transfers.values()].filter((tr) => tr.metadata.payoutId === payout._id);
    expect(transfer.amount_reversed).toBe(920);
    const told = (await notificationsOf(t.app, other)).find((n) => n.kind === 'payout_failed');
    expect(told).toMatchObject({ reason: 'No bank account could be located with those details.', amount: 9.2 });

    // The admin sees it first, and retries it (it fails again at this bank, which is the bank's word).
    const list = await t.app.inject({ url: '/admin/payouts', headers: admin.headers });
    expect(list.json()[0]).toMatchObject({ _id: payout._id, state: 'failed', failureCode: 'no_account', sellerEmail: 'failing-seller@test.dev' });
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const retried = await t.app.inject({ method: 'POST', url: `/admin/payouts/${payout._id}/retry`, headers: admin.headers });
    expect(retried.json()).toMatchObject({ state: 'in_transit', origin: 'retry', retryOf: payout._id, amount: 9.2 });
    const notFailed = await t.app.inject({ method: 'POST', url: `/admin/payouts/${retried.json()._id}/retry`, headers: admin.headers });
    expect(notFailed.statusCode).toBe(409);

    // Paid, then sent back by the bank: paid out goes back to available.
    const [again] = [...connect().payouts.values()].filter((po) => po.metadata?.payoutId === retried.json()._id);
    connect().accounts.get(otherAccount)!.bank = '000123456789';
    await connectEvent('payout.paid', connect().settle(again.id), otherAccount);
    expect((await earnings(other)).balance).toMatchObject({ available: 0, paidOut: 9.2 });
    await connectEvent('payout.failed', connect().failAfterPaid(again.id), otherAccount);
    expect((await earnings(other)).balance).toEqual({ pending: 0, available: 9.2, inTransit: 0, paidOut: 0 });
    expect(await ledgerTotal()).toBe(0);
  });

  it('fails a payout the provider refuses, and gives the money back', async () => {
    const refusedSeller = await signUp(t.app, 'refused-seller@test.dev', 'seller');
    const id = await onboarded(refusedSeller);
    await completedSale(refusedSeller, 5);
    // The provider no longer lets the account receive transfers, and no event said so yet.
    Object.assign(connect().accounts.get(id)!, { payouts_enabled: false });
    const payout = (await withdraw(refusedSeller)).json();
    expect(payout).toMatchObject({ state: 'failed', failureCode: 'account_invalid' });
    expect((await earnings(refusedSeller)).balance.available).toBe(4.5);
  });

  it('resumes a payout whose process never heard back, once, with the same keys', async () => {
    const lost = await signUp(t.app, 'lost-answer-seller@test.dev', 'seller');
    await onboarded(lost);
    await completedSale(lost, 30);
    connect().lostAnswer.add('transfer');
    const payout = (await withdraw(lost)).json();
    expect(payout.state).toBe('created');
    expect((await withdraw(lost)).json()).toEqual({ message: 'A payout is being sent already: try again in a minute' });
    // Not yet stale: nothing is resent.
    await t.app.payouts.tick();
    expect((await t.app.inject({ url: '/admin/payouts?limit=200', headers: admin.headers })).json().find((p: { _id: string }) => p._id === payout._id).state).toBe('created');
    clock.advance(2 * MINUTE);
    await t.app.payouts.tick();
    const transfers = [...connect().transfers.values()].filter((tr) => tr.metadata.payoutId === payout._id);
    expect(transfers).toHaveLength(1);
    expect([...connect().payouts.values()].filter((po) => po.metadata?.payoutId === payout._id)).toHaveLength(1);
    expect((await earnings(lost)).balance).toMatchObject({ available: 0, inTransit: 27.6 });
  });

  it('runs for every payable seller; two runs at once pay nobody twice', async () => {
    const sellers = await Promise.all([1, 2, 3].map((n) => signUp(t.app, `run-seller-${n}@test.dev`, 'seller')));
    for (const each of sellers) {
      await onboarded(each);
      await completedSale(each, 12);
    }
    const [a, b] = await Promise.all([t.app.payouts.run(), t.app.payouts.run()]);
    expect(a.paid + b.paid).toBeGreaterThanOrEqual(3);
    for (const each of sellers) {
      const rows = await t.testDb.db.query('select id from payouts where seller_id = $1', [each.id]);
      expect(rows).toHaveLength(1);
      expect((await earnings(each)).balance).toMatchObject({ available: 0, inTransit: 11.04 });
    }
  });

  it('reconciles: no difference after all that; a transfer nobody booked is reported, and nothing is corrected', async () => {
    const clean = (await t.app.inject({ method: 'POST', url: '/admin/reconciliation', headers: admin.headers })).json();
    expect(clean.differences).toEqual([]);
    expect(clean.checked.transfers).toBeGreaterThan(3);
    await connect().createTransfer({ amount: 100, destination: account, transferGroup: 'x', payoutId: 'none', sellerId: seller.id }, { idempotencyKey: 'stray' });
    const found = (await t.app.inject({ method: 'POST', url: '/admin/reconciliation', headers: admin.headers })).json();
    expect(found.differences.map((d: { kind: string }) => d.kind).sort()).toEqual(['balance', 'transfer']);
    expect((await t.app.inject({ url: '/admin/reconciliation', headers: admin.headers })).json()).toEqual(found);
    expect(await ledgerTotal()).toBe(0);
  });

  it('shows the admin the commission by month and the sellers whose money waits for an account', async () => {
    const waiting = await signUp(t.app, 'no-account-seller@test.dev', 'seller');
    await completedSale(waiting, 10);
    const rows = (await t.app.inject({ url: '/admin/payouts/waiting', headers: admin.headers })).json();
    expect(rows).toContainEqual({ sellerId: waiting.id, name: expect.any(String), email: 'no-account-seller@test.dev', available: 9.2, account: 'none' });
    const months = (await t.app.inject({ url: '/admin/commission', headers: admin.headers })).json();
    expect(months[0]).toEqual({ month: '2026-11', commission: expect.any(Number) });
    expect(months[0].commission).toBeGreaterThan(0);
  });
});

describe('the schedule', () => {
  it('reads PAYOUT_SCHEDULE, PAYOUT_MIN and the rest, refusing nonsense', () => {
    expect(parsePayoutSchedule('monday')).toEqual({ weekday: 1, minute: 0 });
    expect(parsePayoutSchedule('Fri 06:30')).toEqual({ weekday: 5, minute: 390 });
    expect(parsePayoutSchedule('off')).toBeNull();
    expect(parsePayoutSchedule('someday')).toBeUndefined();
    expect(loadConfig({ PAYOUT_MIN: '2.50' }).payoutMinCents).toBe(250);
    for (const env of [{ PAYOUT_SCHEDULE: 'mon 25:00' }, { PAYOUT_MIN: '0' }, { PAYOUT_RESUME_AFTER: 'soon' }, { PAYOUT_TICK_MS: '5' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it('falls due on the last Monday at or before now', () => {
    const monday = { weekday: 1, minute: 0 };
    expect(lastDue(monday, new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(lastDue(monday, new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(lastDue(monday, new Date('2026-11-22T23:59:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('runs once per due time, whichever tick gets there first', async () => {
    const payable = await signUp(t.app, 'scheduled-seller@test.dev', 'seller');
    await onboarded(payable);
    await completedSale(payable, 15);
    const before = (await t.testDb.db.query('select 1 from payout_runs')).length;
    // This week's run is behind us (an earlier tick made it); the next Monday comes.
    await t.app.payouts.tick();
    expect((await earnings(payable)).balance.available).toBe(13.8);
    clock.advance(7 * DAY);
    await Promise.all([t.app.payouts.tick(), t.app.payouts.tick()]);
    expect(await t.testDb.db.query('select 1 from payout_runs')).toHaveLength(before + 1);
    expect((await earnings(payable)).balance).toMatchObject({ available: 0, inTransit: 13.8 });
    await t.app.payouts.tick();
    expect(await t.testDb.db.query('select 1 from payout_runs')).toHaveLength(before + 1);
  });
});
