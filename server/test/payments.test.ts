import {
  addProduct, book, bookingOf, buildTestApp, pay, paymentIntentFor, signUp, signUpCast, type TestApp,
} from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const post = (url: string, headers: object, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...headers }, payload });

describe('POST /create-payment-intent', () => {
  it('charges the booking price from the database (hole: the amount came from the client)', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 42.1 });
    const bookingId = await bookingOf(t.app, cast.buyer, bookId);
    const response = await post('/create-payment-intent', cast.buyer.headers, { bookingId, resale_price: 0.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json().clientSecret).toMatch(/_secret_/);
    expect(t.stripe.created.at(-1)).toEqual({
      amount: 4210, currency: 'usd', payment_method_types: ['card'], metadata: { bookingId, bookId },
    });
  });

  it("refuses someone else's, unknown and missing bookings", async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    expect((await post('/create-payment-intent', cast.otherSeller.headers, { bookingId })).statusCode).toBe(403);
    expect((await post('/create-payment-intent', cast.buyer.headers, { bookingId: 'f'.repeat(24) })).statusCode).toBe(404);
    expect((await post('/create-payment-intent', cast.buyer.headers, { resale_price: 5 })).statusCode).toBe(400);
    expect((await post('/create-payment-intent', {}, { bookingId })).statusCode).toBe(401);
  });
});

describe('POST /payment', () => {
  it('records a succeeded payment, marks the booking paid and the book sold', async () => {
    const bookId = await addProduct(t.app, cast.seller, { category: 'history', name: 'To Be Sold' });
    const bookingId = await bookingOf(t.app, cast.buyer, bookId);
    const { response, transactionId } = await pay(t.app, t.stripe, cast.buyer, bookingId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const booking = (await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.buyer.headers })).json();
    expect(booking.paid).toBe(true);
    const history = (await t.app.inject({ url: '/bookCatagoriesId/history', headers: cast.buyer.headers })).json<Array<{ _id: string }>>();
    expect(history.map((b) => b._id)).not.toContain(bookId); // a sold book leaves the lists

    // Idempotent: the same transaction answers the same record.
    const again = await post('/payment', cast.buyer.headers, { bookingId, transactionId });
    expect(again.json().insertedId).toBe(response.json().insertedId);

    // Sold: nobody can book it again, the seller cannot delete the record.
    const other = await signUp(t.app, 'late-buyer@test.dev');
    expect((await book(t.app, other, bookId)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers })).statusCode).toBe(409);
    expect((await post('/create-payment-intent', cast.buyer.headers, { bookingId })).statusCode).toBe(409);
  });

  it('needs an access token (hole: /payment was unauthenticated)', async () => {
    const response = await post('/payment', {}, { bookingId: 'a'.repeat(24), transactionId: 'pi_x', email: 'x@y.z', resale_price: 1 });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a payment that has not succeeded (hole: never checked with the provider)', async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    const transactionId = await paymentIntentFor(t.app, cast.buyer, bookingId);
    const response = await post('/payment', cast.buyer.headers, { bookingId, transactionId, resale_price: 12.5 });
    expect(response.statusCode).toBe(402);
    const booking = (await t.app.inject({ url: `/bookings/${bookingId}`, headers: cast.buyer.headers })).json();
    expect(booking.paid).toBe(false);
  });

  it('refuses an invented transaction id', async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    expect((await post('/payment', cast.buyer.headers, { bookingId, transactionId: 'pi_invented' })).statusCode).toBe(400);
  });

  it('refuses a succeeded payment of a different amount or for another booking', async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller, { price: 50 }));
    t.stripe.addIntent({ id: 'pi_cheap', status: 'succeeded', amount: 50, currency: 'usd', metadata: { bookingId } });
    expect((await post('/payment', cast.buyer.headers, { bookingId, transactionId: 'pi_cheap' })).statusCode).toBe(400);
    t.stripe.addIntent({ id: 'pi_elsewhere', status: 'succeeded', amount: 5000, currency: 'usd', metadata: { bookingId: 'b'.repeat(24) } });
    expect((await post('/payment', cast.buyer.headers, { bookingId, transactionId: 'pi_elsewhere' })).statusCode).toBe(400);
  });

  it("refuses to record a payment on someone else's booking", async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    const { response } = await pay(t.app, t.stripe, cast.buyer, bookingId);
    expect(response.statusCode).toBe(200);
    const fresh = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    const attempt = await post('/payment', cast.otherSeller.headers, { bookingId: fresh, transactionId: 'pi_fake1' });
    expect(attempt.statusCode).toBe(403);
  });

  it('records concurrent repeats once', async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    const transactionId = await paymentIntentFor(t.app, cast.buyer, bookingId);
    t.stripe.succeed(transactionId);
    const answers = await Promise.all([1, 2, 3].map(() => post('/payment', cast.buyer.headers, { bookingId, transactionId })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().insertedId)).size).toBe(1);
  });

  it('answers 502 without internals when the provider is down', async () => {
    const bookingId = await bookingOf(t.app, cast.buyer, await addProduct(t.app, cast.seller));
    const create = jest.spyOn(t.stripe.paymentIntents, 'create').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:12111'));
    const response = await post('/create-payment-intent', cast.buyer.headers, { bookingId });
    expect(response.statusCode).toBe(502);
    expect(response.body).not.toContain('ECONNREFUSED');
    create.mockRestore();
  });
});
