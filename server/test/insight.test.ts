import { periodsOf, daysOf, monthsOf } from '../src/insight/periods';
import { reliabilityOf } from '../src/insight/reliability';
import { addProduct, bookingOf, pay, signUp, type Actor, type TestApp } from './helper';
import { DAY, HOUR, MINUTE, move, orderShop, type MovableClock } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop());
});
afterAll(() => t.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const beacon = (bookId: string, session: string, token?: string) =>
  t.app.inject({
    method: 'POST', url: '/views', headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
    payload: JSON.stringify({ bookId, session, ...(token && { token }) }),
  });
const get = (actor: Actor | undefined, url: string) => t.app.inject({ url, headers: actor?.headers ?? {} });
const stats = async (actor: Actor, days = 30) => {
  const response = await get(actor, `/insight/seller?days=${days}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
async function paidOrder(owner: Actor, price: number, name = `Stat ${++counter}`) {
  const bookId = await addProduct(t.app, owner, { name, price });
  const bookingId = await bookingOf(t.app, buyer, bookId);
  expect((await pay(t.app, t.stripe, buyer, bookingId)).response.statusCode).toBe(200);
  return { bookId, bookingId };
}

describe('periods', () => {
  it('ends today, counts back whole UTC days, and puts the previous period just before', () => {
    const now = new Date('2026-03-02T23:59:00Z');
    expect(periodsOf(now, 7)).toEqual({ period: { from: '2026-02-24', to: '2026-03-02' }, previous: { from: '2026-02-17', to: '2026-02-23' } });
    expect(periodsOf(now, 30).previous).toEqual({ from: '2026-01-02', to: '2026-01-31' });
    const year = periodsOf(new Date('2028-12-31T00:00:00Z'), 365);
    expect(daysOf(year.period)).toHaveLength(365);
    expect(year.period.from).toBe('2028-01-02');
    expect(monthsOf({ from: '2025-11-20', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('the badge', () => {
  const counts = { orders: 10, due: 10, onTime: 10, cancelled: 0, disputed: 0, averageReview: 4.5 };
  it('needs 10 orders, 95 % sent on time and under 2 % disputed', () => {
    expect(reliabilityOf(counts).badge).toBe(true);
    expect(reliabilityOf({ ...counts, orders: 9, due: 9, onTime: 9 }).badge).toBe(false);
    expect(reliabilityOf({ ...counts, orders: 20, due: 20, onTime: 19 }).badge).toBe(true);
    expect(reliabilityOf({ ...counts, orders: 20, due: 20, onTime: 18 }).badge).toBe(false);
    expect(reliabilityOf({ ...counts, orders: 50, due: 50, onTime: 50, disputed: 1 }).badge).toBe(false);
    expect(reliabilityOf({ ...counts, orders: 51, due: 51, onTime: 51, disputed: 1 }).badge).toBe(true);
    expect(reliabilityOf({ ...counts, due: 0, onTime: 0 })).toMatchObject({ badge: false, shippedOnTime: null });
  });
});

describe('a seller\'s Stats', () => {
  it('counts views, sessions, favourites, offers, orders and revenue net of commission; a refund takes its order off', async () => {
    const shop = await signUp(t.app, 'stats-shop@test.dev', 'seller');
    const viewed = await addProduct(t.app, shop, { name: 'Looked at', price: 20, offers: { enabled: true } });
    for (const session of ['tab-stat0001', 'tab-stat0002', 'tab-stat0003']) await beacon(viewed, session);
    // Its own seller's view is not counted.
    await beacon(viewed, 'tab-statself', shop.accessToken);
    await t.app.inject({ method: 'PUT', url: `/favourites/${viewed}`, headers: buyer.headers });
    expect((await t.app.inject({ method: 'POST', url: '/offers', headers: buyer.headers, payload: { bookIds: [viewed], amount: 15 } })).statusCode).toBe(201);
    const sold = await addProduct(t.app, shop, { name: 'Bought', price: 12.5 });
    await beacon(sold, 'tab-stat0001');
    const bookingId = await bookingOf(t.app, buyer, sold);
    await pay(t.app, t.stripe, buyer, bookingId);
    await t.app.insight.rollUp();

    const first = await stats(shop);
    expect(first.totals).toEqual({
      views: 4, sessions: 3, favourites: 1, offers: 1, orders: 1,
      // $12.50 less the 8 % commission ($1.00).
      revenue: 11.5, conversion: 0.3333, averageOrder: 11.5,
    });
    expect(first.topByViews).toEqual([{ bookId: viewed, name: 'Looked at', views: 3 }, { bookId: sold, name: 'Bought', views: 1 }]);
    expect(first.topByFavourites).toEqual([{ bookId: viewed, name: 'Looked at', favourites: 1 }]);
    expect(first.ordersByState).toMatchObject({ paid: 1, booked: 0 });
    expect(first.daily).toHaveLength(30);
    expect(first.daily.at(-1)).toEqual({ day: first.period.to, views: 4, orders: 1, revenue: 11.5 });

    await move(t.app, shop, bookingId, { to: 'refunded', reason: 'Lost it' });
    await t.app.insight.rollUp();
    const refunded = await stats(shop);
    expect(refunded.totals).toMatchObject({ orders: 1, revenue: 0 });

    // A week on, the 7-day period is empty and the one before holds it all.
    clock.advance(7 * DAY);
    await t.app.insight.rollUp();
    const week = await stats(shop, 7);
    expect(week.totals).toMatchObject({ views: 0, orders: 0, revenue: 0, conversion: 0, averageOrder: 0 });
    expect(week.previousTotals).toMatchObject({ views: 4, sessions: 3, favourites: 1, offers: 1, orders: 1, revenue: 0 });
    expect((await stats(shop, 30)).totals).toMatchObject({ views: 4, orders: 1 });
  });

  it('is for sellers, each their own', async () => {
    expect((await get(buyer, '/insight/seller')).statusCode).toBe(403);
    expect((await get(undefined, '/insight/seller')).statusCode).toBe(401);
    expect((await get(buyer, '/insight/seller/books')).statusCode).toBe(403);
    expect((await get(seller, '/insight/admin')).statusCode).toBe(403);
    expect((await get(buyer, '/insight/admin.csv?table=daily')).statusCode).toBe(403);
    for (const query of ['days=8', 'days=abc', 'sort=name', 'limit=0', 'cursor=!!']) {
      const response = await get(seller, `/insight/seller/books?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    expect((await get(seller, '/insight/seller.csv?table=secrets')).statusCode).toBe(400);
    // Another seller's books are not in the table.
    const other = await signUp(t.app, 'stats-other@test.dev', 'seller');
    const theirs = await addProduct(t.app, other, { name: 'Not yours' });
    const mine = (await get(seller, '/insight/seller/books?limit=200')).json<{ bookId: string }[]>();
    expect(mine.map((row) => row.bookId)).not.toContain(theirs);
  });
});

