import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { aBooking } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Book, Booking } from '../../types/entities';
import { dune, emma } from './testBooks';

/** The fiction list; the buyer's bookings as `bookings` holds them; POST /bookings answered by `answer`, which may book. */
function givenCatalogue(bookings: Booking[], answer: () => Response) {
  server.use(
    http.get(`${API}/bookCatagoriesId/fiction`, () => HttpResponse.json<Book[]>([dune, emma])),
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
    http.get(`${API}/bookings`, () => HttpResponse.json(bookings)),
    http.post(`${API}/bookings`, () => answer()),
  );
}

const card = (name: string) => screen.findByRole('article', { name });

let info: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem('accessToken', 't0k');
  info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => info.mockRestore());

describe('a book the buyer has booked', () => {
  it("shows 'Booked' and a link to pay on its card, instead of 'Book Now'", async () => {
    givenCatalogue([aBooking({ _id: 'k9', bookId: dune._id, bookName: 'Dune' })], () => HttpResponse.json({}));
    renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    const duneCard = await card('Dune');
    await waitFor(() => expect(within(duneCard).getByText(copy.books.booked)).toBeInTheDocument());
    expect(within(duneCard).getByRole('link', { name: copy.books.payNow })).toHaveAttribute('href', '/dashboard/payment/k9');
    expect(within(duneCard).queryByRole('button', { name: copy.books.bookNow })).not.toBeInTheDocument();
    // Other books are still to be booked.
    expect(within(await card('Emma')).getByRole('button', { name: copy.books.bookNow })).toBeInTheDocument();
  });

  it("turns 'Book Now' into 'Booked' once the booking is confirmed", async () => {
    const bookings: Booking[] = [];
    givenCatalogue(bookings, () => {
      bookings.push(aBooking({ _id: 'k1', bookId: emma._id, bookName: 'Emma' }));
      return HttpResponse.json({ acknowledged: true, insertedId: 'k1', alreadyBooked: false });
    });
    const user = userEvent.setup();
    const { services } = renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    await user.click(within(await card('Emma')).getByRole('button', { name: copy.books.bookNow }));
    const dialog = await screen.findByRole('dialog', { name: 'Emma' });
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));

    expect(services.notifier.notify).toHaveBeenCalledWith(copy.booking.confirmed, 'success');
    const emmaCard = await card('Emma');
    expect(await within(emmaCard).findByRole('link', { name: copy.books.payNow })).toHaveAttribute('href', '/dashboard/payment/k1');
  });

  it('says a repeat booking was booked already, instead of confirming it again', async () => {
    givenCatalogue([], () => HttpResponse.json({ acknowledged: true, insertedId: 'k1', alreadyBooked: true }));
    const user = userEvent.setup();
    const { services } = renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });

    await user.click(within(await card('Dune')).getByRole('button', { name: copy.books.bookNow }));
    const dialog = await screen.findByRole('dialog', { name: 'Dune' });
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));

    expect(services.notifier.notify).toHaveBeenCalledTimes(1);
    expect(services.notifier.notify).toHaveBeenCalledWith('You have already booked this book. Pay for it from My Orders.', 'info');
  });
});
