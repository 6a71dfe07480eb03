import type { AddressInfo } from 'node:net';
import { addProduct, bookingOf, buildSecondApp, pay, signUp, type Actor, type TestApp } from './helper';
import { type MovableClock, move, orderShop, notificationsOf, openStream, type WireNotification } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let other: Actor;
let baseUrl: string;
let counter = 0;

beforeAll(async () => {
  ({ t, clock, buyer, seller } = await orderShop());
  other = await signUp(t.app, 'other@test.dev', 'seller');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const freshBook = (owner = seller) => addProduct(t.app, owner, { name: `Book ${++counter}` });

describe('the list', () => {
  it('answers newest first, pages by cursor, and counts the unread in X-Unread-Count', async () => {
    const reader = await signUp(t.app, `reader${++counter}@test.dev`, 'seller');
    for (let i = 0; i < 5; i += 1) await bookingOf(t.app, buyer, await freshBook(reader));
    const first = await t.app.inject({ url: '/notifications?limit=2', headers: reader.headers });
    expect(first.headers['x-unread-count']).toBe('5');
    const page1 = first.json<WireNotification[]>();
    expect(page1.map((n) => n.bookName)).toEqual([`Book ${counter}`, `Book ${counter - 1}`]);
    expect(page1[0]).toEqual({
      _id: expect.stringMatching(/^\d+$/), kind: 'booked', bookingId: expect.stringMatching(/^[0-9a-f]{24}$/),
      bookName: `Book ${counter}`, role: 'seller', at: clock.now().toISOString(), read: false,
      deadline: new Date(clock.now().getTime() + 2 * 86_400_000).toISOString(),
    });
    // Following the links walks the rest, each once, and the last page has no link.
    const names = page1.map((n) => n.bookName);
    let link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    let pages = 1;
    while (link !== undefined) {
      const next = await t.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, ''), headers: reader.headers });
      names.push(...next.json<WireNotification[]>().map((n) => n.bookName));
      link = /<([^>]+)>; rel="next"/.exec(String(next.headers.link ?? ''))?.[1];
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(names).toEqual([0, 1, 2, 3, 4].map((n) => `Book ${counter - n}`));

    // Read one, then all.
    const read = await t.app.inject({ method: 'POST', url: `/notifications/${page1[0]._id}/read`, headers: reader.headers });
    expect(read.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/notifications/${page1[0]._id}/read`, headers: reader.headers })).json()).toEqual({
      acknowledged: true, modifiedCount: 0,
    });
    expect((await t.app.inject({ url: '/notifications', headers: reader.headers })).headers['x-unread-count']).toBe('4');
    // Another user's notification is not found, and stays unread.
    expect((await t.app.inject({ method: 'POST', url: `/notifications/${page1[1]._id}/read`, headers: buyer.headers })).statusCode).toBe(404);
    const all = await t.app.inject({ method: 'POST', url: '/notifications/read-all', headers: reader.headers });
    expect(all.json()).toEqual({ acknowledged: true, modifiedCount: 4 });
    const after = await t.app.inject({ url: '/notifications', headers: reader.headers });
    expect(after.headers['x-unread-count']).toBe('0');
    expect(after.json<WireNotification[]>().every((n) => n.read)).toBe(true);
  });

  it('refuses a bad cursor or id with 400, and is for the signed-in only', async () => {
    expect((await t.app.inject({ url: '/notifications?cursor=abc', headers: buyer.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/notifications?limit=0', headers: buyer.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/notifications/0x1/read', headers: buyer.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/notifications' })).statusCode).toBe(401);
  });
});

describe('email settings and unsubscribe links', () => {
  it('turns kinds on and off, and a signed link turns its kind off', async () => {
    const fresh = await t.app.inject({ url: '/notification-settings', headers: other.headers });
    expect(Object.values(fresh.json<{ email: Record<string, boolean> }>().email).every(Boolean)).toBe(true);
    const changed = await t.app.inject({ method: 'PUT', url: '/notification-settings', headers: other.headers, payload: { email: { paid: false, booked: false } } });
    expect(changed.json().email).toMatchObject({ paid: false, booked: false, shipped: true });
    expect((await t.app.inject({ method: 'PUT', url: '/notification-settings', headers: other.headers, payload: { email: 'off' } })).statusCode).toBe(400);

    const token = t.app.mail.tokens.make(other.id, 'shipped');
    const unsubscribed = await t.app.inject({ method: 'POST', url: '/notifications/unsubscribe', payload: { token } });
    expect(unsubscribed.json()).toEqual({ kind: 'shipped' });
    expect((await t.app.inject({ url: '/notification-settings', headers: other.headers })).json().email).toMatchObject({ shipped: false });
    // A token changed by hand is refused.
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'POST', url: '/notifications/unsubscribe', payload: { token: forged } })).statusCode).toBe(400);
    const otherUser = t.app.mail.tokens.make(buyer.id, 'shipped').split('.')[0];
    expect((await t.app.inject({ method: 'POST', url: '/notifications/unsubscribe', payload: { token: `${otherUser}.${token.split('.')[1]}` } })).statusCode).toBe(400);
  });
});

describe('GET /events', () => {
  it('sends each new notification of the caller live, and never another user\'s', async () => {
    const sellerStream = openStream(baseUrl, seller.headers);
    const otherStream = openStream(baseUrl, other.headers);
    try {
      const opened = await sellerStream.opened;
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(opened.headers['cache-control']).toBe('no-store');
      await otherStream.opened;
      const bookingId = await bookingOf(t.app, buyer, await freshBook());
      const [event] = await sellerStream.waitFor(1);
      expect(event.event).toBe('notification');
      expect(JSON.parse(event.data)).toMatchObject({ _id: event.id, kind: 'booked', bookingId, role: 'seller', read: false });
      await pay(t.app, t.stripe, buyer, bookingId);
      const events = await sellerStream.waitFor(2);
      expect(JSON.parse(events[1].data)).toMatchObject({ kind: 'paid', bookingId });
      expect(Number(events[1].id)).toBeGreaterThan(Number(events[0].id));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(otherStream.events).toEqual([]);
    } finally {
      sellerStream.close();
      otherStream.close();
    }
  });

  it('sends a reconnecting stream what it missed after Last-Event-ID, then the live ones', async () => {
    const before = await notificationsOf(t.app, seller);
    const lastSeen = before[0]._id;
    const missedBooking = await bookingOf(t.app, buyer, await freshBook());
    const missed = await bookingOf(t.app, buyer, await freshBook());
    const stream = openStream(baseUrl, { ...seller.headers, 'last-event-id': lastSeen });
    try {
      await stream.opened;
      // The last 30 s at or before Last-Event-ID come again (in id order, first): the client drops what it has.
      const recent = await t.app.db.query<{ id: string }>(
        `select id::text as id from notifications where user_id = $1 and id <= $2::bigint and created_at >= $3 order by notifications.id`,
        [seller.id, lastSeen, new Date(clock.now().getTime() - 30_000)],
      );
      const caughtUp = await stream.waitFor(recent.length + 2);
      expect(caughtUp.slice(0, recent.length).map((event) => event.id)).toEqual(recent.map((row) => row.id));
      expect(caughtUp.slice(recent.length).map((event) => JSON.parse(event.data).bookingId)).toEqual([missedBooking, missed]);
      const live = await bookingOf(t.app, buyer, await freshBook());
      const events = await stream.waitFor(recent.length + 3);
      expect(JSON.parse(events[recent.length + 2].data).bookingId).toBe(live);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stream.events).toHaveLength(recent.length + 3);
    } finally {
      stream.close();
    }
  });

  it('sends again, on a reconnect, a notification that committed after a later one the client had', async () => {
    // An id taken by a transaction that commits late: the row after it is sent (and seen) first.
    const [{ id: lateId }] = await t.app.db.query<{ id: string }>("select nextval('notifications_id_seq')::text as id");
    await bookingOf(t.app, buyer, await freshBook());
    const [seen] = await notificationsOf(t.app, seller);
    expect(Number(seen._id)).toBeGreaterThan(Number(lateId));
    const lateBooking = await bookingOf(t.app, buyer, await freshBook());
    await t.app.db.query(
      `insert into notifications (id, user_id, booking_id, kind, role, book_name, created_at)
       values ($1::bigint, $2, $3, 'cancelled', 'seller', 'Late', $4)`,
      [lateId, seller.id, lateBooking, clock.now()],
    );
    const stream = openStream(baseUrl, { ...seller.headers, 'last-event-id': seen._id });
    try {
      await stream.opened;
      await stream.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const late = stream.events.find((event) => event.id === lateId);
      expect(late && JSON.parse(late.data)).toMatchObject({ kind: 'cancelled', bookingId: lateBooking });
      // A long way back, nothing comes again: the lookback is by time.
      clock.advance(31_000);
      const later = openStream(baseUrl, { ...seller.headers, 'last-event-id': seen._id });
      try {
        await later.opened;
        await later.waitFor(1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(later.events.map((event) => Number(event.id)).every((id) => id > Number(seen._id))).toBe(true);
      } finally {
        later.close();
      }
    } finally {
      stream.close();
    }
  });

  it('refuses a stream without a valid access token, and a malformed Last-Event-ID', async () => {
    const anonymous = openStream(baseUrl, {});
    expect((await anonymous.opened).statusCode).toBe(401);
    anonymous.close();
    const badId = openStream(baseUrl, { ...buyer.headers, 'last-event-id': 'abc' });
    expect((await badId.opened).statusCode).toBe(400);
    badId.close();
  });

  it('holds at most 50 streams of one user in a process, refusing more with 429', async () => {
    const many = await signUp(t.app, `many${++counter}@test.dev`, 'Buyer');
    const streams = Array.from({ length: 50 }, () => openStream(baseUrl, many.headers));
    try {
      expect((await Promise.all(streams.map((stream) => stream.opened))).map((response) => response.statusCode)).toEqual(Array(50).fill(200));
      const oneMore = openStream(baseUrl, many.headers);
      expect((await oneMore.opened).statusCode).toBe(429);
      oneMore.close();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('reaches a stream held by another API process on the same database', async () => {
    const second = await buildSecondApp(t);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const stream = openStream(secondUrl, seller.headers);
      try {
        await stream.opened;
        // The move happens in the first process; the stream is held by the second.
        const bookingId = await bookingOf(t.app, buyer, await freshBook());
        const [event] = await stream.waitFor(1);
        expect(JSON.parse(event.data)).toMatchObject({ kind: 'booked', bookingId });
        await move(t.app, buyer, bookingId, { to: 'cancelled' });
        expect(JSON.parse((await stream.waitFor(2))[1].data)).toMatchObject({ kind: 'cancelled', bookingId });
      } finally {
        stream.close();
      }
    } finally {
      await second.close();
    }
  });
});