describe('the books table', () => {
  it('sorts by views either way and pages with a cursor for its sort', async () => {
    const shop = await signUp(t.app, 'stats-books@test.dev', 'seller');
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const id = await addProduct(t.app, shop, { name: `Shelf ${n}`, price: 10 + n });
      for (let v = 0; v < n; v += 1) await beacon(id, `tab-shelf${n}${v}aa`);
      ids.push(id);
    }
    await t.app.insight.rollUp();
    const first = await get(shop, '/insight/seller/books?sort=views&limit=2');
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json<{ bookId: string }[]>().map((row) => row.bookId)).toEqual([ids[0], ids[1]]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1];
    const second = await get(shop, next.replace(/^https?:\/\/[^/]+/, ''));
    expect(second.json<{ bookId: string }[]>().map((row) => row.bookId)).toEqual([ids[2], ids[3]]);
    const most = (await get(shop, '/insight/seller/books?sort=-views&limit=1')).json();
    expect(most).toEqual([{ bookId: ids[4], name: 'Shelf 4', price: 14, views: 4, favourites: 0, favouriteRate: 0, offers: 0, daysListed: 0 }]);
    // A cursor of another sort is refused.
    const cursor = new URL(next).searchParams.get('cursor')!;
    expect((await get(shop, `/insight/seller/books?sort=-views&cursor=${cursor}`)).statusCode).toBe(400);
  });
});

describe('CSV', () => {
  it('downloads each table, its cells unable to run as formulas', async () => {
    const shop = await signUp(t.app, 'stats-csv@test.dev', 'seller');
    const id = await addProduct(t.app, shop, { name: '=HYPERLINK("http://evil.example","Click")', price: 10 });
    await beacon(id, 'tab-csvcsv01');
    await t.app.insight.rollUp();
    const books = await get(shop, '/insight/seller/books.csv');
    expect(books.statusCode).toBe(200);
    expect(books.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(books.headers['content-disposition']).toMatch(/^attachment; filename="stats-books-.*\.csv"$/);
    const lines = books.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('book,name,price,views,favourites,favourite_rate,offers,days_listed');
    expect(lines[1]).toBe(`${id},"'=HYPERLINK(""http://evil.example"",""Click"")",10,1,0,0,0,0`);
    const top = (await get(shop, '/insight/seller.csv?table=topByViews')).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(top).toEqual(['book,name,views', `${id},"'=HYPERLINK(""http://evil.example"",""Click"")",1`]);
    const daily = (await get(shop, '/insight/seller.csv?table=daily&days=7')).body.trim().split('\r\n');
    expect(daily).toHaveLength(8);
    expect(daily.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},1,0,0$/);
  });
});

