import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { copy } from '../../config/copy';
import { reportsCopy } from '../reports/copy';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { BookCard } from './BookCard';
import { Component as BookPage } from './BookPage';
import { dune } from './testBooks';

// Every book on the wire carries its seller's score; older answers (and mocks) have none.

const ID = 'b'.repeat(24);
const book: BookDetails = {
  ...dune, _id: ID, number: undefined, sold: false, sellerId: 'c'.repeat(24),
  sellerScore: { average: 4.8, count: 12, completedShare: 0.96 },
};

const renderBook = (state = signedOutState()) => {
  server.use(
    http.get(`${API}/books/${ID}`, () => HttpResponse.json(book)),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/books/:id" element={<BookPage />} />
    </Routes>,
    { preloadedState: state, route: `/books/${ID}` },
  );
};

describe("the seller's score on books", () => {
  it('shows on a book card beside the seller', () => {
    renderWithProviders(<BookCard book={{ ...dune, sellerScore: { average: 4.8, count: 12, completedShare: 0.96 } }} onBook={jest.fn()} />);
    const card = screen.getByRole('article', { name: 'Dune' });
    expect(within(card).getByText(copy.reviews.sellerScore)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.8 of 5 by 12 reviews' })).toBeInTheDocument();
    expect(within(card).getByText('4.8 (12)')).toBeInTheDocument();
    expect(within(card).getByText('96% completed')).toBeInTheDocument();
  });

  it('says "No reviews yet" for a seller without any, and a card without a score still renders', () => {
    renderWithProviders(<BookCard book={{ ...dune, sellerScore: { average: null, count: 0, completedShare: null } }} onBook={jest.fn()} />);
    expect(screen.getByText(copy.reviews.none)).toBeInTheDocument();
    renderWithProviders(<BookCard book={{ ...dune, _id: 'b9', name: 'Old answer' }} onBook={jest.fn()} />);
    const card = screen.getByRole('article', { name: 'Old answer' });
    expect(within(card).queryByText(copy.reviews.sellerScore)).not.toBeInTheDocument();
  });

  it("shows on the book's page, where a visitor has no Report button", async () => {
    renderBook();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByText(copy.reviews.sellerScore)).toBeInTheDocument();
    expect(screen.getByText('4.8 (12)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: reportsCopy.report.book })).not.toBeInTheDocument();
  });

  it('lets a signed-in user report the book', async () => {
    renderBook(signedInState());
    const report = await screen.findByRole('button', { name: reportsCopy.report.book });
    expect(report).toHaveAccessibleDescription('Dune');
    await userEvent.click(report);
    expect(await screen.findByRole('dialog', { name: reportsCopy.report.book })).toBeInTheDocument();
  });
});
