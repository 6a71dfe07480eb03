import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setViewportWidth } from '../../testing/axe';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { BookDetails } from '../../types/entities';
import { aMessage, aThread, axeViolations, READER, SELLER, serveMessages, tokenFor } from './testSupport';

const book: BookDetails = {
  _id: 'book-1', name: 'Dune', author: 'Frank Herbert', isbn: null, img: 'http://127.0.0.1:5000/image-host/i/d.webp',
  location: 'Tucson', resale_price: 8.5, orginal_price: 20, seller_name: SELLER.name, uses: '2 years', date: '2026-11-01',
  category: 'fiction', condition: 'Good', description: '', verified: false, sold: false, sellerId: SELLER._id,
};

let viewport: { restore(): void } | undefined;
afterEach(() => viewport?.restore());

describe.each([390, 1280])('messages at %i px', (width) => {
  beforeEach(() => {
    viewport = setViewportWidth(width);
    localStorage.setItem('accessToken', tokenFor(READER._id));
    server.use(
      http.get(`${API}/books/book-1`, () => HttpResponse.json(book)),
      http.get(`${API}/bookings`, () => HttpResponse.json([])),
    );
  });

  it('the inbox passes axe', async () => {
    serveMessages([aThread({ unread: 1, last: { text: 'Hi', at: '2025-11-20T10:00:00.000Z', authorId: SELLER._id } }), aThread({ _id: 't2' })]);
    renderApp('/dashboard/messages', { preloadedState: signedInState() });
    await screen.findByRole('list', { name: 'Messages' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a thread, open and closed, and its block dialog pass axe', async () => {
    const user = userEvent.setup();
    serveMessages([aThread(), aThread({ _id: 't2', canSend: false, closed: 'You blocked this user.' })], {
      messages: { t1: [aMessage(), aMessage({ _id: '99', author: READER, text: 'Hello?' })], t2: [aMessage({ threadId: 't2', text: '', hidden: true })] },
    });
    const { router } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await screen.findByRole('list', { name: 'Messages' });
    await screen.findByRole('button', { name: 'Block this user' });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block this user' }));
    await screen.findByRole('dialog', { name: 'Block Sam Seller?' });
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    router.navigate('/dashboard/messages/t2');
    expect(await screen.findByRole('note')).toHaveTextContent('You blocked this user.');
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Hidden by an admin');
    // Another thread's messages were there already: none of them is announced as new.
    expect(screen.getAllByRole('status').map((region) => region.textContent)).not.toContain('Sam Seller: Hidden by an admin');
    expect(await axeViolations()).toEqual([]);
  });

  it("the book page's Ask the seller dialog passes axe", async () => {
    const user = userEvent.setup();
    serveMessages([]);
    renderApp('/books/book-1', { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Ask the seller' }));
    await screen.findByRole('dialog', { name: 'Ask the seller' });
    expect(await axeViolations()).toEqual([]);
  });
});
