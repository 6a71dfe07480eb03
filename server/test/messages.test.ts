import type { AddressInfo } from 'node:net';
import { addProduct, bookingOf, signUp, type Actor, type TestApp } from './helper';
import { DAY, MINUTE, type MovableClock, notificationsOf, openStream, orderShop } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let third: Actor;
let baseUrl: string;
let counter = 0;

interface WireThread {
  _id: string;
  kind: string;
  bookingId: string | null;
  bookId: string | null;
  role: string;
  unread: number;
  canSend: boolean;
  closed?: string;
  last: { text: string; authorId: string } | null;
  buyer: { _id: string };
  seller: { _id: string };
}
interface WireMessage {
  _id: string;
  threadId: string;
  author: { _id: string; name: string };
  text: string;
  hidden: boolean;
}

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop({ messagesPerMinute: 0 }));
  third = await signUp(t.app, 'third@test.dev', 'seller');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const freshOrder = async (owner = seller, by = buyer) => bookingOf(t.app, by, await addProduct(t.app, owner, { name: `Book ${++counter}` }));
const send = (actor: Actor, threadId: string, text: string) =>
  t.app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, headers: actor.headers, payload: { text } });
const threadAs = (actor: Actor, threadId: string) => t.app.inject({ url: `/threads/${threadId}`, headers: actor.headers });
const messagesAs = (actor: Actor, threadId: string) => t.app.inject({ url: `/threads/${threadId}/messages`, headers: actor.headers });

describe("an order's thread", () => {
  it('is the booking\'s id, open to its two sides only, and counts what each has not read', async () => {
    const bookingId = await freshOrder();
    const empty = await threadAs(buyer, bookingId);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<WireThread>()).toMatchObject({ _id: bookingId, kind: 'order', bookingId, role: 'buyer', unread: 0, canSend: true, last: null });
    // Read but never written in: not in the inbox.
    const before = (await t.app.inject({ url: '/threads', headers: buyer.headers })).json<WireThread[]>();
    expect(before.map((thread) => thread._id)).not.toContain(bookingId);

    expect((await send(buyer, bookingId, 'Where shall we meet?')).statusCode).toBe(201);
    expect((await send(buyer, bookingId, 'I am free after six.')).statusCode).toBe(201);
    const asSeller = (await threadAs(seller, bookingId)).json<WireThread>();
    expect(asSeller).toMatchObject({ role: 'seller', unread: 2, last: { text: 'I am free after six.', authorId: buyer.id } });
    expect((await threadAs(buyer, bookingId)).json<WireThread>().unread).toBe(0);

    const inbox = await t.app.inject({ url: '/threads', headers: seller.headers });
    expect(inbox.headers['x-unread-count']).toBe('2');
    expect(inbox.json<WireThread[]>()[0]._id).toBe(bookingId);

    const read = await t.app.inject({ method: 'POST', url: `/threads/${bookingId}/read`, headers: seller.headers });
    expect(read.json()).toEqual({ acknowledged: true, modifiedCount: 2 });
    expect((await threadAs(seller, bookingId)).json<WireThread>().unread).toBe(0);

    const list = (await messagesAs(seller, bookingId)).json<WireMessage[]>();
    expect(list.map((m) => m.text)).toEqual(['I am free after six.', 'Where shall we meet?']);

    // A third user, and an admin, cannot read or write in it: it is not theirs (nothing was reported).
    for (const outsider of [third, admin]) {
      expect((await threadAs(outsider, bookingId)).statusCode).toBe(404);
      expect((await messagesAs(outsider, bookingId)).statusCode).toBe(404);
      expect((await send(outsider, bookingId, 'hello')).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: `/threads/${bookingId}` })).statusCode).toBe(401);
  });

  it('stores HTML and script as the characters written, and answers them as text', async () => {
    const bookingId = await freshOrder();
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & see https://example.com\nline two';
    const sent = await send(buyer, bookingId, `  ${text}  `);
    expect(sent.statusCode).toBe(201);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.json<WireMessage>().text).toBe(text);
    const [read] = (await messagesAs(seller, bookingId)).json<WireMessage[]>();
    expect(read.text).toBe(text);
  });

  it('refuses an empty or too long message, and pages long threads newest first', async () => {
    const bookingId = await freshOrder();
    expect((await send(buyer, bookingId, '   ')).statusCode).toBe(400);
    expect((await send(buyer, bookingId, 'x'.repeat(2_001))).statusCode).toBe(400);
    expect((await send(buyer, bookingId, 'x'.repeat(2_000))).statusCode).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await send(seller, bookingId, `reply ${i}`)).statusCode).toBe(201);
    const first = await t.app.inject({ url: `/threads/${bookingId}/messages?limit=3`, headers: buyer.headers });
    expect(first.json<WireMessage[]>().map((m) => m.text)).toEqual(['reply 3', 'reply 2', 'reply 1']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    const second = await t.app.inject({ url: next.replace(/^https?:\/\/[^/]+/, ''), headers: buyer.headers });
    expect(second.json<WireMessage[]>().map((m) => m.text)).toEqual(['reply 0', 'x'.repeat(2_000)]);
    expect(second.headers.link).toBeUndefined();
  });

  it('can be read but not written in 30 days after the order ended', async () => {
    const bookingId = await freshOrder();
    await send(buyer, bookingId, 'Still want it');
    clock.advance(2 * DAY + MINUTE);
    await t.app.orders.sweep();
    expect((await send(seller, bookingId, 'It expired, book again?')).statusCode).toBe(201);
    clock.advance(30 * DAY + MINUTE);
    const late = await send(seller, bookingId, 'Hello?');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/ended more than 30 days ago/);
    expect((await threadAs(buyer, bookingId)).json<WireThread>()).toMatchObject({ canSend: false, closed: expect.stringMatching(/30 days/) });
    expect((await messagesAs(buyer, bookingId)).json<WireMessage[]>()).toHaveLength(2);
  });
});

