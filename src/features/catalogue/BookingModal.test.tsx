import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { theme } from '../../theme';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Book } from '../../types/entities';
import { dune, emma } from './testBooks';

interface Posted {
  body: unknown;
  authorization: string | null;
}

/** The fiction list, and POST /bookings answered by `answer`, each call recorded. */
function givenBookings(answer: () => Response | Promise<Response>) {
  const posted: Posted[] = [];
  server.use(
    http.get(`${API}/bookCatagoriesId/fiction`, () => HttpResponse.json<Book[]>([dune, emma])),
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
    http.post(`${API}/bookings`, async ({ request }) => {
      posted.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return answer();
    }),
  );
  return posted;
}

async function openBookingFor(name: string) {
  const user = userEvent.setup();
  const rendered = renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
  const card = await screen.findByRole('article', { name });
  await user.click(within(card).getByRole('button', { name: copy.books.bookNow }));
  const dialog = await screen.findByRole('dialog', { name });
  return { user, dialog, ...rendered };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(copy.booking.phone), '01700-123456');
  await user.type(within(dialog).getByLabelText(copy.booking.location), 'Mirpur, Dhaka');
  await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
}

let info: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem('accessToken', 't0k');
  info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => info.mockRestore());

describe('BookingModal', () => {
  it('is titled with the book and shows its name and price read-only, the buyer disabled and prefilled', async () => {
    givenBookings(() => HttpResponse.json({ acknowledged: true, insertedId: 'k1' }));
    const { dialog } = await openBookingFor('Dune');

    expect(within(dialog).getByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    const bookName = within(dialog).getByLabelText(copy.booking.bookName);
    expect(bookName).toHaveValue('Dune');
    expect(bookName).toHaveAttribute('readonly');
    const price = within(dialog).getByLabelText(copy.booking.price);
    expect(price).toHaveValue('$8');
    expect(price).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(copy.booking.name)).toHaveValue('Rita Reader');
    expect(within(dialog).getByLabelText(copy.booking.name)).toBeDisabled();
    expect(within(dialog).getByLabelText(copy.booking.email)).toHaveValue('reader@example.com');
    expect(within(dialog).getByLabelText(copy.booking.email)).toBeDisabled();
    for (const label of [copy.booking.phone, copy.booking.location]) {
      const field = within(dialog).getByLabelText(label);
      expect(field).toBeEnabled();
      expect(field).not.toBeRequired();
      expect(field).toHaveValue('');
    }
  });

  it('posts the booking with the bearer token, closes on acknowledgement and confirms with a toast', async () => {
    const posted = givenBookings(() => HttpResponse.json({ acknowledged: true, insertedId: 'k1' }));
    const { user, dialog, services } = await openBookingFor('Dune');

    await fillAndSubmit(user, dialog);

    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(posted).toEqual([
      {
        body: {
          bookId: 'b1',
          bookName: 'Dune',
          cusTomername: 'Rita Reader',
          email: 'reader@example.com',
          location: 'Mirpur, Dhaka',
          phone: '01700-123456',
          resale_price: 8,
        },
        authorization: 'bearer t0k',
      },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledTimes(1);
    expect(services.notifier.notify).toHaveBeenCalledWith('Booking Confirm', 'success');
    expect(info).toHaveBeenCalledWith('booking answer', { acknowledged: true, insertedId: 'k1' });
  });

  it('disables Submit while the booking is on its way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    givenBookings(async () => {
      await held;
      return HttpResponse.json({ acknowledged: true, insertedId: 'k1' });
    });
    const { user, dialog } = await openBookingFor('Emma');

    await fillAndSubmit(user, dialog);

    await waitFor(() => expect(within(dialog).getByRole('button', { name: copy.booking.submit })).toBeDisabled());
    release();
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
  });

  it('stays open without a toast when the server does not acknowledge', async () => {
    givenBookings(() => HttpResponse.json({ acknowledged: false, insertedId: '' }));
    const { user, dialog, services } = await openBookingFor('Dune');

    await fillAndSubmit(user, dialog);

    await waitFor(() => expect(info).toHaveBeenCalledWith('booking answer', { acknowledged: false, insertedId: '' }));
    expect(screen.getByRole('dialog', { name: 'Dune' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: copy.booking.submit })).toBeEnabled();
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });

  it("shows the server's message in red and stays open when the booking is refused", async () => {
    givenBookings(() => HttpResponse.json({ message: 'This book is already sold' }, { status: 409 }));
    const { user, dialog, services } = await openBookingFor('Dune');

    await fillAndSubmit(user, dialog);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This book is already sold');
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(screen.getByRole('dialog', { name: 'Dune' })).toBeInTheDocument();
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });

  it('closes from its Close button without booking', async () => {
    const posted = givenBookings(() => HttpResponse.json({ acknowledged: true, insertedId: 'k1' }));
    const { user, dialog } = await openBookingFor('Emma');

    await user.click(within(dialog).getByRole('button', { name: copy.booking.close }));

    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(posted).toEqual([]);
  });
});
