import { ViewBatcher } from '../src/insight/views';
import { addProduct, buildSecondApp, type Actor, type TestApp } from './helper';
import { DAY, MINUTE, orderShop, type MovableClock } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller } = await orderShop());
});
afterAll(() => t.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const bookOf = () => addProduct(t.app, seller, { name: `Viewed ${++counter}`, price: 10 });

/** A beacon as the page sends it: JSON as text, no headers but the browser's. */
const beacon = (body: unknown, userAgent = BROWSER, app = t.app) =>
  app.inject({
    method: 'POST', url: '/views', headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const rawViews = async (bookId: string) =>
  (await t.testDb.db.query<{ count: number }>('select count(*)::int as count from book_views where book_id = $1', [bookId]))[0].count;
const daily = (bookId: string) =>
  t.testDb.db.query<{ day: string; views: number; sessions: number }>(
    "select to_char(day, 'YYYY-MM-DD') as day, views, sessions from book_daily where book_id = $1 order by day",
    [bookId],
  );

describe('POST /views', () => {
  it('counts a session once per book per 30 minutes, written a batch at a time', async () => {
    const bookId = await bookOf();
    for (let n = 0; n < 3; n += 1) expect((await beacon({ bookId, session: 'tab-aaaaaaaa' })).statusCode).toBe(204);
    // A beacon goes without CORS: the browser takes the empty answer only when any page may.
    expect((await beacon({ bookId, session: 'tab-aaaaaaaa' })).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await beacon({ bookId, session: 'tab-bbbbbbbb' })).statusCode).toBe(204);
    // Nothing is written per request.
    expect(await rawViews(bookId)).toBe(0);
    await t.app.insight.flush();
    expect(await rawViews(bookId)).toBe(2);
    clock.advance(29 * MINUTE);
    await beacon({ bookId, session: 'tab-aaaaaaaa' });
    await t.app.insight.flush();
    expect(await rawViews(bookId)).toBe(2);
    clock.advance(2 * MINUTE);
    await beacon({ bookId, session: 'tab-aaaaaaaa' });
    await t.app.insight.flush();
    expect(await rawViews(bookId)).toBe(3);
  });

  it('counts one view of a session seen by two API processes within 30 minutes', async () => {
    const second = await buildSecondApp(t);
    try {
      const bookId = await bookOf();
      await beacon({ bookId, session: 'tab-twoprocs' });
      await t.app.insight.flush();
      clock.advance(MINUTE);
      expect((await beacon({ bookId, session: 'tab-twoprocs' }, BROWSER, second.app)).statusCode).toBe(204);
      await second.app.insight.flush();
      expect(await rawViews(bookId)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('counts no bot, no view of the seller on their own book, nothing for an unknown book', async () => {
    const bookId = await bookOf();
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'curl/8.5.0', 'Mozilla/5.0 HeadlessChrome/126.0']) {
      expect((await beacon({ bookId, session: 'tab-botbotbot' }, agent)).statusCode).toBe(204);
    }
    expect((await beacon({ bookId, session: 'tab-sellerown', token: seller.accessToken })).statusCode).toBe(204);
    const withHeader = await t.app.inject({
      method: 'POST', url: '/views', headers: { ...seller.headers, 'user-agent': BROWSER }, payload: { bookId, session: 'tab-sellerhdr' },
    });
    expect(withHeader.statusCode).toBe(204);
    // A buyer's token counts; a forged one is a visitor.
    await beacon({ bookId, session: 'tab-buyerbuyer', token: buyer.accessToken });
    await beacon({ bookId, session: 'tab-forgedtok', token: 'not.a.token' });
    await beacon({ bookId: 'ffffffffffffffffffffffff', session: 'tab-nosuchbook' });
    await t.app.insight.flush();
    const sessions = await t.testDb.db.query<{ session: string }>('select session from book_views where book_id = $1 order by session', [bookId]);
    expect(sessions.map((row) => row.session)).toEqual(['tab-buyerbuyer', 'tab-forgedtok']);
    expect(await t.testDb.db.query("select 1 from book_views where session = 'tab-nosuchbook'")).toEqual([]);
  });

  it('refuses malformed beacons with a 4xx and counts nothing', async () => {
    const bookId = await bookOf();
    for (const bad of [
      'not json', '{}', JSON.stringify({ bookId }), JSON.stringify({ bookId, session: 'short' }), JSON.stringify({ bookId, session: 'has spaces in it' }),
      JSON.stringify({ bookId: '../etc', session: 'tab-aaaaaaaa' }), JSON.stringify({ bookId: 7, session: 'tab-aaaaaaaa' }), '[1, 2]',
    ]) {
      const response = await beacon(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const huge = await beacon(JSON.stringify({ bookId, session: 'tab-aaaaaaaa', token: 'x'.repeat(5_000) }));
    expect(huge.statusCode).toBe(413);
    await t.app.insight.flush();
    expect(await rawViews(bookId)).toBe(0);
  });
});

describe('the sessions a process remembers', () => {
  it('are at most its bound, the most recent kept', () => {
    const batcher = new ViewBatcher({ db: t.testDb.db, clock, log: t.app.log }, 1_000);
    for (let n = 0; n < 4_900; n += 1) expect(batcher.take({ bookId: 'b', session: `tab-${n}`, viewerId: null })).toBe(true);
    expect(batcher.remembered).toBeLessThanOrEqual(1_000);
    // The last few hundred are still known: seen again within 30 minutes, they count nothing.
    for (let n = 4_600; n < 4_900; n += 1) expect(batcher.take({ bookId: 'b', session: `tab-${n}`, viewerId: null })).toBe(false);
    // The first were forgotten (the database still refuses them, for every process).
    expect(batcher.take({ bookId: 'b', session: 'tab-0', viewerId: null })).toBe(true);
  });
});

describe('the daily rollup', () => {
  it('equals the counts of the raw views, day by day, however often it runs', async () => {
    const bookId = await bookOf();
    const startDay = clock.now().toISOString().slice(0, 10);
    for (const session of ['tab-day1aaaa', 'tab-day1bbbb', 'tab-day1cccc']) await beacon({ bookId, session });
    clock.advance(31 * MINUTE);
    await beacon({ bookId, session: 'tab-day1aaaa' });
    await t.app.insight.rollUp();
    expect(await daily(bookId)).toEqual([{ day: startDay, views: 4, sessions: 3 }]);
    // Again: the same.
    expect(await t.app.insight.rollUp()).toBe(true);
    expect(await daily(bookId)).toEqual([{ day: startDay, views: 4, sessions: 3 }]);
    clock.advance(DAY);
    const nextDay = clock.now().toISOString().slice(0, 10);
    await beacon({ bookId, session: 'tab-day1aaaa' });
    await beacon({ bookId, session: 'tab-day2dddd' });
    await t.app.insight.rollUp();
    expect(await daily(bookId)).toEqual([{ day: startDay, views: 4, sessions: 3 }, { day: nextDay, views: 2, sessions: 2 }]);
    // The rollup equals a count made from the raw rows.
    const counted = await t.testDb.db.query<{ day: string; views: number; sessions: number }>(
      `select to_char((viewed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as views, count(distinct session)::int as sessions
       from book_views where book_id = $1 group by 1 order by 1`,
      [bookId],
    );
    expect(await daily(bookId)).toEqual(counted);
  });

  it('deletes raw views past 90 days and keeps their rollup', async () => {
    const bookId = await bookOf();
    await beacon({ bookId, session: 'tab-oldoldold' });
    await t.app.insight.rollUp();
    const [before] = await daily(bookId);
    clock.advance(91 * DAY);
    await t.app.insight.rollUp();
    expect(await rawViews(bookId)).toBe(0);
    expect(await daily(bookId)).toEqual([before]);
  });

  it('is written when the process closes', async () => {
    const second = await buildSecondApp(t);
    const bookId = await bookOf();
    await beacon({ bookId, session: 'tab-closing1' }, BROWSER, second.app);
    expect(second.app.insight.views.pending).toBe(1);
    await second.close();
    expect(await rawViews(bookId)).toBe(1);
  });
});