describe('a question from the book page', () => {
  it('opens one thread per book and asker, which the seller answers', async () => {
    const bookId = await addProduct(t.app, seller, { name: `Asked ${++counter}` });
    const asked = await t.app.inject({ method: 'POST', url: `/books/${bookId}/questions`, headers: buyer.headers, payload: { text: 'Any notes in the margins?' } });
    expect(asked.statusCode).toBe(201);
    const thread = asked.json<WireThread>();
    expect(thread).toMatchObject({ kind: 'book', bookId, bookingId: null, role: 'buyer', seller: { _id: seller.id }, buyer: { _id: buyer.id } });
    const again = await t.app.inject({ method: 'POST', url: `/books/${bookId}/questions`, headers: buyer.headers, payload: { text: 'And the cover?' } });
    expect(again.json<WireThread>()._id).toBe(thread._id);
    expect((await send(seller, thread._id, 'None at all.')).statusCode).toBe(201);
    expect((await messagesAs(buyer, thread._id)).json<WireMessage[]>().map((m) => m.text)).toEqual([
      'None at all.', 'And the cover?', 'Any notes in the margins?',
    ]);
    expect((await threadAs(third, thread._id)).statusCode).toBe(404);
    // The seller cannot ask about their own book; an unknown book is not found.
    expect((await t.app.inject({ method: 'POST', url: `/books/${bookId}/questions`, headers: seller.headers, payload: { text: 'me?' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/books/0123456789abcdef01234567/questions', headers: buyer.headers, payload: { text: 'hi' } })).statusCode).toBe(404);
  });
});

describe('blocks', () => {
  it('keep a blocked user from messaging, asking and booking; lifting one lets them again', async () => {
    const blocker = await signUp(t.app, `blocker${++counter}@test.dev`, 'seller');
    const bookingId = await freshOrder(blocker, third);
    const bookId = await addProduct(t.app, blocker, { name: `Blocked ${++counter}` });
    const blocked = await t.app.inject({ method: 'POST', url: `/blocks/${third.id}`, headers: blocker.headers });
    expect(blocked.json()).toEqual({ _id: third.id, blocked: true });
    expect((await t.app.inject({ url: '/blocks', headers: blocker.headers })).json()).toEqual([
      { _id: third.id, name: 'third', at: clock.now().toISOString() },
    ]);

    expect((await send(third, bookingId, 'hello?')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/books/${bookId}/questions`, headers: third.headers, payload: { text: 'hi' } })).statusCode).toBe(403);
    const booking = await t.app.inject({
      method: 'POST', url: '/bookings', headers: third.headers,
      payload: { bookId, cusTomername: 'third', email: third.email, location: 'Dhaka', phone: '01700000000', bookName: 'x', resale_price: 1, img: 'x' },
    });
    expect(booking.statusCode).toBe(403);
    // The blocker's side says why they cannot write either.
    expect((await threadAs(blocker, bookingId)).json<WireThread>()).toMatchObject({ canSend: false, closed: expect.stringMatching(/You blocked/) });

    expect((await t.app.inject({ method: 'DELETE', url: `/blocks/${third.id}`, headers: blocker.headers })).json()).toEqual({ _id: third.id, blocked: false });
    expect((await send(third, bookingId, 'hello again')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/blocks/${blocker.id}`, headers: blocker.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/blocks/0123456789abcdef01234567', headers: blocker.headers })).statusCode).toBe(404);
  });
});

/** The first `count` messages a stream gets (a notification of the order may come first, on PostgreSQL just after it opened). */
async function messagesOn(stream: ReturnType<typeof openStream>, count: number) {
  for (let seen = 1; ; seen = stream.events.length + 1) {
    await stream.waitFor(seen);
    const messages = stream.events.filter((event) => event.event === 'message');
    if (messages.length >= count) return messages;
  }
}

describe('live', () => {
  it('sends a new message to both sides\' open streams, and a reconnect catches up', async () => {
    const bookingId = await freshOrder();
    const sellerStream = openStream(baseUrl, seller.headers);
    const buyerStream = openStream(baseUrl, buyer.headers);
    const thirdStream = openStream(baseUrl, third.headers);
    let firstId = '';
    try {
      await Promise.all([sellerStream.opened, buyerStream.opened, thirdStream.opened]);
      const sent = (await send(buyer, bookingId, 'On my way')).json<WireMessage>();
      firstId = sent._id;
      const [event] = await messagesOn(sellerStream, 1);
      expect(event.event).toBe('message');
      expect(event.id).toBe(sent._id);
      expect(JSON.parse(event.data)).toEqual(sent);
      expect((await messagesOn(buyerStream, 1))[0].id).toBe(sent._id);
      expect(thirdStream.events.filter((event) => event.event === 'message')).toEqual([]);
    } finally {
      sellerStream.close();
      buyerStream.close();
      thirdStream.close();
    }
    const before = (await send(seller, bookingId, 'See you')).json<WireMessage>();
    const missed = (await send(seller, bookingId, 'x'.repeat(1_999) + '€')).json<WireMessage>();
    const again = openStream(baseUrl, { ...buyer.headers, 'last-event-id': before._id });
    try {
      // The thread's last 30 s come again first (the client drops ids it has), then what it missed.
      const events = await messagesOn(again, 3);
      const ids = events.map((event) => BigInt(event.id ?? '0'));
      expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
      expect(events.map((event) => event.id)).toEqual(expect.arrayContaining([firstId, before._id]));
      const after = events.filter((event) => BigInt(event.id ?? '0') > BigInt(before._id));
      expect(after.map((event) => event.id)).toEqual([missed._id]);
      expect(JSON.parse(after[0].data).text).toBe(missed.text);
    } finally {
      again.close();
    }
  });

  it('sends a message too long to announce whole, read from the table', async () => {
    const bookingId = await freshOrder();
    const stream = openStream(baseUrl, seller.headers);
    try {
      await stream.opened;
      const text = '😀'.repeat(2_000);
      const sent = (await send(buyer, bookingId, text)).json<WireMessage>();
      const [event] = await messagesOn(stream, 1);
      expect(JSON.parse(event.data)).toEqual(sent);
    } finally {
      stream.close();
    }
  });
});

describe('email about unread messages', () => {
  it('tells a reader once after 10 minutes unread, at most once an hour per thread', async () => {
    const reader = await signUp(t.app, `reader${++counter}@test.dev`, 'seller');
    const bookingId = await freshOrder(reader);
    const toldOfMessages = async () => (await notificationsOf(t.app, reader)).filter((n) => n.kind === 'message');
    await send(buyer, bookingId, 'first');
    clock.advance(9 * MINUTE);
    expect(await t.app.messages.tellUnread()).toBe(0);
    clock.advance(2 * MINUTE);
    await t.app.messages.tellUnread();
    expect(await toldOfMessages()).toHaveLength(1);
    expect((await toldOfMessages())[0]).toMatchObject({ bookingId, threadId: bookingId, role: 'seller' });
    // Nothing new: nothing more. A new message within the hour waits for the hour.
    await send(buyer, bookingId, 'second');
    clock.advance(20 * MINUTE);
    await t.app.messages.tellUnread();
    expect(await toldOfMessages()).toHaveLength(1);
    clock.advance(40 * MINUTE);
    await t.app.messages.tellUnread();
    expect(await toldOfMessages()).toHaveLength(2);
    // Read in time: no email.
    await send(buyer, bookingId, 'third');
    await t.app.inject({ method: 'POST', url: `/threads/${bookingId}/read`, headers: reader.headers });
    clock.advance(2 * 60 * MINUTE);
    await t.app.messages.tellUnread();
    expect(await toldOfMessages()).toHaveLength(2);
    // The author is never told of their own messages.
    expect((await notificationsOf(t.app, buyer)).filter((n) => n.kind === 'message' && n.bookingId === bookingId)).toEqual([]);
  });
});
