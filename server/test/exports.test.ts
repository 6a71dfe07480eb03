import { addProduct, bookingOf, pay, signUp, type Actor, type TestApp } from './helper';
import { move, orderShop } from './orderSupport';

let t: TestApp;
let buyer: Actor;
let seller: Actor;
let admin: Actor;

beforeAll(async () => {
  ({ t, buyer, seller, admin } = await orderShop());
});
afterAll(() => t.close());

const csv = async (actor: Actor, url: string) => {
  const response = await t.app.inject({ url, headers: actor.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+\.csv"$/);
  return response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
};

describe("the admin's lists as CSV", () => {
  it('are for admins only, and refuse unknown filters', async () => {
    for (const url of ['/seller.csv', '/buyer.csv', '/admin/orders.csv', '/admin/disputes.csv', '/admin/payouts.csv', '/admin/reports.csv']) {
      expect((await t.app.inject({ url, headers: seller.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    for (const url of ['/admin/orders.csv?state=lost', '/admin/reports.csv?kind=cat', '/seller.csv?sort=age']) {
      const response = await t.app.inject({ url, headers: admin.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('hold every row the filters show, pages past the first included, cells made inert', async () => {
    const mischief = await signUp(t.app, 'csv-mischief@test.dev', 'Buyer');
    await t.testDb.db.query("update users set name = '=cmd|'' /C calc''!A0' where id = $1", [mischief.id]);
    // More buyers than a page of the reads behind the file.
    await t.testDb.db.query(
      `insert into users (id, name, email, role, created_at)
       select 'e' || lpad(to_hex(n), 23, '0'), 'Bulk ' || n, 'bulk' || n || '@test.dev', 'Buyer', now() from generate_series(1, 1200) as n`,
    );
    const buyers = await csv(admin, '/buyer.csv');
    expect(buyers[0]).toBe('user,name,email,role,suspended');
    const total = (await t.testDb.db.query<{ count: number }>("select count(*)::int as count from users where role = 'Buyer'"))[0].count;
    expect(buyers).toHaveLength(total + 1);
    expect(buyers).toContain(`${mischief.id},'=cmd|' /C calc'!A0,csv-mischief@test.dev,Buyer,`);
    const filtered = await csv(admin, '/buyer.csv?q=mischief');
    expect(filtered).toHaveLength(2);
    expect((await csv(admin, '/seller.csv')).slice(1).every((line) => /,(seller|admin),/.test(line))).toBe(true);
  });

  it('lists orders by state, and disputes', async () => {
    const bookId = await addProduct(t.app, seller, { name: '+SUM(1,2)', price: 12.5 });
    const bookingId = await bookingOf(t.app, buyer, bookId);
    await pay(t.app, t.stripe, buyer, bookingId);
    const paid = await csv(admin, '/admin/orders.csv?state=paid');
    expect(paid[0]).toBe('order,made,state,since,book,price,shipping,commission,delivery,buyer,seller');
    const line = paid.find((row) => row.startsWith(`${bookingId},`))!;
    expect(line).toContain(`,"'+SUM(1,2)",12.5,0,1,meetup,${buyer.email},seller`);
    await move(t.app, seller, bookingId, { to: 'refunded', reason: 'Gone' });
    expect((await csv(admin, '/admin/orders.csv?state=paid')).some((row) => row.startsWith(`${bookingId},`))).toBe(false);
    expect((await csv(admin, '/admin/orders.csv?state=refunded')).some((row) => row.startsWith(`${bookingId},`))).toBe(true);
    expect(await csv(admin, '/admin/disputes.csv')).toHaveLength(1);
    expect((await csv(admin, '/admin/payouts.csv'))[0]).toBe('payout,made,seller,email,amount,state,origin,paid,failed,failure');
    expect((await csv(admin, '/admin/reports.csv?state=open'))[0]).toBe('report,made,state,kind,reason,text,target,summary,reporter,reporter_email');
  });
});
