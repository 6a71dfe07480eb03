import {
  addProduct, beforeDatabaseCall, bookingOf, buildTestApp, chargedBookingOf, paymentIntentFor, recordCharge, signUp,
  signUpCast, type Actor, type TestApp,
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
/** Runs `meanwhile` while the API asks the provider about the PaymentIntent, then lets it answer. */
function whileTheProviderIsAsked(meanwhile: () => Promise<void>) {
  const original = t.stripe.paymentIntents.retrieve;
  return jest.spyOn(t.stripe.paymentIntents, 'retrieve').mockImplementationOnce(async (id) => {
    await meanwhile();
    return original(id);
  });
}

type Answer = Awaited<ReturnType<typeof record>>;
interface Race {
  /** What happens while the charge is being recorded. */
  meanwhile: () => Promise<void>;
  recording: () => Promise<Answer>;
  /** Checks the answer of a recording that `meanwhile` happened during. */
  check: (answer: Answer, at: number) => Promise<void>;
}
/**
 * Plays a fresh race once for each database call the recording makes, with `meanwhile` done right
 * before that call: every point at which it can commit during the recording is met, whatever the
 * scheduling. Past the recording's last call nothing happened meanwhile, and the charge is
 * recorded. Answers how many points there were.
 */
async function atEveryPoint(race: () => Promise<Race>): Promise<number> {
  // Only the recording's own calls are counted: the emails its commit starts sending run in the
  // background and would otherwise take a turn, after the recording had already committed.
  const quiet = jest.spyOn(t.app.mail, 'kick').mockImplementation(() => undefined);
  try {
    return await atEachPoint(race);
  } finally {
    quiet.mockRestore();
  }
}

async function atEachPoint(race: () => Promise<Race>): Promise<number> {
  for (let at = 0; at < 50; at += 1) {
    const { meanwhile, recording, check } = await race();
    const point = beforeDatabaseCall(t.testDb.db, at, meanwhile);
    const answer = await recording().finally(() => point.restore());
    if (!point.reached()) {
      expect(answer.statusCode).toBe(200);
      return at;
    }
    await check(answer, at);
  }
  throw new Error('The recording made more database calls than expected');
}

describe('the refund names why the sale cannot happen', () => {
  const refunded = (reason: string, amount?: string) =>
    ({ message: `${reason}. Your payment${amount ? ` of ${amount}` : ''} has been refunded.` });

  it('another buyer: the book was sold to them (named right before too)', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 7 });
    const rival = await signUp(t.app, 'reason-rival@test.dev');
    const first = await chargedBooking(rival, bookId);
    const second = await chargedBooking(cast.buyer, bookId);
    expect((await record(rival, first)).statusCode).toBe(200);
    const response = await record(cast.buyer, second);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refunded('This book was sold to another buyer meanwhile', '$7.00'));
  });

  it('another buyer recorded while the provider was asked: sold to them', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 7.5 });
    const rival = await signUp(t.app, 'reason-quick-rival@test.dev');
    const theirs = await chargedBooking(rival, bookId);
    const mine = await chargedBooking(cast.buyer, bookId);
    const retrieve = whileTheProviderIsAsked(async () => {
      expect((await record(rival, theirs)).statusCode).toBe(200);
    });
    const response = await record(cast.buyer, mine);
    retrieve.mockRestore();
    expect(response.json()).toEqual(refunded('This book was sold to another buyer meanwhile', '$7.50'));
  });

  it('a second charge of a booking already paid (two tabs): paid by the other payment, which stays', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 11 });
    const first = await chargedBooking(cast.buyer, bookId);
    // The first tab's intent succeeded, so the second tab's checkout gets an intent of its own.
    const secondId = await paymentIntentFor(t.app, cast.buyer, first.bookingId);
    expect(secondId).not.toBe(first.transactionId);
    t.stripe.succeed(secondId);

    const recorded = await record(cast.buyer, first);
    expect(recorded.statusCode).toBe(200);
    const duplicate = await record(cast.buyer, { bookingId: first.bookingId, transactionId: secondId });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual(refunded('This booking was already paid by your other payment', '$11.00'));
    expect(t.stripe.refundsOf(secondId)).toHaveLength(1);
    expect(t.stripe.refundsOf(first.transactionId)).toHaveLength(0);
    // The first payment's record is untouched.
    expect((await record(cast.buyer, first)).json().insertedId).toBe(recorded.json().insertedId);
  });

  it('the other tab recorded its charge while the provider was asked: paid by the other payment (was: sold to another buyer)', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 13 });
    const first = await chargedBooking(cast.buyer, bookId);
    const secondId = await paymentIntentFor(t.app, cast.buyer, first.bookingId);
    t.stripe.succeed(secondId);
    const retrieve = whileTheProviderIsAsked(async () => {
      expect((await record(cast.buyer, first)).statusCode).toBe(200);
    });
    const response = await record(cast.buyer, { bookingId: first.bookingId, transactionId: secondId });
    retrieve.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refunded('This booking was already paid by your other payment', '$13.00'));
    expect(t.stripe.refundsOf(secondId)).toHaveLength(1);
    expect(await paidOf(cast.buyer, first.bookingId)).toBe(true);
  });

  it('two tabs recording two charges of one booking at the same moment: one stays, the other is paid by it (was: sold to another buyer)', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 14 });
    const first = await chargedBooking(cast.buyer, bookId);
    const secondId = await paymentIntentFor(t.app, cast.buyer, first.bookingId);
    t.stripe.succeed(secondId);
    const answers = await Promise.all([
      record(cast.buyer, first), record(cast.buyer, { bookingId: first.bookingId, transactionId: secondId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual(
      refunded('This booking was already paid by your other payment', '$14.00'),
    );
  });

  // An earlier record, the booking, the sale read again and the payment's transaction are points of
  // their own (the caller comes from memory, app.caches.users, read when they signed in).
  const POINTS = 4;

  it('the other tab recorded its charge at any point of this recording: paid by the other payment, which stays', async () => {
    const points = await atEveryPoint(async () => {
      const bookId = await addProduct(t.app, cast.seller, { price: 15 });
      const first = await chargedBooking(cast.buyer, bookId);
      const secondId = await paymentIntentFor(t.app, cast.buyer, first.bookingId);
      t.stripe.succeed(secondId);
      return {
        meanwhile: async () => {
          expect((await record(cast.buyer, first)).statusCode).toBe(200);
        },
        recording: () => record(cast.buyer, { bookingId: first.bookingId, transactionId: secondId }),
        check: async (answer, at) => {
          expect({ at, statusCode: answer.statusCode, body: answer.json() }).toEqual({
            at, statusCode: 409, body: refunded('This booking was already paid by your other payment', '$15.00'),
          });
          expect(t.stripe.refundsOf(secondId)).toHaveLength(1);
          expect(t.stripe.refundsOf(first.transactionId)).toHaveLength(0);
          expect(await paidOf(cast.buyer, first.bookingId)).toBe(true);
        },
      };
    });
    expect(points).toBeGreaterThanOrEqual(POINTS);
  });

  it('another buyer recorded their charge at any point of this recording: sold to them', async () => {
    const rival = await signUp(t.app, 'reason-any-point-rival@test.dev');
    const points = await atEveryPoint(async () => {
      const bookId = await addProduct(t.app, cast.seller, { price: 16 });
      const theirs = await chargedBooking(rival, bookId);
      const mine = await chargedBooking(cast.buyer, bookId);
      return {
        meanwhile: async () => {
          expect((await record(rival, theirs)).statusCode).toBe(200);
        },
        recording: () => record(cast.buyer, mine),
        check: async (answer, at) => {
          expect({ at, statusCode: answer.statusCode, body: answer.json() }).toEqual({
            at, statusCode: 409, body: refunded('This book was sold to another buyer meanwhile', '$16.00'),
          });
          expect(t.stripe.refundsOf(mine.transactionId)).toHaveLength(1);
          expect(t.stripe.refundsOf(theirs.transactionId)).toHaveLength(0);
          expect(await paidOf(rival, theirs.bookingId)).toBe(true);
        },
      };
    });
    expect(points).toBeGreaterThanOrEqual(POINTS);
  });

  it.each([
    { who: 'the seller withdrew the book', reason: 'The seller withdrew this book meanwhile', by: 'seller' as const },
    { who: 'the buyer cancelled the booking', reason: 'You cancelled this booking', by: 'buyer' as const },
  ])('$who at any point of the recording: named so, and refunded', async ({ reason, by }) => {
    const points = await atEveryPoint(async () => {
      const bookId = await addProduct(t.app, cast.seller, { price: 17 });
      const charged = await chargedBooking(cast.buyer, bookId);
      return {
        meanwhile: async () => {
          const removed = by === 'seller'
            ? await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers })
            : await t.app.inject({ method: 'DELETE', url: `/bookings/${charged.bookingId}`, headers: cast.buyer.headers });
          expect(removed.statusCode).toBe(200);
        },
        recording: () => record(cast.buyer, charged),
        check: async (answer, at) => {
          // Gone before the recording read the booking, the answer names no amount (see above).
          expect({ at, statusCode: answer.statusCode }).toEqual({ at, statusCode: 409 });
          expect([refunded(reason), refunded(reason, '$17.00')]).toContainEqual(answer.json());
          expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
        },
      };
    });
    expect(points).toBeGreaterThanOrEqual(POINTS);
  });

  it('the seller withdrew the book before the charge was recorded: withdrawn by the seller', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const charged = await chargedBooking(cast.buyer, bookId);
    const withdrawn = await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers });
    expect(withdrawn.statusCode).toBe(200);
    const response = await record(cast.buyer, charged);
    expect(response.statusCode).toBe(409);
    // The booking is gone, so who paid cannot be checked: the answer names no amount.
    expect(response.json()).toEqual(refunded('The seller withdrew this book meanwhile'));
    expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
  });

  it('the seller withdrew the book while the provider was asked: withdrawn by the seller (was: sold to another buyer)', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 8 });
    const charged = await chargedBooking(cast.buyer, bookId);
    const retrieve = whileTheProviderIsAsked(async () => {
      const withdrawn = await t.app.inject({ method: 'DELETE', url: `/products/${bookId}`, headers: cast.seller.headers });
      expect(withdrawn.statusCode).toBe(200);
    });
    const response = await record(cast.buyer, charged);
    retrieve.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refunded('The seller withdrew this book meanwhile', '$8.00'));
    expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
  });

  it('the buyer cancelled the booking before the charge was recorded: cancelled by you', async () => {
    const bookId = await addProduct(t.app, cast.seller);
    const charged = await chargedBooking(cast.buyer, bookId);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/bookings/${charged.bookingId}`, headers: cast.buyer.headers });
    expect(cancelled.statusCode).toBe(200);
    const response = await record(cast.buyer, charged);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refunded('You cancelled this booking'));
    expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
  });

  it('the buyer cancelled the booking while the provider was asked: cancelled by you', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 9 });
    const charged = await chargedBooking(cast.buyer, bookId);
    const retrieve = whileTheProviderIsAsked(async () => {
      const cancelled = await t.app.inject({ method: 'DELETE', url: `/bookings/${charged.bookingId}`, headers: cast.buyer.headers });
      expect(cancelled.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    });
    const response = await record(cast.buyer, charged);
    retrieve.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refunded('You cancelled this booking', '$9.00'));
    expect(t.stripe.refundsOf(charged.transactionId)).toHaveLength(1);
  });

  it('a booking that is gone, paid with an intent that does not name its book: withdrawn, without saying by whom', async () => {
    const bookId = await addProduct(t.app, cast.seller, { price: 6 });
    const bookingId = await bookingOf(t.app, cast.buyer, bookId);
    // An intent as made before intents named their book.
    t.stripe.addIntent({ id: 'pi_before_book_ids', status: 'succeeded', amount: 600, currency: 'usd', metadata: { bookingId } });
    await t.app.inject({ method: 'DELETE', url: `/bookings/${bookingId}`, headers: cast.buyer.headers });
    const response = await record(cast.buyer, { bookingId, transactionId: 'pi_before_book_ids' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refunded('This booking was withdrawn meanwhile'));
    expect(t.stripe.refundsOf('pi_before_book_ids')).toHaveLength(1);
  });
});
