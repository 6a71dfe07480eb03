import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { testUser } from '../../testing/fakeServices';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { aBooking } from '../../testing/fixtures';
import { API, server } from '../../testing/server';
import type { Booking } from '../../types/entities';
import { Component as MyOrdersPage } from './MyOrdersPage';

const booking = aBooking;

const unpaid = booking({});
const paid = booking({ _id: 'b2', bookName: 'Emma', resale_price: 7.5, paid: true, img: 'https://img.example/emma.jpg' });

interface Seen {
  url: URL;
  method: string;
  authorization: string | null;
}

function serveBookings(initial: Booking[]) {
  let bookings = initial;
  const seen: Seen[] = [];
  const record = (request: Request) =>
    seen.push({ url: new URL(request.url), method: request.method, authorization: request.headers.get('authorization') });
  server.use(
    http.get(`${API}/bookings`, ({ request }) => {
      record(request);
      return HttpResponse.json(bookings);
    }),
    http.delete(`${API}/bookings/:id`, ({ request, params }) => {
      record(request);
      bookings = bookings.filter((b) => b._id !== params.id);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
  return seen;
}

function renderPage() {
  localStorage.setItem('accessToken', 't0k');
  return renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState(), route: '/dashboard' });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('MyOrdersPage', () => {
  it('asks for the signed-in user\'s bookings with the bearer header, showing a progress bar meanwhile', async () => {
    const seen = serveBookings([unpaid]);
    renderPage();

    expect(screen.getByRole('heading', { name: copy.orders.title })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: copy.loading })).toBeInTheDocument();
    expect(await screen.findByText('Dune')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url.pathname).toBe('/bookings');
    expect(seen[0].url.searchParams.get('email')).toBe(testUser.email);
    expect(seen[0].authorization).toBe('bearer t0k');
  });

  it('shows the columns and, per row, its index, its own image, the title and the price in dollars', async () => {
    serveBookings([unpaid, paid]);
    renderPage();
    await screen.findByText('Dune');

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Image', 'Title', 'Price', `Delete${copy.orders.deleteHint}`]);
    expect(screen.getByRole('columnheader', { name: /^Delete/ })).toHaveTextContent('cancels an unpaid booking');

    const dune = within(rowOf('Dune'));
    expect(dune.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(dune.getByRole('img', { name: 'Dune' })).toHaveAttribute('src', 'https://img.example/dune.jpg');
    expect(dune.getByText('$12')).toBeInTheDocument();

    const emma = within(rowOf('Emma'));
    expect(emma.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(emma.getByRole('img', { name: 'Emma' })).toHaveAttribute('src', 'https://img.example/emma.jpg');
    expect(emma.getByText('$7.50')).toBeInTheDocument();
  });

  it('offers Pay for an unpaid booking and says paid for a paid one', async () => {
    serveBookings([unpaid, paid, booking({ _id: 'b3', bookName: 'Free book', resale_price: 0 })]);
    renderPage();
    await screen.findByText('Dune');

    expect(within(rowOf('Dune')).getByRole('link', { name: copy.orders.pay })).toHaveAttribute('href', '/dashboard/payment/b1');
    expect(within(rowOf('Dune')).queryByText(copy.orders.paid)).not.toBeInTheDocument();

    expect(within(rowOf('Emma')).getByText(copy.orders.paid)).toBeInTheDocument();
    expect(within(rowOf('Emma')).queryByRole('link', { name: copy.orders.pay })).not.toBeInTheDocument();

    // Without a price there is nothing to pay.
    expect(within(rowOf('Free book')).queryByRole('link', { name: copy.orders.pay })).not.toBeInTheDocument();
  });

  it('keeps a booking whose book the seller withdrew, says so, offers no Pay, and lets the buyer remove it', async () => {
    serveBookings([unpaid, booking({ _id: 'b4', bookId: '', bookName: 'Gone Girl', withdrawn: true })]);
    renderPage();
    await screen.findByText('Gone Girl');
    const row = within(rowOf('Gone Girl'));
    expect(row.getByText('This book was withdrawn by the seller')).toBeInTheDocument();
    expect(row.queryByRole('link', { name: copy.orders.pay })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete Gone Girl' })).toBeEnabled();
    expect(within(rowOf('Dune')).queryByText('This book was withdrawn by the seller')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no bookings', async () => {
    serveBookings([]);
    renderPage();
    expect(await screen.findByText(copy.orders.empty)).toBeInTheDocument();
    // The next step: the categories, on the home page.
    expect(screen.getByRole('link', { name: 'Browse the categories' })).toHaveAttribute('href', '/');
  });

  it('lets only an unpaid booking be deleted', async () => {
    serveBookings([unpaid, paid]);
    renderPage();
    await screen.findByText('Dune');
    expect(screen.getByRole('button', { name: 'Delete Dune' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Emma' })).toBeDisabled();
  });

  it('cancels a booking after confirmation: DELETE with the header, a toast, and the row is gone', async () => {
    const seen = serveBookings([unpaid, paid]);
    const user = userEvent.setup();
    const { services } = renderPage();
    await screen.findByText('Dune');

    await user.click(screen.getByRole('button', { name: 'Delete Dune' }));
    const dialog = screen.getByRole('dialog', { name: copy.orders.cancelTitle });
    expect(within(dialog).getByText(copy.orders.cancelMessage('Dune'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: copy.orders.cancel }));

    await waitFor(() => expect(screen.queryByText('Dune')).not.toBeInTheDocument());
    const deletes = seen.filter((call) => call.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0].url.pathname).toBe('/bookings/b1');
    expect(deletes[0].authorization).toBe('bearer t0k');
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.orders.cancelled, 'success');
    // The list is asked again after the cancel.
    expect(seen.filter((call) => call.method === 'GET')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the booking when the dialog is dismissed', async () => {
    const seen = serveBookings([unpaid]);
    const user = userEvent.setup();
    const { services } = renderPage();
    await screen.findByText('Dune');

    await user.click(screen.getByRole('button', { name: 'Delete Dune' }));
    await user.click(screen.getByRole('button', { name: copy.orders.keep }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.some((call) => call.method === 'DELETE')).toBe(false);
    expect(services.notifier.notify).not.toHaveBeenCalled();
    expect(screen.getByText('Dune')).toBeInTheDocument();
  });

  it('shows the server message in the dialog when the cancel is refused, without a toast', async () => {
    serveBookings([unpaid]);
    server.use(
      http.delete(`${API}/bookings/:id`, () => HttpResponse.json({ message: 'Paid bookings cannot be cancelled' }, { status: 409 })),
    );
    const user = userEvent.setup();
    const { services } = renderPage();
    await screen.findByText('Dune');

    await user.click(screen.getByRole('button', { name: 'Delete Dune' }));
    await user.click(screen.getByRole('button', { name: copy.orders.cancel }));

    expect(await screen.findByText('Paid bookings cannot be cancelled')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });
});
