import { idTokenFor } from './fakes';
import { addProduct, bookingOf, signUp, type Actor, type TestApp } from './helper';
import { type MovableClock, notificationsOf, orderShop } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let counter = 0;

interface WireReport {
  _id: string;
  kind: string;
  targetId: string;
  reason: string;
  text: string | null;
  state: string;
  reporter: { _id: string; name: string; email: string };
  target: { summary: string; hidden: boolean; threadId?: string };
  user: { _id: string; name: string; suspended: boolean } | null;
  actions: { action: string; reason: string; by: { _id: string; name: string }; at: string }[];
}

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop({ messagesPerMinute: 0 }));
});
afterAll(() => t.close());

const report = (actor: Actor, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/reports', headers: actor.headers, payload: body });
const act = (reportId: string, action: string, reason: string, actor = admin) =>
  t.app.inject({ method: 'POST', url: `/admin/reports/${reportId}/actions`, headers: actor.headers, payload: { action, reason } });
const queue = async (query = '') => (await t.app.inject({ url: `/admin/reports${query}`, headers: admin.headers })).json<WireReport[]>();
const freshSeller = async () => signUp(t.app, `seller${++counter}@test.dev`, 'seller');

describe('reporting', () => {
  it('files a report once while it is open, never of one\'s own, never of what is not there', async () => {
    const bookId = await addProduct(t.app, seller, { name: `Fake ${++counter}` });
    const filed = await report(buyer, { kind: 'book', id: bookId, reason: 'fake', text: '  The photo is from a shop  ' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), state: 'open' });
    expect((await report(buyer, { kind: 'book', id: bookId, reason: 'spam' })).statusCode).toBe(409);
    expect((await report(seller, { kind: 'book', id: bookId, reason: 'spam' })).statusCode).toBe(400);
    expect((await report(buyer, { kind: 'user', id: buyer.id, reason: 'spam' })).statusCode).toBe(400);
    expect((await report(buyer, { kind: 'book', id: '0123456789abcdef01234567', reason: 'spam' })).statusCode).toBe(404);
    expect((await report(buyer, { kind: 'book', id: bookId, reason: 'rude' })).statusCode).toBe(400);
    expect((await report(buyer, { kind: 'message', id: bookId, reason: 'abuse' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/reports', payload: { kind: 'book', id: bookId, reason: 'fake' } })).statusCode).toBe(401);

    const [row] = await queue(`?kind=book&state=open&limit=1`);
    expect(row).toMatchObject({
      _id: filed.json<{ _id: string }>()._id, kind: 'book', targetId: bookId, reason: 'fake', text: 'The photo is from a shop',
      state: 'open', reporter: { _id: buyer.id, email: buyer.email }, target: { summary: `Fake ${counter}`, hidden: false },
      user: { _id: seller.id, suspended: false }, actions: [],
    });
  });

  it('keeps a message only its thread can report', async () => {
    const bookingId = await bookingOf(t.app, buyer, await addProduct(t.app, seller, { name: `Msg ${++counter}` }));
    const sent = await t.app.inject({ method: 'POST', url: `/threads/${bookingId}/messages`, headers: seller.headers, payload: { text: 'You will regret it' } });
    const messageId = sent.json<{ _id: string }>()._id;
    const outsider = await freshSeller();
    expect((await report(outsider, { kind: 'message', id: messageId, reason: 'abuse' })).statusCode).toBe(404);
    expect((await report(seller, { kind: 'message', id: messageId, reason: 'abuse' })).statusCode).toBe(400);
    expect((await report(buyer, { kind: 'message', id: messageId, reason: 'abuse' })).statusCode).toBe(201);
  });
});

describe('the trust queue', () => {
  it('hides a listing: gone from lists and its page, the reporter told the outcome, the seller what was done', async () => {
    const owner = await freshSeller();
    const bookId = await addProduct(t.app, owner, { name: `Hide me ${++counter}` });
    const other = await signUp(t.app, `other${++counter}@test.dev`, 'Buyer');
    const first = (await report(buyer, { kind: 'book', id: bookId, reason: 'prohibited' })).json<{ _id: string }>()._id;
    await report(other, { kind: 'book', id: bookId, reason: 'fake' });

    expect((await act(first, 'hide', '')).statusCode).toBe(400);
    const acted = await act(first, 'hide', 'A photocopy, not a book');
    expect(acted.statusCode).toBe(200);
    expect(acted.json<WireReport>()).toMatchObject({
      state: 'actioned', target: { hidden: true },
      actions: [{ action: 'hide', reason: 'A photocopy, not a book', by: { _id: admin.id }, at: clock.now().toISOString() }],
    });
    // Both open reports of the listing are closed, and both reporters told.
    expect((await queue('?state=open&kind=book')).filter((row) => row.targetId === bookId)).toEqual([]);
    for (const reporter of [buyer, other]) {
      const told = (await notificationsOf(t.app, reporter)).find((n) => n.kind === 'report_outcome' && n.bookName === `Hide me ${counter - 1}`);
      expect(told).toMatchObject({ role: 'user', action: 'hide' });
    }
    expect((await notificationsOf(t.app, owner)).find((n) => n.kind === 'moderated')).toMatchObject({ action: 'hide', reason: 'A photocopy, not a book' });
    expect((await t.app.inject({ url: `/books/${bookId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/books/${bookId}/questions`, headers: buyer.headers, payload: { text: 'hi' } })).statusCode).toBe(404);
  });

  it('hides a message: its sides read that it was hidden, an admin reads the reported thread', async () => {
    const bookingId = await bookingOf(t.app, buyer, await addProduct(t.app, seller, { name: `Thread ${++counter}` }));
    const sent = await t.app.inject({ method: 'POST', url: `/threads/${bookingId}/messages`, headers: seller.headers, payload: { text: 'Rude words' } });
    const messageId = sent.json<{ _id: string }>()._id;
    // Before any report, the admin cannot read it.
    expect((await t.app.inject({ url: `/threads/${bookingId}/messages`, headers: admin.headers })).statusCode).toBe(404);
    const reportId = (await report(buyer, { kind: 'message', id: messageId, reason: 'abuse' })).json<{ _id: string }>()._id;
    const [row] = (await queue('?kind=message')).filter((each) => each._id === reportId);
    expect(row.target).toEqual({ summary: 'Rude words', hidden: false, threadId: bookingId });
    const asAdmin = await t.app.inject({ url: `/threads/${bookingId}/messages`, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/threads/${bookingId}`, headers: admin.headers })).json()).toMatchObject({ role: 'admin', canSend: false });
    expect((await t.app.inject({ method: 'POST', url: `/threads/${bookingId}/messages`, headers: admin.headers, payload: { text: 'x' } })).statusCode).toBe(403);

    await act(reportId, 'hide', 'Abuse');
    const [asBuyer] = (await t.app.inject({ url: `/threads/${bookingId}/messages`, headers: buyer.headers })).json<{ text: string; hidden: boolean }[]>();
    expect(asBuyer).toMatchObject({ text: '', hidden: true });
    const [asAdminAfter] = (await t.app.inject({ url: `/threads/${bookingId}/messages`, headers: admin.headers })).json<{ text: string; hidden: boolean }[]>();
    expect(asAdminAfter).toMatchObject({ text: 'Rude words', hidden: true });
  });

  it('suspends a user: refused at the next request and at sign-in, listings hidden, until it is lifted', async () => {
    const rogue = await freshSeller();
    const bookId = await addProduct(t.app, rogue, { name: `Rogue ${++counter}` });
    const reportId = (await report(buyer, { kind: 'user', id: rogue.id, reason: 'spam' })).json<{ _id: string }>()._id;
    expect((await act(reportId, 'hide', 'no')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/products', headers: rogue.headers })).statusCode).toBe(200);
    expect((await act(reportId, 'suspend', 'Spam listings')).json<WireReport>()).toMatchObject({ state: 'actioned', user: { suspended: true } });

    const refused = await t.app.inject({ url: '/products', headers: rogue.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This account is suspended' });
    const signIn = await t.app.inject({ url: `/jwt?email=${encodeURIComponent(rogue.email)}`, headers: { authorization: `Bearer ${idTokenFor(rogue.email)}` } });
    expect(signIn.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/books/${bookId}` })).statusCode).toBe(404);

    // Only an admin lifts it; afterwards the account and its listings are back.
    expect((await t.app.inject({ method: 'POST', url: `/admin/users/${rogue.id}/reinstate`, headers: buyer.headers, payload: { reason: 'x' } })).statusCode).toBe(403);
    const lifted = await t.app.inject({ method: 'POST', url: `/admin/users/${rogue.id}/reinstate`, headers: admin.headers, payload: { reason: 'Appeal upheld' } });
    expect(lifted.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await t.app.inject({ url: '/products', headers: rogue.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/books/${bookId}` })).statusCode).toBe(200);
    const told = (await notificationsOf(t.app, rogue)).filter((n) => n.kind === 'moderated').map((n) => n.action);
    expect(told.sort()).toEqual(['reinstate', 'suspend']);
  });

  it('deletes the author of a reported review or message, and dismisses with a reason', async () => {
    const rogue = await freshSeller();
    const reportId = (await report(buyer, { kind: 'user', id: rogue.id, reason: 'abuse' })).json<{ _id: string }>()._id;
    const deleted = await act(reportId, 'delete', 'Repeated abuse');
    expect(deleted.json<WireReport>()).toMatchObject({ state: 'actioned', user: null, actions: [{ action: 'delete' }] });
    expect((await t.app.inject({ url: '/products', headers: rogue.headers })).statusCode).toBe(401);
    expect((await act(reportId, 'suspend', 'again')).statusCode).toBe(409);

    const innocent = await freshSeller();
    const dismissId = (await report(buyer, { kind: 'user', id: innocent.id, reason: 'other' })).json<{ _id: string }>()._id;
    expect((await act(dismissId, 'dismiss', 'Nothing against the rules')).json<WireReport>().state).toBe('dismissed');
    expect((await notificationsOf(t.app, buyer)).find((n) => n.kind === 'report_outcome' && n.action === 'dismiss')).toMatchObject({
      reason: 'Nothing against the rules',
    });
    expect((await notificationsOf(t.app, innocent)).filter((n) => n.kind === 'moderated')).toEqual([]);
    // Admins cannot suspend themselves through a report.
    const selfReport = (await report(buyer, { kind: 'user', id: admin.id, reason: 'other' })).json<{ _id: string }>()._id;
    expect((await act(selfReport, 'suspend', 'x')).statusCode).toBe(400);
  });

  it('pages, filters and sorts on the server, and counts over the filters', async () => {
    const reporter = await signUp(t.app, `pager${++counter}@test.dev`, 'Buyer');
    const owner = await freshSeller();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1_000);
      const bookId = await addProduct(t.app, owner, { name: `Paged ${i}` });
      ids.push((await report(reporter, { kind: 'book', id: bookId, reason: 'spam' })).json<{ _id: string }>()._id);
    }
    const first = await t.app.inject({ url: '/admin/reports?reason=spam&state=open&limit=2', headers: admin.headers });
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(5);
    const seen = first.json<WireReport[]>().map((row) => row._id);
    expect(seen.slice(0, 2)).toEqual([ids[4], ids[3]]);
    let link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(link).toContain('reason=spam');
    while (link !== undefined) {
      const next = await t.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, ''), headers: admin.headers });
      seen.push(...next.json<WireReport[]>().map((row) => row._id));
      link = /<([^>]+)>; rel="next"/.exec(String(next.headers.link ?? ''))?.[1];
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const oldest = await queue('?reason=spam&state=open&sort=created_asc');
    expect(oldest.map((row) => row._id).filter((id) => ids.includes(id))).toEqual(ids);
    expect((await t.app.inject({ url: '/admin/reports?state=closed', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/admin/reports?cursor=abc', headers: admin.headers })).statusCode).toBe(400);
  });
});
