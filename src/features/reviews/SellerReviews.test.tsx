import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { copy } from '../../config/copy';
import { reviewsCopy } from './copy';
import { reportsCopy } from '../reports/copy';
import { axeViolations, setViewportWidth } from '../../testing/axe';
import { numbered } from '../../testing/pagedList';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Review } from './types';
import { Component as SellerPage } from '../search/SellerPage';
import { aReview } from './testSupport';

const SELLER = 'c'.repeat(24);

/** Review n, written on day n of November (the list is newest first). */
const review = (n: number): Review =>
  aReview({ _id: `rev${n}`, author: { _id: `u${n}`, name: `Buyer ${n}` }, comment: `Comment ${n}`, at: new Date(Date.UTC(2026, 10, n, 12)).toISOString() });

/** The seller, no books, and `reviews` newest first, `limit` a page after `cursor`, with a Link while more follow. */
function serveSeller(reviews: Review[]) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/sellers/${SELLER}`, () =>
      HttpResponse.json({ _id: SELLER, name: 'Vera Seller', verified: false, memberSince: '2025-03-01', booksSold: 12, booksForSale: 0 }),
    ),
    http.get(`${API}/books/search`, () => HttpResponse.json({ items: [], total: 0, nextCursor: null })),
    http.get(`${API}/users/${SELLER}/reviews`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params.toString());
      const cursor = params.get('cursor');
      const start = cursor ? reviews.findIndex((row) => `after-${row._id}` === cursor) + 1 : 0;
      const limit = Number(params.get('limit'));
      const page = reviews.slice(start, start + limit);
      const headers: Record<string, string> = {};
      if (start + limit < reviews.length) {
        const next = new URLSearchParams(params);
        next.set('cursor', `after-${page[page.length - 1]._id}`);
        headers.Link = `<${API}/users/${SELLER}/reviews?${next.toString()}>; rel="next"`;
      }
      return HttpResponse.json({ average: 4.8, count: reviews.length, completedShare: 0.96, reviews: page }, { headers });
    }),
  );
  return asked;
}

const renderSeller = (signedIn = false) => {
  localStorage.setItem('accessToken', 't0k');
  return renderWithProviders(
    <Routes>
      <Route path="/sellers/:id" element={<SellerPage />} />
    </Routes>,
    { preloadedState: signedIn ? signedInState() : signedOutState(), route: `/sellers/${SELLER}` },
  );
};

const reviewsRegion = () => screen.findByRole('region', { name: reviewsCopy.title });

describe("a seller's reviews on their page", () => {
  it('shows their score under their name and their reviews newest first, ten at a time', async () => {
    const asked = serveSeller(numbered(12, (n) => review(13 - n)));
    const user = userEvent.setup();
    renderSeller();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Seller' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Rated 4.8 of 5 by 12 reviews' })).toBeInTheDocument();
    expect(screen.getByText('4.8 (12)')).toBeInTheDocument();
    expect(screen.getByText('96% completed')).toBeInTheDocument();

    const region = await reviewsRegion();
    const items = () => within(region).getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'));
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(within(region).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Buyer 12, 12 Nov 2026');
    expect(within(region).getByText('Comment 12')).toBeInTheDocument();
    expect(within(region).getAllByRole('img', { name: reviewsCopy.rated(5) })).toHaveLength(10);

    await user.click(within(region).getByRole('button', { name: reviewsCopy.more }));
    await waitFor(() => expect(items()).toHaveLength(12));
    expect(within(region).queryByRole('button', { name: reviewsCopy.more })).not.toBeInTheDocument();
    expect(asked).toEqual(['as=seller&limit=10', 'as=seller&limit=10&cursor=after-rev3']);
    // Visitors report nothing.
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it('shows a reply under its review, and lets a signed-in user report the seller or a review', async () => {
    serveSeller([review(2), aReview({ _id: 'rev1', reply: { text: 'Thank you!', at: '2026-11-02T10:00:00.000Z' }, subject: { _id: SELLER, name: 'Vera Seller' } })]);
    renderSeller(true);
    const region = await reviewsRegion();
    expect(await within(region).findByText('Thank you!')).toBeInTheDocument();
    expect(within(region).getByText(reviewsCopy.replyOf('Vera Seller'))).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: reportsCopy.report.review })).toHaveLength(2);
    expect(screen.getByRole('button', { name: reportsCopy.report.user })).toBeInTheDocument();
  });

  it("takes the score under the name from the seller's profile when it carries one", async () => {
    serveSeller([review(1)]);
    server.use(
      http.get(`${API}/sellers/${SELLER}`, () =>
        HttpResponse.json({
          _id: SELLER, name: 'Vera Seller', verified: false, memberSince: '2025-03-01', booksSold: 3, booksForSale: 0,
          sellerScore: { average: 4.2, count: 3, completedShare: 1 },
        }),
      ),
    );
    renderSeller();
    expect(await screen.findByRole('img', { name: 'Rated 4.2 of 5 by 3 reviews' })).toBeInTheDocument();
    expect(screen.getByText('100% completed')).toBeInTheDocument();
  });

  it('says so when there are none yet', async () => {
    server.use(
      http.get(`${API}/sellers/${SELLER}`, () =>
        HttpResponse.json({ _id: SELLER, name: 'Vera Seller', verified: false, memberSince: '2025-03-01', booksSold: 0, booksForSale: 0 }),
      ),
      http.get(`${API}/books/search`, () => HttpResponse.json({ items: [], total: 0, nextCursor: null })),
      http.get(`${API}/users/${SELLER}/reviews`, () => HttpResponse.json({ average: null, count: 0, completedShare: null, reviews: [] })),
    );
    renderSeller();
    const region = await reviewsRegion();
    expect(await within(region).findByText(copy.reviews.none)).toBeInTheDocument();
    // The score under the name says the same.
    expect(screen.getAllByText(copy.reviews.none)).toHaveLength(2);
  });

  it.each([390, 1280])('passes axe at %i px, signed in', async (width) => {
    const viewport = setViewportWidth(width);
    try {
      serveSeller(numbered(12, (n) => review(13 - n)));
      renderSeller(true);
      const region = await reviewsRegion();
      await within(region).findByRole('button', { name: reviewsCopy.more });
      expect(await axeViolations()).toEqual([]);
    } finally {
      viewport.restore();
    }
  });
});
