import fc from 'fast-check';
import { addProduct, bookingOf, pay, signUp, type Actor, type TestApp } from './helper';
import { HOUR, MINUTE, move, orderShop, type MovableClock } from './orderSupport';

/**
 * The rollups equal counts made from the raw rows, whatever views, orders, refunds, favourites
 * and rollups happen in whatever order and across whatever days. The counts here are made in
 * the test from the raw rows themselves (book_views, favourites, the ledger's charges and
 * refunds), not by the rollup's SQL.
 */
const RUNS = Number(process.env.INSIGHT_PROPERTY_RUNS ?? 20);

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let run = 0;

beforeAll(async () => {
  ({ t, clock, buyer } = await orderShop());
});
afterAll(() => t.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';

type Step =
  | { op: 'view'; book: number; session: number }
  | { op: 'favourite'; book: number }
  | { op: 'order'; price: number }
  | { op: 'refund' }
  | { op: 'wait'; minutes: number }
  | { op: 'rollUp' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('view' as const), book: fc.nat(2), session: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('favourite' as const), book: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('order' as const), price: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'refund' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 30 * 60 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'rollUp' as const }) },
);

const dayOf = (at: Date | string) => new Date(at).toISOString().slice(0, 10);
const sortRows = <T extends object>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();

async function check(seller: Actor, bookIds: string[]) {
  const db = t.testDb.db;
  // Per book and day: views and distinct sessions from the raw views, favourites from those held.
  const views = await db.query<{ book_id: string; session: string; viewed_at: Date }>('select book_id, session, viewed_at from book_views where seller_id = $1', [seller.id]);
  const favourites = await db.query<{ book_id: string; created_at: Date }>('select book_id, created_at from favourites where book_id = any($1::text[])', [bookIds]);
  const perBook = new Map<string, { views: number; sessions: Set<string>; favourites: number }>();
  const bookDay = (book: string, day: string) =>
    perBook.get(`${book}|${day}`) ?? perBook.set(`${book}|${day}`, { views: 0, sessions: new Set(), favourites: 0 }).get(`${book}|${day}`)!;
  for (const view of views) {
    const counted = bookDay(view.book_id, dayOf(view.viewed_at));
    counted.views += 1;
    counted.sessions.add(view.session);
  }
  for (const favourite of favourites) bookDay(favourite.book_id, dayOf(favourite.created_at)).favourites += 1;
  const expectedBooks = [...perBook].map(([key, value]) => {
    const [book, day] = key.split('|');
    return { book, day, views: value.views, sessions: value.sessions.size, favourites: value.favourites };
  });
  const rolledBooks = await db.query<Record<string, unknown>>(
    `select book_id as book, to_char(day, 'YYYY-MM-DD') as day, views, sessions, favourites from book_daily
     where book_id = any($1::text[]) and (views > 0 or sessions > 0 or favourites > 0)`,
    [bookIds],
  );
  expect(sortRows(rolledBooks)).toEqual(sortRows(expectedBooks));

  // Per seller and day: sessions over all their books; orders and revenue from the ledger.
  const money = await db.query<{ kind: string; at: Date; price: number; commission: number }>(
    `select t.kind, t.at, k.resale_price_cents as price, coalesce(k.commission_cents, 0) as commission
     from ledger_transactions t join bookings k on k.id = t.booking_id where k.seller_id = $1 and t.kind in ('charge', 'refund')`,
    [seller.id],
  );
  const perDay = new Map<string, { views: number; favourites: number; sessions: Set<string>; orders: number; revenue: number }>();
  const sellerDay = (day: string) =>
    perDay.get(day) ?? perDay.set(day, { views: 0, favourites: 0, sessions: new Set(), orders: 0, revenue: 0 }).get(day)!;
  for (const view of views) {
    sellerDay(dayOf(view.viewed_at)).sessions.add(view.session);
    sellerDay(dayOf(view.viewed_at)).views += 1;
  }
  for (const favourite of favourites) sellerDay(dayOf(favourite.created_at)).favourites += 1;
  for (const entry of money) {
    const counted = sellerDay(dayOf(entry.at));
    if (entry.kind === 'charge') counted.orders += 1;
    counted.revenue += (entry.kind === 'charge' ? 1 : -1) * (entry.price - entry.commission);
  }
  const expectedSeller = [...perDay].map(([day, value]) => ({
    day, views: value.views, favourites: value.favourites, sessions: value.sessions.size, orders: value.orders, revenue: value.revenue,
  }));
  const rolledSeller = await db.query<Record<string, unknown>>(
    "select to_char(day, 'YYYY-MM-DD') as day, views, favourites, sessions, orders, revenue_cents::int as revenue from seller_daily where seller_id = $1",
    [seller.id],
  );
  expect(sortRows(rolledSeller)).toEqual(sortRows(expectedSeller));

  // The seller's Stats for the year add up the same.
  const stats = (await t.app.inject({ url: '/insight/seller?days=365', headers: seller.headers })).json();
  expect(stats.totals.views).toBe(views.length);
  expect(Math.round(stats.totals.revenue * 100)).toBe(expectedSeller.reduce((sum, day) => sum + day.revenue, 0));
}

it('rolls up to what the raw rows count, whatever happens in whatever order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
      run += 1;
      const seller = await signUp(t.app, `insight-run-${run}@test.dev`, 'seller');
      const bookIds: string[] = [];
      for (let i = 0; i < 3; i += 1) bookIds.push(await addProduct(t.app, seller, { name: `Run ${run} book ${i}`, price: 5 }));
      const paid: string[] = [];
      for (const s of steps) {
        if (s.op === 'view') {
          await t.app.inject({
            method: 'POST', url: '/views', headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
            payload: JSON.stringify({ bookId: bookIds[s.book], session: `tab-run${run}-${s.session}` }),
          });
        } else if (s.op === 'favourite') {
          await t.app.inject({ method: 'PUT', url: `/favourites/${bookIds[s.book]}`, headers: buyer.headers });
        } else if (s.op === 'order') {
          const bookId = await addProduct(t.app, seller, { name: `Run ${run} sold`, price: s.price });
          const bookingId = await bookingOf(t.app, buyer, bookId);
          await pay(t.app, t.stripe, buyer, bookingId);
          paid.push(bookingId);
        } else if (s.op === 'refund') {
          const bookingId = paid.shift();
          if (bookingId) await move(t.app, seller, bookingId, { to: 'refunded', reason: 'Out of stock' });
        } else if (s.op === 'wait') {
          await t.app.insight.flush();
          clock.advance(s.minutes * MINUTE);
        } else {
          await t.app.insight.rollUp();
        }
      }
      clock.advance(HOUR);
      await t.app.insight.rollUp();
      await check(seller, bookIds);
    }),
    { numRuns: RUNS, seed: Number(process.env.INSIGHT_PROPERTY_SEED ?? 20261203) },
  );
});
