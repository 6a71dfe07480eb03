import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { Component as BookPage } from './BookPage';

const ID = 'b'.repeat(24);
const SELLER = 'c'.repeat(24);
const details = (overrides: Partial<BookDetails> = {}): BookDetails => ({
  _id: ID, name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', img: 'http://127.0.0.1:5000/image-host/i/m.webp',
  location: 'Tucson', resale_price: 8.5, orginal_price: 20, seller_name: 'Vera Seller', uses: '2 years', date: '2026-11-01',
  category: 'fiction', condition: 'Good', description: 'Pencil notes in chapter 3.', verified: true, sold: false, sellerId: SELLER,
  ...overrides,
});

function api(book: BookDetails | 404, bookings: object[] = []) {
  server.use(
    http.get(`${API}/books/${ID}`, () =>
      book === 404 ? HttpResponse.json({ message: 'This book is no longer listed' }, { status: 404 }) : HttpResponse.json(book),
    ),
    http.get(`${API}/bookings`, () => HttpResponse.json(bookings)),
  );
}

const renderBook = (state = signedOutState()) =>
  renderWithProviders(
    <Routes>
      <Route path="/books/:id" element={<BookPage />} />
    </Routes>,
    { preloadedState: state, route: `/books/${ID}` },
  );

describe('book page', () => {
  it('shows the whole book to a visitor, and names it in the title', async () => {
    api(details());
    renderBook();
    expect(await screen.findByRole('heading', { level: 1, name: 'Middlemarch' })).toBeInTheDocument();
    expect(screen.getByText('by George Eliot')).toBeInTheDocument();
    expect(screen.getByText('9780141439549')).toBeInTheDocument();
    expect(screen.getByText('Read, with light wear; no missing pages', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Pencil notes in chapter 3.')).toBeInTheDocument();
    expect(screen.getByLabelText('Original price $20').tagName).toBe('S');
    expect(screen.getByLabelText('Price $8.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vera Seller' })).toHaveAttribute('href', `/sellers/${SELLER}`);
    expect(screen.getByTitle('verified seller')).toBeInTheDocument();
    expect(screen.getByText('Log in to see the phone number')).toBeInTheDocument();
    // The cover in a portrait frame, with narrower copies for small screens.
    expect(screen.getByRole('img', { name: 'Cover of Middlemarch' })).toHaveAttribute(
      'srcset', expect.stringContaining('m.webp?w=320 320w'),
    );
    expect(document.title).toBe('Middlemarch · Book Resale');
  });

  it("sends a visitor's 'Book Now' to log in, to come back here", async () => {
    api(details());
    const { router } = renderBook();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/books/${ID}` });
  });

  it("waits with 'Book Now' until it knows whether someone is signed in", async () => {
    api(details());
    const checking = signedOutState();
    renderBook({ ...checking, auth: { ...checking.auth!, status: 'loading' } });
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeDisabled();
  });

  it("opens the spec's booking modal for a signed-in buyer", async () => {
    api({ ...details(), number: '+1 555 0142' });
    renderBook(signedInState());
    expect(await screen.findByText('+1 555 0142')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Middlemarch' });
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('says "Booked" when the buyer has an open booking of it, and "bought" once paid', async () => {
    api(details(), [{ _id: 'k1', bookId: ID, bookName: 'Middlemarch', cusTomername: 'Rita', email: 'reader@example.com', location: 'x', phone: '1', resale_price: 8.5, paid: false }]);
    renderBook(signedInState());
    expect(await screen.findByText('Booked: pay for it from My Orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/dashboard/payment/k1');
  });

  it('says a sold book is sold, without Book Now', async () => {
    api(details({ sold: true }));
    renderBook();
    expect(await screen.findByText('This book has been sold.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('answers a withdrawn book with a clear page and a way on', async () => {
    api(404);
    renderBook();
    expect(await screen.findByRole('heading', { name: 'This book is no longer listed.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search books' })).toHaveAttribute('href', '/search');
  });

  it("asks again for a signed-in buyer when the page came with the book as visitors see it, for the seller's number", async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/books/${ID}`, () => {
        calls += 1;
        // The web server renders the page as a visitor; the browser, once signed in, gets the number.
        return HttpResponse.json(calls === 1 ? details() : { ...details(), number: '+1 555 0142' });
      }),
      http.get(`${API}/bookings`, () => HttpResponse.json([])),
    );
    renderBook(signedInState());
    expect(await screen.findByText('+1 555 0142')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("shows every photo: the cover large, the others a press of their thumbnail away", async () => {
    const images = ['http://127.0.0.1:5000/image-host/i/m.webp', 'http://127.0.0.1:5000/image-host/i/n.webp', 'http://127.0.0.1:5000/seed/o.svg'];
    api({ ...details(), images } as BookDetails);
    renderBook();
    const photos = await screen.findByRole('list', { name: 'Photos' });
    const thumbs = within(photos).getAllByRole('button');
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-label'))).toEqual(['Cover of Middlemarch', 'Middlemarch, photo 2 of 3', 'Middlemarch, photo 3 of 3']);
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    const large = screen.getByRole('img', { name: 'Cover of Middlemarch' });
    expect(large).toHaveAttribute('src', images[0]);
    expect(large).toHaveAttribute('width', '320');
    expect(large).toHaveAttribute('height', '427');

    await userEvent.click(thumbs[1]);
    const second = screen.getByRole('img', { name: 'Middlemarch, photo 2 of 3' });
    expect(second).toHaveAttribute('src', images[1]);
    expect(second).toHaveAttribute('srcset', `${images[1]}?w=320 320w, ${images[1]}?w=640 640w, ${images[1]}?w=960 960w`);
    expect(thumbs[1]).toHaveAttribute('aria-pressed', 'true');
    // A picture from elsewhere (an SVG scales by itself) has no narrower copies.
    await userEvent.click(thumbs[2]);
    expect(screen.getByRole('img', { name: 'Middlemarch, photo 3 of 3' })).not.toHaveAttribute('srcset');
    // Thumbnails are small copies, and wait until near the screen.
    const thumbImage = thumbs[0].querySelector('img');
    expect(thumbImage).toHaveAttribute('alt', '');
    expect(thumbImage).toHaveAttribute('loading', 'lazy');
    expect(thumbImage).toHaveAttribute('sizes', '56px');
  });

  it('a book with one picture has no thumbnails', async () => {
    api(details());
    renderBook();
    expect(await screen.findByRole('img', { name: 'Cover of Middlemarch' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photos' })).not.toBeInTheDocument();
  });
});
