import { addProduct, bookingOf, buildTestApp, signUp, signUpCast, type Actor, type TestApp } from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const askIntent = (app: TestApp, buyer: Actor, bookingId: string) =>
  app.app.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.headers, payload: { bookingId, resale_price: 1 } });
const secretOf = (answer: { json<T>(): T }) => answer.json<{ clientSecret: string }>().clientSecret;
const intentIdOf = (secret: string) => secret.split('_secret_')[0];

async function openBooking(price = 12) {
  return bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller, { price }));
}

describe('POST /create-payment-intent reuses the open PaymentIntent of the booking', () => {
  it('answers the same intent to repeated calls instead of one per call', async () => {
    const bookingId = await openBooking();
    const secrets: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await askIntent(t, cast.buyer, bookingId);
      expect(answer.statusCode).toBe(200);
      secrets.push(secretOf(answer));
    }
    expect(new Set(secrets).size).toBe(1);
    expect(t.stripe.intentsOf(bookingId)).toHaveLength(1);
  });

  it('makes one intent for simultaneous first calls', async () => {
    const bookingId = await openBooking();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => askIntent(t, cast.buyer, bookingId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map(secretOf)).size).toBe(1);
    expect(t.stripe.intentsOf(bookingId)).toHaveLength(1);
    // And the booking remembers it: a later call answers it too.
    expect(secretOf(await askIntent(t, cast.buyer, bookingId))).toBe(secretOf(answers[0]));
  });

  it.each(['requires_confirmation', 'requires_action'])('reuses an intent that is in %s', async (status) => {
    const bookingId = await openBooking();
    const first = secretOf(await askIntent(t, cast.buyer, bookingId));
    t.stripe.intents.get(intentIdOf(first))!.status = status;
    expect(secretOf(await askIntent(t, cast.buyer, bookingId))).toBe(first);
    expect(t.stripe.intentsOf(bookingId)).toHaveLength(1);
  });

  it.each(['succeeded', 'canceled', 'processing'])('makes a new intent when the open one is %s', async (status) => {
    const bookingId = await openBooking();
    const first = secretOf(await askIntent(t, cast.buyer, bookingId));
    t.stripe.intents.get(intentIdOf(first))!.status = status;
    const second = secretOf(await askIntent(t, cast.buyer, bookingId));
    expect(second).not.toBe(first);
    expect(t.stripe.intentsOf(bookingId)).toHaveLength(2);
    // The new one is the booking's intent from now on.
    expect(secretOf(await askIntent(t, cast.buyer, bookingId))).toBe(second);
  });

  it('makes a new intent when the open one no longer matches the booking price or currency', async () => {
    const bookingId = await openBooking(20);
    const first = secretOf(await askIntent(t, cast.buyer, bookingId));
    t.stripe.intents.get(intentIdOf(first))!.amount = 100;
    const second = secretOf(await askIntent(t, cast.buyer, bookingId));
    expect(second).not.toBe(first);
    t.stripe.intents.get(intentIdOf(second))!.currency = 'eur';
    const third = secretOf(await askIntent(t, cast.buyer, bookingId));
    expect(new Set([first, second, third]).size).toBe(3);
    expect(t.stripe.intents.get(intentIdOf(third))).toMatchObject({ amount: 2000, currency: 'usd' });
  });

  it('makes a new intent when the provider no longer knows the open one', async () => {
    const bookingId = await openBooking();
    const first = secretOf(await askIntent(t, cast.buyer, bookingId));
    t.stripe.intents.delete(intentIdOf(first));
    const second = await askIntent(t, cast.buyer, bookingId);
    expect(second.statusCode).toBe(200);
    expect(secretOf(second)).not.toBe(first);
  });

  it('answers 502 without internals when the provider cannot say how the open intent is', async () => {
    const bookingId = await openBooking();
    await askIntent(t, cast.buyer, bookingId);
    const retrieve = jest.spyOn(t.stripe.paymentIntents, 'retrieve').mockRejectedValueOnce(new Error('socket hang up'));
    const answer = await askIntent(t, cast.buyer, bookingId);
    retrieve.mockRestore();
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ message: 'The payment provider is unavailable, try again' });
    expect(t.stripe.intentsOf(bookingId)).toHaveLength(1);
  });

  it('keys each creation at the provider by booking, amount and attempt', async () => {
    const bookingId = await openBooking(15);
    const create = jest.spyOn(t.stripe.paymentIntents, 'create');
    const first = secretOf(await askIntent(t, cast.buyer, bookingId));
    t.stripe.intents.get(intentIdOf(first))!.status = 'canceled';
    await askIntent(t, cast.buyer, bookingId);
    expect(create.mock.calls.map((call) => call[1])).toEqual([
      { idempotencyKey: `payment-intent-${bookingId}-1500-0` },
      { idempotencyKey: `payment-intent-${bookingId}-1500-1` },
    ]);
    create.mockRestore();
  });
});

describe('POST /create-payment-intent is rate-limited per user and booking', () => {
  let limited: TestApp;
  let buyer: Actor;
  let seller: Actor;
  let otherBuyer: Actor;
  beforeAll(async () => {
    // Sign-ups count against the same number, per address.
    limited = await buildTestApp({ rateLimitPerMinute: 3 });
    buyer = await signUp(limited.app, 'limited-buyer@test.dev');
    seller = await signUp(limited.app, 'limited-seller@test.dev', 'seller');
    otherBuyer = await signUp(limited.app, 'limited-other-buyer@test.dev');
  });
  afterAll(() => limited.close());

  it('refuses the calls past the limit with 429, counting each booking and each user apart', async () => {
    const bookingId = await bookingOf(limited.app, buyer, await addProduct(limited.app, seller));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await askIntent(limited, buyer, bookingId)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await askIntent(limited, buyer, bookingId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect(limited.stripe.intentsOf(bookingId)).toHaveLength(1);

    // Another booking of the same user, and another user's booking, have their own counts.
    const otherBooking = await bookingOf(limited.app, buyer, await addProduct(limited.app, seller));
    expect((await askIntent(limited, buyer, otherBooking)).statusCode).toBe(200);
    const theirs = await bookingOf(limited.app, otherBuyer, await addProduct(limited.app, seller));
    expect((await askIntent(limited, otherBuyer, theirs)).statusCode).toBe(200);
  });

  it('checks the caller before counting: no token is a 401, and does not use up the limit', async () => {
    const bookingId = await bookingOf(limited.app, buyer, await addProduct(limited.app, seller));
    for (let i = 0; i < 4; i += 1) {
      const anonymous = await limited.app.inject({ method: 'POST', url: '/create-payment-intent', payload: { bookingId } });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await askIntent(limited, buyer, bookingId)).statusCode).toBe(200);
  });
});
