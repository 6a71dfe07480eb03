import {
  addProduct, book, bookingOf, buildTestApp, pay, paymentIntentFor, signUp, signUpCast, type Actor, type TestApp,
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
      amount: 4210, currency: 'usd', payment_method_types: ['card'], metadata: { bookingId },
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

describe('a charge for a sale that cannot happen any more is refunded', () => {
  /** A booking whose card payment went through at the provider, not yet recorded. */
  async function chargedBooking(buyer: Actor, bookId: string) {
    const bookingId = await bookingOf(t.app, buyer, bookId);
    const transactionId = await paymentIntentFor(t.app, buyer, bookingId);
    t.stripe.succeed(transactionId);
    return { bookingId, transactionId };
  }
  const record = (buyer: Actor, charged: { bookingId: string; transactionId: string }) =>
    post('/payment', buyer.headers, charged);
  const paidOf = async (buyer: Actor, bookingId: string) =>
    (await t.app.inject({ url: `/bookings/${bookingId}`, headers: buyer.headers })).json<{ paid: boolean }>().paid;

  it('refunds the second buyer when the book was sold to the first meanwhile, once however often they retry', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 12.5 });
    const rival = await signUp(t.app, 'rival-buyer@test.dev');
    const first = await chargedBooking(cast.buyer, bookId);
    const second = await chargedBooking(rival, bookId);

    expect((await record(cast.buyer, first)).statusCode).toBe(200);
    const late = await record(rival, second);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'This book was sold to another buyer meanwhile. Your payment of $12.50 has been refunded.',
    });
    expect((await record(rival, second)).statusCode).toBe(409);

    expect(t.stripe.refundsOf(second.transactionId)).toEqual([
      {
        id: expect.any(String), amount: 1250, status: 'succeeded',
        params: { payment_intent: second.transactionId, reason: 'requested_by_customer', metadata: { bookingId: second.bookingId } },
      },
    ]);
    expect(t.stripe.refundsOf(first.transactionId)).toEqual([]);
    expect(await paidOf(rival, second.bookingId)).toBe(false);
    expect(await paidOf(cast.buyer, first.bookingId)).toBe(true);
  });

  it('refunds a second charge of a booking already paid (two tabs), keeping the first', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const first = await chargedBooking(cast.buyer, bookId);
    const secondId = await paymentIntentFor(t.app, cast.buyer, first.bookingId);
    t.stripe.succeed(secondId);

    const recorded = await record(cast.buyer, first);
    expect(recorded.statusCode).toBe(200);
    const duplicate = await record(cast.buyer, { bookingId: first.bookingId, transactionId: secondId });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toMatch(/^This booking is already paid\. Your payment of \$\d+\.\d\d has been refunded\.$/);
    expect(t.stripe.refundsOf(secondId)).toHaveLength(1);
    expect(t.stripe.refundsOf(first.transactionId)).toHaveLength(0);
    // The first payment's record is untouched.
    expect((await record(cast.buyer, first)).json().insertedId).toBe(recorded.json().insertedId);
  });

  it('refunds a charge whose booking was withdrawn with its book meanwhile', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const charged = await chargedBooking(cast.buyer, bookId);
    const withdrawn = await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers });
    expect(withdrawn.statusCode).toBe(200);
    const response = await record(cast.buyer, charged);
    expect(response.statusCode).toBe(409);
    // The booking is gone, so who paid cannot be checked: the answer names no amount.
    expect(response.json()).toEqual({ message: 'This booking was withdrawn meanwhile. Your payment has been refunded.' });
    expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
  });

  it('refunds a charge whose booking the buyer cancelled while the provider was being asked', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 9 });
    const charged = await chargedBooking(cast.buyer, bookId);
    const original = t.stripe.paymentIntents.retrieve;
    const retrieve = jest.spyOn(t.stripe.paymentIntents, 'retrieve').mockImplementationOnce(async (id) => {
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/bookings/${charged.bookingId}`, headers: cast.buyer.headers });
      expect(cancelled.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      return original(id);
    });
    const response = await record(cast.buyer, charged);
    retrieve.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This booking was withdrawn meanwhile. Your payment of $9.00 has been refunded.' });
    expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
  });

  it('lets exactly one of two buyers paying at the same moment have the book, and refunds the other', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const rival = await signUp(t.app, 'racing-buyer@test.dev');
    const mine = await chargedBooking(cast.buyer, bookId);
    const theirs = await chargedBooking(rival, bookId);
    const answers = await Promise.all([record(cast.buyer, mine), record(rival, theirs)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers[0].statusCode === 409 ? mine : theirs;
    const winner = loser === mine ? theirs : mine;
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toMatch(
      /^This book was sold to another buyer meanwhile\. Your payment of \$\d+\.\d\d has been refunded\.$/,
    );
    expect(t.stripe.refundsOf(loser.transactionId)).toHaveLength(1);
    expect(t.stripe.refundsOf(winner.transactionId)).toHaveLength(0);
  });

  it('takes a refund already under way (a simultaneous request with the same key) as done', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const rival = await signUp(t.app, 'twin-tab-buyer@test.dev');
    const first = await chargedBooking(cast.buyer, bookId);
    const second = await chargedBooking(rival, bookId);
    expect((await record(cast.buyer, first)).statusCode).toBe(200);
    const create = jest.spyOn(t.stripe.refunds, 'create').mockRejectedValueOnce(
      Object.assign(new Error('There is currently another in-progress request using this Idempotent Key'), {
        statusCode: 409, code: 'idempotency_key_in_use',
      }),
    );
    const response = await record(rival, second);
    create.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/has been refunded\.$/);
  });

  it('answers 502 and records nothing when the refund fails, and refunds on the retry', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const rival = await signUp(t.app, 'unlucky-buyer@test.dev');
    const first = await chargedBooking(cast.buyer, bookId);
    const second = await chargedBooking(rival, bookId);
    expect((await record(cast.buyer, first)).statusCode).toBe(200);

    t.stripe.refundsFail = true;
    const failed = await record(rival, second);
    t.stripe.refundsFail = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'This book was sold to another buyer meanwhile, and refunding your payment failed: please try again',
    );
    expect(t.stripe.refundsOf(second.transactionId)).toHaveLength(0);

    expect((await record(rival, second)).statusCode).toBe(409);
    expect(t.stripe.refundsOf(second.transactionId)).toHaveLength(1);
  });

  it('does not refund an unpaid intent: a book sold meanwhile is a plain 409', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const rival = await signUp(t.app, 'slow-buyer@test.dev');
    const bookingId = await bookingOf(t.app, rival, bookId);
    const transactionId = await paymentIntentFor(t.app, rival, bookingId);
    expect((await record(cast.buyer, await chargedBooking(cast.buyer, bookId))).statusCode).toBe(200);
    const response = await record(rival, { bookingId, transactionId });
    expect(response.statusCode).toBe(409);
    expect(t.stripe.refundsOf(transactionId)).toHaveLength(0);
  });
});
