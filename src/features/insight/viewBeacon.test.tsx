import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { Component as BookPage } from '../catalogue/BookPage';
import { dune } from '../catalogue/testBooks';
import { BUYER, SELLER, tokenFor } from '../offers/testSupport';
import { VIEW_SESSION_KEY } from './viewBeacon';

const book: BookDetails = { ...dune, sold: false, sellerId: SELLER };

const sent: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent.length = 0;
  sessionStorage.clear();
  localStorage.clear();
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      sent.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return true;
    },
  });
  server.use(
    http.get(`${API}/books/:id`, () => HttpResponse.json(book)),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
  );
});

const renderBookPage = (state = signedOutState()) =>
  renderWithProviders(
    <Routes>
      <Route path="/books/:id" element={<BookPage />} />
    </Routes>,
    { preloadedState: state, route: `/books/${book._id}` },
  );

describe("a book page's view", () => {
  it("sends one beacon with the book and this tab's anonymous session, the same session on the next page", async () => {
    const first = renderBookPage();
    await screen.findByRole('heading', { level: 1, name: book.name });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe(`${API}/views`);
    expect(sent[0].body).toEqual({ bookId: book._id, session: expect.stringMatching(/^tab-[0-9a-f]{32}$/) });
    expect(sessionStorage.getItem(VIEW_SESSION_KEY)).toBe(sent[0].body.session);
    first.unmount();

    renderBookPage();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body.session).toBe(sent[0].body.session);
  });

  it("carries a signed-in buyer's token, and is not sent for the seller's own book", async () => {
    localStorage.setItem('accessToken', tokenFor(BUYER));
    const buyer = renderBookPage(signedInState());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.token).toBe(tokenFor(BUYER));
    buyer.unmount();

    localStorage.setItem('accessToken', tokenFor(SELLER));
    renderBookPage(signedInState());
    await screen.findByRole('heading', { level: 1, name: book.name });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });
});
