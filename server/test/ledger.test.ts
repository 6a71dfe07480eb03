import { ConfigError, loadConfig } from '../src/config';
import { commissionOn } from '../src/ledgerConfig';
import { addProduct, bookingOf, pay, type Actor, type TestApp } from './helper';
import { DAY, type MovableClock, move, orderShop, orderAs } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller } = await orderShop());
});
afterAll(() => t.close());

interface Entry {
  account: string;
  seller_id: string | null;
  amount_cents: number;
  kind: string;
}

const entriesOf = (bookingId: string) =>
  t.testDb.db.query<Entry>(
    `select e.account, e.seller_id, e.amount_cents::int as amount_cents, t.kind from ledger_entries e
     join ledger_transactions t on t.id = e.transaction_id where e.booking_id = $1 order by e.id`,
    [bookingId],
  );

const earnings = async (actor: Actor) => (await t.app.inject({ url: '/earnings', headers: actor.headers })).json();

async function paidOrder(overrides: Record<string, unknown> = {}, delivery?: object) {
  const bookId = await addProduct(t.app, seller, { name: `Book ${++counter}`, price: 12.5, ...overrides });
  const bookingId = delivery
    ? (await t.app.inject({ method: 'POST', url: '/bookings', headers: buyer.headers, payload: { bookId, email: buyer.email, delivery } })).json().insertedId
    : await bookingOf(t.app, buyer, bookId);
  const { response } = await pay(t.app, t.stripe, buyer, bookingId);
  expect(response.statusCode).toBe(200);
  return { bookId, bookingId: bookingId as string };
}

