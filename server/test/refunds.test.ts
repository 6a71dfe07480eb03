import {
  addProduct, bookingOf, buildTestApp, chargedBookingOf, paymentIntentFor, recordCharge, signUp, signUpCast, type Actor,
  type TestApp,
} from './helper';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp();
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const chargedBooking = (buyer: Actor, bookId: string) => chargedBookingOf(t.app, t.stripe, buyer, bookId);
const record = (buyer: Actor, charged: { bookingId: string; transactionId: string }) => recordCharge(t.app, buyer, charged);
const paidOf = async (buyer: Actor, bookingId: string) =>
  (await t.app.inject({ url: `/bookings/${bookingId}`, headers: buyer.headers })).json<{ paid: boolean }>().paid;

describe('a charge for a sale that cannot happen any more is refunded', () => {
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
