import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { orderCopy } from '../orders/copy';
import { reviewsCopy } from './copy';
import { reportsCopy } from '../reports/copy';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { anOrder } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Order } from '../../types/entities';
import type { OrderReviews } from './reviewsApi';
import { aReview } from './testSupport';

const completed = (overrides: Partial<Order> = {}) =>
  anOrder({ state: 'completed', handoverCode: undefined, deadline: null, ...overrides });

const DUE = '2026-11-24T12:00:00.000Z';

/**
 * The order and its reviews as the API keeps them: a posted review is the reader's (hidden until
 * the other side posts), a reply lands on the other side's review.
 */
function serve(order: Order, initial: OrderReviews) {
  let reviews = initial;
  const reads: string[] = [];
  const posts: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get(`${API}/bookings/:id`, () => HttpResponse.json(order)),
    http.get(`${API}/bookings/:id/reviews`, ({ params }) => {
      reads.push(params.id as string);
      return HttpResponse.json(reviews);
    }),
    http.post(`${API}/bookings/:id/reviews`, async ({ request }) => {
      const body = (await request.json()) as { rating: 1 | 2 | 3 | 4 | 5; comment?: string };
      posts.push({ path: new URL(request.url).pathname, body });
      const mine = aReview({ _id: 'mine', rating: body.rating, comment: body.comment ?? null, shown: false });
      reviews = { ...reviews, mine };
      return HttpResponse.json(mine, { status: 201 });
    }),
    http.post(`${API}/reviews/:id/reply`, async ({ request }) => {
      const body = (await request.json()) as { text: string };
      posts.push({ path: new URL(request.url).pathname, body });
      const theirs = { ...reviews.theirs!, reply: { text: body.text, at: '2026-11-12T12:00:00.000Z' } };
      reviews = { ...reviews, theirs };
      return HttpResponse.json(theirs);
    }),
  );
  return { reads, posts };
}

function renderOrder(roles: { isAdmin?: boolean; isSeller?: boolean } = {}) {
  localStorage.setItem('accessToken', 't0k');
  return renderApp('/dashboard/orders/b1', { preloadedState: signedInState(roles) });
}

const panel = () => screen.findByRole('region', { name: reviewsCopy.title });