describe('commission', () => {
  it('is 8 % of the price, at least $0.50, never more than the price', () => {
    const commission = { percent: 8, minCents: 50 };
    expect(commissionOn(1250, commission)).toBe(100);
    expect(commissionOn(200, commission)).toBe(50);
    expect(commissionOn(30, commission)).toBe(30);
    // Half a cent rounds up.
    expect(commissionOn(1_000_006, { percent: 8.25, minCents: 0 })).toBe(82_500);
    expect(commissionOn(1_000_007, { percent: 8.25, minCents: 0 })).toBe(82_501);
  });

  it('reads COMMISSION_PERCENT and COMMISSION_MIN, refusing nonsense', () => {
    expect(loadConfig({ COMMISSION_PERCENT: '10', COMMISSION_MIN: '1.25' }).commission).toEqual({ percent: 10, minCents: 125 });
    expect(loadConfig({}).commission).toEqual({ percent: 8, minCents: 50 });
    for (const env of [{ COMMISSION_PERCENT: '-1' }, { COMMISSION_PERCENT: '51' }, { COMMISSION_PERCENT: 'ten' }, { COMMISSION_MIN: '1e3' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});

describe('the ledger follows the order', () => {
  it('books a sale as pending, releases it to available on completion, and shows the seller both', async () => {
    const { bookingId } = await paidOrder();
    expect(await entriesOf(bookingId)).toEqual([
      { account: 'provider', seller_id: null, amount_cents: 1250, kind: 'charge' },
      { account: 'seller_pending', seller_id: seller.id, amount_cents: -1150, kind: 'charge' },
      { account: 'commission', seller_id: null, amount_cents: -100, kind: 'charge' },
    ]);
    expect(await earnings(seller)).toEqual({
      balance: { pending: 11.5, available: 0, inTransit: 0, paidOut: 0 },
      account: { state: 'none', due: [] },
      commission: { percent: 8, min: 0.5, payoutMin: 1 },
    });
    expect((await orderAs(t.app, seller, bookingId)) as unknown).toMatchObject({ sellerReceives: 11.5 });
    expect(await orderAs(t.app, buyer, bookingId)).not.toHaveProperty('sellerReceives');

    const code = (await orderAs(t.app, buyer, bookingId)).handoverCode;
    await move(t.app, seller, bookingId, { to: 'ready' });
    await move(t.app, seller, bookingId, { to: 'received', code });
    clock.advance(2 * DAY);
    await t.app.orders.sweep();
    expect((await entriesOf(bookingId)).slice(3)).toEqual([
      { account: 'seller_pending', seller_id: seller.id, amount_cents: 1150, kind: 'release' },
      { account: 'seller_available', seller_id: seller.id, amount_cents: -1150, kind: 'release' },
    ]);
    expect((await earnings(seller)).balance).toEqual({ pending: 0, available: 11.5, inTransit: 0, paidOut: 0 });

    const entries = await t.app.inject({ url: '/earnings/entries?limit=2', headers: seller.headers });
    expect(entries.json()).toEqual([
      { _id: expect.any(String), kind: 'release', account: 'available', amount: 11.5, bookingId, payoutId: null, bookName: `Book ${counter}`, at: clock.now().toISOString() },
      { _id: expect.any(String), kind: 'release', account: 'pending', amount: -11.5, bookingId, payoutId: null, bookName: `Book ${counter}`, at: clock.now().toISOString() },
    ]);
    expect(entries.headers.link).toMatch(/rel="next"/);
  });

  it('takes the commission from the price only, and owes the seller the shipping', async () => {
    const { bookingId } = await paidOrder({ delivery: { meetup: true, shipping: true, shippingPrice: 4.5 } }, { method: 'shipping', address: '1 Main St' });
    expect(await entriesOf(bookingId)).toEqual([
      { account: 'provider', seller_id: null, amount_cents: 1700, kind: 'charge' },
      { account: 'seller_pending', seller_id: seller.id, amount_cents: -1600, kind: 'charge' },
      { account: 'commission', seller_id: null, amount_cents: -100, kind: 'charge' },
    ]);
  });

  it('takes at least the minimum commission', async () => {
    const { bookingId } = await paidOrder({ price: 2 });
    expect((await entriesOf(bookingId)).find((entry) => entry.account === 'commission')?.amount_cents).toBe(-50);
  });

  it('undoes the whole sale when the order is refunded, once', async () => {
    const before = (await earnings(seller)).balance.pending;
    const { bookingId } = await paidOrder();
    expect((await earnings(seller)).balance.pending).toBeCloseTo(before + 11.5);
    await move(t.app, seller, bookingId, { to: 'refunded', reason: 'Lost it' });
    const entries = await entriesOf(bookingId);
    expect(entries.slice(3).map((entry) => [entry.kind, entry.account, entry.amount_cents]).sort()).toEqual(
      [['refund', 'commission', 100], ['refund', 'provider', -1250], ['refund', 'seller_pending', 1150]].sort(),
    );
    expect((await earnings(seller)).balance.pending).toBeCloseTo(before);
  });

  it("earns the platform the whole of the shop's own sales, with no commission", async () => {
    const listed = await t.app.inject({ url: '/bookCatagoriesId/fiction', headers: buyer.headers });
    const shopBook = listed.json<{ _id: string; resale_price: number }[]>()[0];
    const bookingId = await bookingOf(t.app, buyer, shopBook._id);
    await pay(t.app, t.stripe, buyer, bookingId);
    const cents = Math.round(shopBook.resale_price * 100);
    expect(await entriesOf(bookingId)).toEqual([
      { account: 'provider', seller_id: null, amount_cents: cents, kind: 'charge' },
      { account: 'platform_sales', seller_id: null, amount_cents: -cents, kind: 'charge' },
    ]);
  });

  it("tells a seller what they keep of each product's price", async () => {
    await paidOrder();
    const products = (await t.app.inject({ url: '/products', headers: seller.headers })).json<{ price: number; youReceive: number }[]>();
    expect(products.find((product) => product.price === 12.5)?.youReceive).toBe(11.5);
    expect(products.find((product) => product.price === 2)?.youReceive).toBe(1.5);
  });

  it('downloads the history as CSV, a book title that looks like a formula defused', async () => {
    const bookId = await addProduct(t.app, seller, { name: '=HYPERLINK("x"), "quoted"', price: 3 });
    const bookingId = await bookingOf(t.app, buyer, bookId);
    await pay(t.app, t.stripe, buyer, bookingId);
    const csv = await t.app.inject({ url: '/earnings/entries.csv', headers: seller.headers });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="earnings.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,order,payout,book,kind,balance,amount');
    expect(lines[1]).toBe(`${clock.now().toISOString()},${bookingId},,"'=HYPERLINK(""x""), ""quoted""",charge,pending,2.50`);
    expect(lines.length - 1).toBe((await t.testDb.db.query('select 1 from ledger_entries where seller_id = $1', [seller.id])).length);
    // A refund's amount is a plain negative number, not guarded text.
    expect(lines.some((line) => /,refund,pending,-11\.50$/.test(line))).toBe(true);
    expect((await t.app.inject({ url: '/earnings/entries.csv', headers: buyer.headers })).statusCode).toBe(403);
  });

  it('is for sellers: a buyer is refused', async () => {
    expect((await t.app.inject({ url: '/earnings', headers: buyer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/earnings/entries?cursor=nope', headers: seller.headers })).statusCode).toBe(400);
  });
});

describe('the ledger itself', () => {
  it('sums to zero, transaction by transaction', async () => {
    const [row] = await t.testDb.db.query<{ total: string; unbalanced: number }>(
      `select coalesce(sum(amount_cents), 0)::text as total,
         (select count(*)::int from (select 1 from ledger_entries group by transaction_id having sum(amount_cents) <> 0) u) as unbalanced
       from ledger_entries`,
    );
    expect(row).toEqual({ total: '0', unbalanced: 0 });
  });

  it('refuses, at commit, a transaction that does not balance', async () => {
    const { bookingId } = await paidOrder();
    await expect(
      t.testDb.db.transaction(async (tx) => {
        const [{ id }] = await tx.query<{ id: string }>(
          "insert into ledger_transactions (kind, booking_id, event_key, at) values ('charge', $1, 'bad:' || $1, now()) returning id::text",
          [bookingId],
        );
        await tx.query("insert into ledger_entries (transaction_id, account, amount_cents, booking_id, at) values ($1, 'provider', 100, $2, now())", [id, bookingId]);
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await t.testDb.db.query("select 1 from ledger_transactions where event_key like 'bad:%'")).toEqual([]);
  });

  it('is append-only: entries and transactions cannot be changed or removed', async () => {
    await expect(t.testDb.db.query('update ledger_entries set amount_cents = amount_cents + 1')).rejects.toThrow(/append-only/);
    await expect(t.testDb.db.query('delete from ledger_entries')).rejects.toThrow(/append-only/);
    await expect(t.testDb.db.query('delete from ledger_transactions')).rejects.toThrow(/append-only/);
  });

  it('books each step once, whatever runs twice', async () => {
    const { bookingId } = await paidOrder();
    const { postCharges } = await import('../src/ledger/postings');
    await postCharges(t.testDb.db, [bookingId], clock.now(), t.app.config.commission);
    expect((await entriesOf(bookingId)).length).toBe(3);
  });
});
