import { addProduct, bookingOf, buildSecondApp, buildTestApp, pay, signUp, type Actor, type TestApp } from './helper';
import { startMailServer } from './mailSupport';
import { MINUTE, MovableClock, move, orderAs } from './orderSupport';

let t: TestApp;
let clock: MovableClock;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let buyer: Actor;
let seller: Actor;
let counter = 0;
const CLIENT = 'http://shop.test';

beforeAll(async () => {
  mail = await startMailServer();
  clock = new MovableClock();
  t = await buildTestApp({ mail: { smtpUrl: mail.url, from: 'Book Resale <orders@shop.test>', clientUrl: CLIENT } }, { clock });
  buyer = await signUp(t.app, 'buyer@test.dev', 'Buyer');
  seller = await signUp(t.app, 'seller@test.dev', 'seller');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const freshBook = () => addProduct(t.app, seller, { name: `Book ${++counter}` });

describe('order emails, as the local SMTP server received them', () => {
  it('tell the seller of a booking and a payment, and link to the order and to turning that kind off', async () => {
    const bookingId = await bookingOf(t.app, buyer, await freshBook());
    await pay(t.app, t.stripe, buyer, bookingId);
    await t.app.mail.deliver();
    const toSeller = mail.to(seller.email);
    expect(toSeller.map((m) => m.subject)).toEqual([`Book ${counter} was booked`, `Book ${counter} was paid for`]);
    const paid = toSeller[1];
    expect(paid.header('from')).toBe('Book Resale <orders@shop.test>');
    expect(paid.text).toContain(`See the order: ${CLIENT}/dashboard/orders/${bookingId}`);
    const unsubscribe = /Stop emails like this one: (\S+)/.exec(paid.text)?.[1] ?? '';
    expect(unsubscribe).toMatch(new RegExp(`^${CLIENT}/unsubscribe\\?token=`));
    expect(paid.header('list-unsubscribe')).toContain(unsubscribe);
    // The link's token turns off that kind only.
    const token = decodeURIComponent(new URL(unsubscribe).searchParams.get('token') ?? '');
    expect((await t.app.inject({ method: 'POST', url: '/notifications/unsubscribe', payload: { token } })).json()).toEqual({ kind: 'paid' });
  });

  it('never hold the hand-over code, a token of the account, or the other side\'s phone number', async () => {
    const bookingId = await bookingOf(t.app, buyer, await freshBook());
    await pay(t.app, t.stripe, buyer, bookingId);
    const code = (await orderAs(t.app, buyer, bookingId)).handoverCode as string;
    await move(t.app, seller, bookingId, { to: 'ready' });
    await move(t.app, seller, bookingId, { to: 'received', code });
    await t.app.mail.deliver();
    const about = mail.received.filter((m) => m.text.includes(bookingId));
    expect(about.map((m) => `${m.to[0]} ${m.subject}`)).toEqual(
      expect.arrayContaining([`${buyer.email} Book ${counter} is ready to collect`, `${buyer.email} You received Book ${counter}`]),
    );
    for (const sent of about) {
      expect(sent.raw).not.toContain(code);
      expect(sent.raw).not.toContain(buyer.accessToken);
      expect(sent.raw).not.toContain(seller.accessToken);
      // The booking's phone ('123', see helper.book) and the seller's listing phone.
      expect(sent.text).not.toMatch(/\b123\b|555 0111/);
    }
  });

  it('skip a kind the user turned off', async () => {
    await t.app.inject({ method: 'PUT', url: '/notification-settings', headers: seller.headers, payload: { email: { booked: false } } });
    const before = mail.to(seller.email).length;
    const bookingId = await bookingOf(t.app, buyer, await freshBook());
    await t.app.mail.deliver();
    expect(mail.to(seller.email).length).toBe(before);
    // Still told in the app.
    const listed = await t.app.inject({ url: '/notifications?limit=1', headers: seller.headers });
    expect(listed.json()[0]).toMatchObject({ kind: 'booked', bookingId });
    await t.app.inject({ method: 'PUT', url: '/notification-settings', headers: seller.headers, payload: { email: { booked: true } } });
  });

  it('are sent once, when two processes deliver at the same moment', async () => {
    const second = await buildSecondApp(t);
    try {
      const before = mail.received.length;
      const bookings = await Promise.all(Array.from({ length: 5 }, async () => bookingOf(t.app, buyer, await freshBook())));
      await Promise.all([t.app.mail.deliver(), second.app.mail.deliver(), t.app.mail.deliver()]);
      const sent = mail.received.slice(before);
      expect(sent).toHaveLength(5);
      expect(new Set(sent.map((m) => bookings.find((id) => m.text.includes(id))))).toEqual(new Set(bookings));
    } finally {
      await second.close();
    }
  });

  it('are not lost when the mail server refuses them: a later delivery sends them', async () => {
    const before = mail.received.length;
    mail.refuse(true);
    const bookingId = await bookingOf(t.app, buyer, await freshBook());
    await t.app.mail.deliver();
    expect(mail.received.length).toBe(before);
    mail.refuse(false);
    // Within its lease the claim is left alone; after it, the email goes.
    await t.app.mail.deliver();
    expect(mail.received.length).toBe(before);
    clock.advance(MINUTE + 1);
    await t.app.mail.deliver();
    const sent = mail.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(bookingId);
  });
});

describe('the SMTP URL', () => {
  it('speaks to a mail server on this machine without STARTTLS, and to any other with it', async () => {
    const { transportUrl } = await import('../src/plugins/mail');
    expect(transportUrl('smtp://127.0.0.1:1025')).toBe('smtp://127.0.0.1:1025?ignoreTLS=true');
    expect(transportUrl('smtp://localhost:1025')).toBe('smtp://localhost:1025?ignoreTLS=true');
    expect(transportUrl('smtp://user:secret@smtp.example.com:587')).toBe('smtp://user:secret@smtp.example.com:587');
    expect(transportUrl('smtps://user:secret@smtp.example.com:465')).toBe('smtps://user:secret@smtp.example.com:465');
  });
});
