import { http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { trackStore } from '../../testing/storeRegistry';
import { reviewsApi } from './reviewsApi';
import { aReview } from './testSupport';
import { userReviewsApi } from './userReviewsApi';

const newStore = () => {
  localStorage.setItem('accessToken', 't0k');
  return trackStore(setupStore(createFakeServices(), signedInState()));
};

describe('reviews API', () => {
  it("reads a user's reviews a page at a time, the next page from the Link header, with the score", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/users/:id/reviews`, ({ request, params }) => {
        const url = new URL(request.url);
        asked.push(`${params.id as string}?${url.searchParams.toString()}`);
        const last = url.searchParams.has('cursor');
        return HttpResponse.json(
          { average: 4.5, count: 2, completedShare: 0.5, reviews: [aReview({ _id: last ? 'r2' : 'r1' })] },
          last ? {} : { headers: { Link: `<${API}/users/u%201/reviews?as=buyer&limit=10&cursor=c2>; rel="next"` } },
        );
      }),
    );
    const store = newStore();
    const args = { userId: 'u 1', as: 'buyer' as const };
    const first = await store.dispatch(userReviewsApi.endpoints.getUserReviews.initiate(args));
    expect(first.data?.pages[0]).toMatchObject({ average: 4.5, count: 2, completedShare: 0.5, nextCursor: 'c2' });
    const both = await store.dispatch(userReviewsApi.endpoints.getUserReviews.initiate(args, { direction: 'forward' }));
    expect(both.data?.pages.map((page) => page.reviews[0]._id)).toEqual(['r1', 'r2']);
    expect(both.data?.pages[1].nextCursor).toBeNull();
    expect(asked).toEqual(['u 1?as=buyer&limit=10', 'u 1?as=buyer&limit=10&cursor=c2']);
  });

  it("posts a review and a reply once each (no retry), and reads the order's reviews again", async () => {
    let reads = 0;
    const posts: unknown[] = [];
    server.use(
      http.get(`${API}/bookings/b1/reviews`, () => {
        reads += 1;
        return HttpResponse.json({ mine: null, theirs: null, dueAt: null, open: true });
      }),
      http.post(`${API}/bookings/b1/reviews`, async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ message: 'The shop had a problem' }, { status: 503 });
      }),
      http.post(`${API}/reviews/r9/reply`, async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(aReview({ _id: 'r9' }));
      }),
    );
    const store = newStore();
    const subscription = store.dispatch(reviewsApi.endpoints.getOrderReviews.initiate('b1'));
    await subscription;
    const refused = await store.dispatch(reviewsApi.endpoints.postReview.initiate({ bookingId: 'b1', rating: 3 }));
    expect(refused.error).toMatchObject({ status: 503 });
    await store.dispatch(reviewsApi.endpoints.replyToReview.initiate({ review: { _id: 'r9', bookingId: 'b1' }, text: 'Thanks' }));
    expect(posts).toEqual([{ rating: 3 }, { text: 'Thanks' }]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Read once, then again after each write (a refused one too: it may have gone through).
    expect(reads).toBeGreaterThanOrEqual(2);
    subscription.unsubscribe();
  });
});