describe("a completed order's reviews", () => {
  it('asks the buyer for 1 to 5 stars and an optional comment, then says their review waits for the other side', async () => {
    const api = serve(completed(), { mine: null, theirs: null, dueAt: DUE, open: true });
    const user = userEvent.setup();
    renderOrder();
    const region = await panel();
    const form = await within(region).findByRole('form', { name: reviewsCopy.rate.buyer });

    await user.click(within(form).getByRole('button', { name: reviewsCopy.post }));
    expect(await within(form).findByText(reviewsCopy.ratingNeeded)).toBeInTheDocument();
    const comment = within(form).getByRole('textbox', { name: reviewsCopy.comment });
    await user.click(comment);
    await user.paste('x'.repeat(1001));
    await user.tab();
    expect(await within(form).findByText(copy.reviews.tooLong(1000))).toBeInTheDocument();
    expect(api.posts).toEqual([]);

    // The stars are radio buttons in a group named by its legend: the arrow keys choose.
    const stars = within(form).getByRole('group', { name: reviewsCopy.rating });
    act(() => within(stars).getByRole('radio', { name: reviewsCopy.stars(3) }).focus());
    await user.keyboard('{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: reviewsCopy.stars(4) })).toBeChecked();
    await user.clear(comment);
    await user.type(comment, ' Well packed. ');
    await user.click(within(form).getByRole('button', { name: reviewsCopy.post }));

    expect(await within(region).findByRole('heading', { name: reviewsCopy.yours })).toBeInTheDocument();
    expect(api.posts).toEqual([{ path: '/bookings/b1/reviews', body: { rating: 4, comment: 'Well packed.' } }]);
    expect(within(region).getByRole('img', { name: reviewsCopy.rated(4) })).toBeInTheDocument();
    expect(within(region).getByRole('note')).toHaveTextContent(
      /^Your review shows when the other side posts theirs, or on \w+day \d+ November$/,
    );
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    // The form the reader was in is gone: the focus is on what replaced it.
    expect(within(region).getByRole('heading', { name: reviewsCopy.yours })).toHaveFocus();
  });

  it("shows the other side's review once shown, lets the reviewed side reply once, and report it", async () => {
    const theirs = aReview({ _id: 'theirs', role: 'seller', author: { _id: 'u-sam', name: 'Sam Seller' }, subject: { _id: 'u-rita', name: 'Rita Reader' }, rating: 2, comment: 'Late <b>pick-up</b>.' });
    const api = serve(completed(), { mine: aReview({ _id: 'mine' }), theirs, dueAt: DUE, open: true });
    const user = userEvent.setup();
    renderOrder();
    const region = await panel();
    const review = await within(region).findByRole('article', { name: reviewsCopy.theirs.buyer });
    expect(within(review).getByRole('img', { name: reviewsCopy.rated(2) })).toBeInTheDocument();
    // Shown as written: no markup is made of it.
    expect(within(review).getByText('Late <b>pick-up</b>.')).toBeInTheDocument();
    expect(within(review).getByText('Sam Seller, 10 Nov 2026')).toBeInTheDocument();
    // Both were shown: no word about waiting.
    expect(within(region).queryByRole('note')).not.toBeInTheDocument();
    expect(within(review).getByRole('button', { name: reportsCopy.report.review })).toBeInTheDocument();

    await user.click(within(review).getByRole('button', { name: reviewsCopy.reply }));
    expect(await within(review).findByText(reviewsCopy.replyNeeded)).toBeInTheDocument();
    await user.type(within(review).getByRole('textbox', { name: reviewsCopy.yourReply }), 'I was ill that day, sorry.');
    await user.click(within(review).getByRole('button', { name: reviewsCopy.reply }));

    expect(await within(review).findByText(reviewsCopy.replyOf('Rita Reader'))).toBeInTheDocument();
    expect(within(review).getByText('I was ill that day, sorry.', { selector: 'p' })).toBeInTheDocument();
    expect(api.posts).toEqual([{ path: '/reviews/theirs/reply', body: { text: 'I was ill that day, sorry.' } }]);
    expect(within(review).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(review).getByRole('heading', { name: reviewsCopy.theirs.buyer })).toHaveFocus();
  });

  it('says when the time to review has passed', async () => {
    serve(completed({ viewer: 'seller' }), { mine: null, theirs: null, dueAt: DUE, open: false });
    renderOrder({ isSeller: true });
    expect(await within(await panel()).findByText(reviewsCopy.closed)).toBeInTheDocument();
  });

  it('asks the seller to review the buyer, and shows them the buyer’s score', async () => {
    serve(completed({ viewer: 'seller', buyerScore: { average: 4.5, count: 2, completedShare: 1 } }), {
      mine: null,
      theirs: null,
      dueAt: DUE,
      open: true,
    });
    renderOrder({ isSeller: true });
    expect(await within(await panel()).findByRole('form', { name: reviewsCopy.rate.seller })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: orderCopy.delivery });
    expect(within(facts).getByText(copy.reviews.buyerScore)).toBeInTheDocument();
    expect(within(facts).getByRole('img', { name: 'Rated 4.5 of 5 by 2 reviews' })).toBeInTheDocument();
    expect(within(facts).getByText('100% completed')).toBeInTheDocument();
  });

  it.each([
    ['an order not completed yet', completed({ state: 'received' }), {}],
    ['an admin', completed({ viewer: 'admin' }), { isAdmin: true }],
  ])('is not there for %s', async (_case, order, roles) => {
    const api = serve(order, { mine: null, theirs: null, dueAt: DUE, open: true });
    renderOrder(roles);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order: Dune' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: reviewsCopy.title })).not.toBeInTheDocument();
    await waitFor(() => expect(api.reads).toEqual([]));
  });

  it.each([390, 1280])('passes axe at %i px, with the form refused and with both reviews', async (width) => {
    const viewport = setViewportWidth(width);
    try {
      serve(completed(), { mine: null, theirs: null, dueAt: DUE, open: true });
      const user = userEvent.setup();
      const { unmount } = renderOrder();
      const form = await within(await panel()).findByRole('form', { name: reviewsCopy.rate.buyer });
      await user.click(within(form).getByRole('button', { name: reviewsCopy.post }));
      await within(form).findByText(reviewsCopy.ratingNeeded);
      expect(await axeViolations()).toEqual([]);
      unmount();

      serve(completed(), { mine: aReview({ _id: 'mine', shown: false }), theirs: aReview({ _id: 'theirs', role: 'seller' }), dueAt: DUE, open: true });
      renderOrder();
      await within(await panel()).findByRole('article', { name: reviewsCopy.theirs.buyer });
      expect(await axeViolations()).toEqual([]);
    } finally {
      viewport.restore();
    }
  });
});
