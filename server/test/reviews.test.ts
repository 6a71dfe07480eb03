import { buildSecondApp, signUp, type Actor, type TestApp } from './helper';
import { DAY, MINUTE, type MovableClock, notificationsOf, orderShop } from './orderSupport';
import {
  completedOrder, paidOrder, postReview, replyTo, reviewsOf, userReviews, type WireReview,
} from './reviewSupport';

/**
 * Double-blind reviews (server/src/reviews/README.md), on a clock the test moves: what each reader
 * sees before any review, after one, after both, and once the 14 days passed with only one.
 */
let t: TestApp;
let clock: MovableClock;
let buyer: Actor;
let seller: Actor;
let admin: Actor;
let stranger: Actor;

beforeAll(async () => {
  ({ t, clock, buyer, seller, admin } = await orderShop());
  stranger = await signUp(t.app, 'stranger@test.dev', 'seller');
});
afterAll(() => t.close());

const told = async (actor: Actor, bookingId: string) =>
  (await notificationsOf(t.app, actor)).filter((n) => n.bookingId === bookingId && n.kind === 'review_posted');

describe('double-blind visibility', () => {
  it('keeps a review from everyone but its author until the other side posts, then shows both at once', async () => {
    const bookingId = await completedOrder(t, buyer, seller);
    const dueAt = new Date(clock.now().getTime() + 14 * DAY).toISOString();

    // Before any review: both sides may post until dueAt; an admin reads, and may not post.
    expect(await reviewsOf(t.app, buyer, bookingId)).toEqual({ mine: null, theirs: null, dueAt, open: true });
    expect(await reviewsOf(t.app, seller, bookingId)).toEqual({ mine: null, theirs: null, dueAt, open: true });
    expect(await reviewsOf(t.app, admin, bookingId)).toEqual({ mine: null, theirs: null, dueAt, open: false });
    expect((await t.app.inject({ url: `/bookings/${bookingId}/reviews`, headers: stranger.headers })).statusCode).toBe(403);

    // The buyer posts: only the buyer reads it; the seller is told it is there.
    clock.advance(DAY);
    const posted = await postReview(t.app, buyer, bookingId, { rating: 4, comment: '  Quick and careful <b>shipping</b>\n' });
    expect(posted.statusCode).toBe(201);
    const review = posted.json<WireReview>();
    expect(review).toEqual({
      _id: expect.any(String), bookingId, bookName: expect.stringMatching(/^Reviewed book/), role: 'buyer',
      author: { _id: buyer.id, name: buyer.name }, subject: { _id: seller.id, name: seller.name },
      rating: 4, comment: 'Quick and careful <b>shipping</b>', at: clock.now().toISOString(), shown: false, reply: null,
    });
    expect(await reviewsOf(t.app, buyer, bookingId)).toEqual({ mine: review, theirs: null, dueAt, open: false });
    expect(await reviewsOf(t.app, seller, bookingId)).toEqual({ mine: null, theirs: null, dueAt, open: true });
    expect(await reviewsOf(t.app, admin, bookingId)).toMatchObject({ mine: null, theirs: null });
    expect(await told(seller, bookingId)).toEqual([expect.objectContaining({ role: 'seller', bookName: review.bookName })]);
    expect((await userReviews(t.app, seller.id)).body).toMatchObject({ average: null, count: 0, reviews: [] });
    // Its subject cannot reply to what nobody may read yet; anyone else is told there is no such review.
    expect((await replyTo(t.app, seller, review._id, 'Thanks')).statusCode).toBe(409);
    expect((await replyTo(t.app, stranger, review._id, 'Hm')).statusCode).toBe(404);

    // Thirteen days on, the sweep shows nothing yet.
    clock.advance(12 * DAY);
    expect((await t.app.orders.sweep()).reviewsShown).toBe(0);
    expect(await reviewsOf(t.app, seller, bookingId)).toMatchObject({ theirs: null, open: true });

    // The seller posts: both are shown in the same moment.
    const second = await postReview(t.app, seller, bookingId, { rating: 5 });
    expect(second.statusCode).toBe(201);
    expect(second.json<WireReview>()).toMatchObject({ role: 'seller', comment: null, shown: true, subject: { _id: buyer.id } });
    const buyerView = await reviewsOf(t.app, buyer, bookingId);
    expect(buyerView).toMatchObject({ mine: { ...review, shown: true }, theirs: { rating: 5, shown: true }, open: false });
    expect(await reviewsOf(t.app, admin, bookingId)).toMatchObject({ mine: { _id: review._id }, theirs: { rating: 5 } });
    // Only the first review told the other side.
    expect(await told(buyer, bookingId)).toEqual([]);
    const sellerList = (await userReviews(t.app, seller.id)).body;
    expect(sellerList).toMatchObject({ average: 4, count: 1, completedShare: 1, reviews: [{ ...review, shown: true }] });
    expect((await userReviews(t.app, buyer.id, '?as=buyer')).body).toMatchObject({ average: 5, count: 1, reviews: [{ role: 'seller' }] });
  });

  it('shows the one review posted once the 14 days pass (the sweep), and then no more can be posted', async () => {
    const bookingId = await completedOrder(t, buyer, seller);
    const posted = (await postReview(t.app, seller, bookingId, { rating: 2, comment: 'Never answered' })).json<WireReview>();
    clock.advance(14 * DAY - MINUTE);
    expect((await t.app.orders.sweep()).reviewsShown).toBe(0);
    expect(await reviewsOf(t.app, buyer, bookingId)).toMatchObject({ theirs: null, open: true });
    clock.advance(MINUTE);
    expect((await t.app.orders.sweep()).reviewsShown).toBe(1);
    expect((await t.app.orders.sweep()).reviewsShown).toBe(0);
    expect(await reviewsOf(t.app, buyer, bookingId)).toMatchObject({ mine: null, theirs: { _id: posted._id, shown: true }, open: false });
    const late = await postReview(t.app, buyer, bookingId, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/^The time to review this order ended on \d{4}-\d\d-\d\d$/);
    // Now the buyer may reply to it.
    const replied = await replyTo(t.app, buyer, posted._id, '  I did, twice.  ');
    expect(replied.statusCode).toBe(200);
    expect(replied.json<WireReview>().reply).toEqual({ text: 'I did, twice.', at: clock.now().toISOString() });
  });

  it('shows what is due exactly once when two processes sweep at the same moment', async () => {
    const orders = await Promise.all([1, 2, 3].map(() => completedOrder(t, buyer, seller)));
    for (const bookingId of orders) expect((await postReview(t.app, buyer, bookingId, { rating: 3 })).statusCode).toBe(201);
    clock.advance(14 * DAY);
    const second = await buildSecondApp(t);
    try {
      const [a, b] = await Promise.all([t.app.orders.sweep(), second.app.orders.sweep()]);
      expect(a.reviewsShown + b.reviewsShown).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe('who may post what, when', () => {
  it('takes one review per side: a second is 409, also when two arrive at once', async () => {
    const bookingId = await completedOrder(t, buyer, seller);
    const [a, b] = await Promise.all([
      postReview(t.app, buyer, bookingId, { rating: 5 }), postReview(t.app, buyer, bookingId, { rating: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((answer) => answer.statusCode === 409)?.json()).toEqual({
      message: 'You reviewed this order already; a review cannot be changed',
    });
    expect((await postReview(t.app, buyer, bookingId, { rating: 3 })).statusCode).toBe(409);
    const rows = await t.testDb.db.query('select role from reviews where booking_id = $1', [bookingId]);
    expect(rows).toEqual([{ role: 'buyer' }]);
  });

  it('shows both when the two sides post at the same moment', async () => {
    const bookingId = await completedOrder(t, buyer, seller);
    const answers = await Promise.all([postReview(t.app, buyer, bookingId, { rating: 5 }), postReview(t.app, seller, bookingId, { rating: 4 })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const view = await reviewsOf(t.app, buyer, bookingId);
    expect([view.mine?.shown, view.theirs?.shown]).toEqual([true, true]);
  });

  it('refuses an order not completed (409), a caller of neither side (403), an admin (403), an unknown order (404)', async () => {
    const paid = await paidOrder(t, buyer, seller);
    const early = await postReview(t.app, buyer, paid, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'This order is paid: it can be reviewed once it is completed' });
    expect(await reviewsOf(t.app, buyer, paid)).toEqual({ mine: null, theirs: null, dueAt: null, open: false });
    const done = await completedOrder(t, buyer, seller);
    expect((await postReview(t.app, stranger, done, { rating: 5 })).statusCode).toBe(403);
    expect((await postReview(t.app, admin, done, { rating: 5 })).statusCode).toBe(403);
    expect((await postReview(t.app, buyer, '0123456789abcdef01234567', { rating: 5 })).statusCode).toBe(404);
  });

  it('takes a whole rating from 1 to 5 and a comment of at most 1,000 characters', async () => {
    const bookingId = await completedOrder(t, buyer, seller);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, {}, { rating: '3' + 'x' }, { rating: 3, comment: 'x'.repeat(1001) }]) {
      const answer = await postReview(t.app, buyer, bookingId, body);
      expect([answer.statusCode, body]).toEqual([400, body]);
    }
    const longest = await postReview(t.app, buyer, bookingId, { rating: 3, comment: `${'é'.repeat(999)}😀` });
    expect(longest.statusCode).toBe(201);
    expect(longest.json<WireReview>().comment).toHaveLength(1001);
  });
});

describe('replies', () => {
  it('come from the reviewed side only, once the review is shown, once', async () => {
    const bookingId = await completedOrder(t, buyer, seller);
    const review = (await postReview(t.app, buyer, bookingId, { rating: 3 })).json<WireReview>();
    await postReview(t.app, seller, bookingId, { rating: 5 });
    expect((await replyTo(t.app, buyer, review._id, 'My own')).statusCode).toBe(403);
    expect((await replyTo(t.app, stranger, review._id, 'Not mine')).statusCode).toBe(403);
    expect((await replyTo(t.app, admin, review._id, 'Admin')).statusCode).toBe(403);
    expect((await replyTo(t.app, seller, review._id, '   ')).statusCode).toBe(400);
    expect((await replyTo(t.app, seller, review._id, 'y'.repeat(1001))).statusCode).toBe(400);
    const replied = await replyTo(t.app, seller, review._id, 'Thank you!\nCome again.');
    expect(replied.statusCode).toBe(200);
    expect(replied.json<WireReview>()).toMatchObject({ _id: review._id, reply: { text: 'Thank you!\nCome again.' } });
    const again = await replyTo(t.app, seller, review._id, 'Once more');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You replied to this review already' });
    expect((await reviewsOf(t.app, buyer, bookingId)).mine?.reply?.text).toBe('Thank you!\nCome again.');
    expect((await replyTo(t.app, seller, '0123456789abcdef01234567', 'Who?')).statusCode).toBe(404);
  });
});
