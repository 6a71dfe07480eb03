import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { Component as BookPage } from '../catalogue/BookPage';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { axeViolations, READER, SELLER, serveMessages, tokenFor } from './testSupport';

const ID = 'b'.repeat(24);
const book: BookDetails = {
  _id: ID, name: 'Middlemarch', author: 'George Eliot', isbn: null, img: 'http://127.0.0.1:5000/image-host/i/m.webp',
  location: 'Tucson', resale_price: 8.5, orginal_price: 20, seller_name: 'Sam Seller', uses: '2 years', date: '2026-11-01',
  category: 'fiction', condition: 'Good', description: '', verified: false, sold: false, sellerId: SELLER._id,
};

beforeEach(() =>
  server.use(
    http.get(`${API}/books/${ID}`, () => HttpResponse.json(book)),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
  ),
);

function renderBook(state = signedInState()) {
  return renderWithProviders(
    <Routes>
      <Route path="/books/:id" element={<BookPage />} />
      <Route path="/dashboard/messages/:id" element={<h1>Thread page</h1>} />
    </Routes>,
    { preloadedState: state, route: `/books/${ID}` },
  );
}

describe('Ask the seller', () => {
  it('asks from a dialog used by keyboard alone, then leads to the conversation', async () => {
    localStorage.setItem('accessToken', tokenFor(READER._id));
    const user = userEvent.setup();
    const { calls } = serveMessages([]);
    const { router } = renderBook();

    const ask = await screen.findByRole('button', { name: 'Ask the seller' });
    act(() => ask.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Ask the seller' });
    expect(dialog).toHaveAccessibleDescription('About Middlemarch');
    const field = within(dialog).getByRole('textbox', { name: 'Your question' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(await axeViolations()).toEqual([]);

    await user.keyboard('Is the spine <b>cracked</b>? https://example.com');
    expect(within(dialog).getByText('48 / 2,000')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');

    const open = await within(dialog).findByRole('link', { name: 'Open the conversation' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your question was sent.');
    expect(open).toHaveAttribute('href', '/dashboard/messages/q1');
    await waitFor(() => expect(open).toHaveFocus());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: `/books/${ID}/questions`, body: { text: 'Is the spine <b>cracked</b>? https://example.com' } }),
    ]);
    expect(await axeViolations()).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/q1'));
  });

  it('says a refusal in the dialog, which stays open; Escape closes it and the focus goes back', async () => {
    localStorage.setItem('accessToken', tokenFor(READER._id));
    const user = userEvent.setup();
    serveMessages([], { refuseQuestion: () => HttpResponse.json({}, { status: 403 }) });
    renderBook();

    const ask = await screen.findByRole('button', { name: 'Ask the seller' });
    await user.click(ask);
    const dialog = await screen.findByRole('dialog', { name: 'Ask the seller' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('You cannot message this user.')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ask).toHaveFocus();
  });

  it('is not there for the book\'s seller, nor for a visitor', async () => {
    localStorage.setItem('accessToken', tokenFor(SELLER._id));
    const first = renderBook();
    expect(await screen.findByRole('heading', { level: 1, name: 'Middlemarch' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Book Now' });
    expect(screen.queryByRole('button', { name: 'Ask the seller' })).not.toBeInTheDocument();
    first.unmount();

    localStorage.removeItem('accessToken');
    renderBook(signedOutState());
    expect(await screen.findByRole('heading', { level: 1, name: 'Middlemarch' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask the seller' })).not.toBeInTheDocument();
  });
});