describe('reliability', () => {
  it('counts orders sent within the deadline and those the seller refunded instead, and is public as the badge shows it', async () => {
    const shop = await signUp(t.app, 'stats-reliable@test.dev', 'seller');
    for (let n = 0; n < 9; n += 1) {
      const { bookingId } = await paidOrder(shop, 5);
      expect((await move(t.app, shop, bookingId, { to: 'ready' })).statusCode).toBe(200);
    }
    // The tenth is paid and not due yet: it counts as an order, not yet as sent or late.
    await paidOrder(shop, 5);
    expect((await stats(shop)).reliability).toEqual({ days: 90, orders: 10, shippedOnTime: 1, cancelled: 0, disputed: 0, averageReview: null, badge: true });
    expect((await get(undefined, `/users/${shop.id}/reliability`)).json()).toEqual({ badge: true, orders: 10, shippedOnTime: 1, disputed: 0 });
    // Book cards show it beside the seller's score once the hourly mark ran.
    const onSale = await addProduct(t.app, shop, { name: 'Still for sale', price: 5 });
    const cardScore = async () => (await get(undefined, `/books/${onSale}`)).json<{ sellerScore: Record<string, unknown> }>().sellerScore;
    expect(await cardScore()).not.toHaveProperty('reliable');
    clock.advance(HOUR);
    await t.app.insight.rollUp();
    expect(await cardScore()).toMatchObject({ reliable: true });

    // One refunded by the seller instead of sent: decided, and not on time.
    const { bookingId } = await paidOrder(shop, 5);
    await move(t.app, shop, bookingId, { to: 'refunded', reason: 'Cannot find it' });
    expect((await stats(shop)).reliability).toMatchObject({ orders: 11, shippedOnTime: 0.9, cancelled: 0.0909, badge: false });
    // The waiting one passes its deadline unsent.
    clock.advance(6 * DAY);
    expect((await get(undefined, `/users/${shop.id}/reliability`)).json()).toEqual({ badge: false, orders: 11, shippedOnTime: 0.8182, disputed: 0 });
    await t.app.insight.rollUp();
    expect(await cardScore()).not.toHaveProperty('reliable');
    expect((await get(undefined, `/users/${buyer.id}/reliability`)).statusCode).toBe(404);
    expect((await get(undefined, `/users/${'0'.repeat(24)}/reliability`)).statusCode).toBe(404);
    expect((await get(undefined, '/users/nobody/reliability')).statusCode).toBe(400);
  });
});

describe("the admin's Insight", () => {
  it('adds up the marketplace: sales, commission, refunds, offers, new users and listings, and payouts', async () => {
    await t.app.insight.rollUp();
    const before = (await get(admin, '/insight/admin?days=7')).json();
    const shop = await signUp(t.app, 'insight-new@test.dev', 'seller');
    const { bookingId } = await paidOrder(shop, 10);
    await paidOrder(shop, 20);
    // Accounts and listings are dated by the database's clock; this shop's run on the test's.
    await t.testDb.db.query('update users set created_at = $1 where id = $2', [clock.now(), shop.id]);
    await t.testDb.db.query('update books set created_at = $1 where seller_id = $2', [clock.now(), shop.id]);
    await move(t.app, shop, bookingId, { to: 'refunded', reason: 'Torn' });
    clock.advance(HOUR);
    await t.app.insight.rollUp();
    const response = await get(admin, '/insight/admin?days=7');
    expect(response.statusCode).toBe(200);
    const after = response.json();
    const change = (key: string) => Math.round((after.totals[key] - before.totals[key]) * 100) / 100;
    expect([change('orders'), change('revenue'), change('commission'), change('newUsers'), change('newSellers'), change('newListings')]).toEqual([2, 20, 1.6, 1, 1, 2]);
    expect(after.totals.refundShare).toBeGreaterThan(0);
    expect(after.daily).toHaveLength(7);
    expect(after.monthly.map((month: { month: string }) => month.month)).toEqual(monthsOf(after.period));
    expect(after.payouts).toEqual({ paid: expect.any(Object), failed: expect.any(Object), waiting: expect.any(Object) });
    const csv = await get(admin, '/insight/admin.csv?table=monthly&days=7');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('month,orders,sales,commission');
    clock.advance(MINUTE);
  });
});
