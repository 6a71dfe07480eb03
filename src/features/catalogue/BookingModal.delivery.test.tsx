import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Book } from '../../types/entities';
import { dune, emma } from './testBooks';

const both: Book = { ...dune, delivery: { meetup: true, shipping: true, shippingPrice: 3.5 } };
const meetupOnly: Book = { ...emma, delivery: { meetup: true, shipping: false, shippingPrice: null } };
const shippingOnly: Book = { ...emma, _id: 'b3', name: 'Ulysses', delivery: { meetup: false, shipping: true, shippingPrice: 5 } };

function givenBooks() {
  const posted: unknown[] = [];
  server.use(
    http.get(`${API}/bookCatagoriesId/fiction`, () => HttpResponse.json<Book[]>([both, meetupOnly, shippingOnly])),
    http.get(`${API}/bookCatagories`, () => HttpResponse.json([])),
    http.get(`${API}/bookings`, () => HttpResponse.json([])),
    http.post(`${API}/bookings`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ acknowledged: true, insertedId: 'k1' });
    }),
  );
  return posted;
}

async function openBookingFor(name: string) {
  const user = userEvent.setup();
  renderApp('/bookCatagoriesId/fiction', { preloadedState: signedInState() });
  const card = await screen.findByRole('article', { name });
  await user.click(within(card).getByRole('button', { name: copy.books.bookNow }));
  const dialog = await screen.findByRole('dialog', { name });
  await user.type(within(dialog).getByLabelText(copy.booking.phone), '0170');
  await user.type(within(dialog).getByLabelText(copy.booking.location), 'Mirpur');
  return { user, dialog };
}

let info: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem('accessToken', 't0k');
  info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => info.mockRestore());

describe('BookingModal: delivery', () => {
  it('a book offering both: a choice, Shipping asks for an address, the total adds the shipping price, and it is posted', async () => {
    const posted = givenBooks();
    const { user, dialog } = await openBookingFor('Dune');
    const choice = within(dialog).getByRole('radiogroup', { name: copy.delivery.method });
    expect(within(choice).getByRole('radio', { name: copy.delivery.meetup })).toBeChecked();
    expect(within(dialog).getByText('Total: $8')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Shipping address/)).not.toBeInTheDocument();

    await user.click(within(choice).getByRole('radio', { name: copy.delivery.shipping }));
    expect(within(dialog).getByText('Total: $11.50')).toBeInTheDocument();
    expect(within(dialog).getByText('Shipping: $3.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    expect(await within(dialog).findByText(copy.delivery.addressRequired)).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Shipping address/), '1 Main St, Dhaka');
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      bookId: 'b1',
      bookName: 'Dune',
      cusTomername: 'Rita Reader',
      email: 'reader@example.com',
      location: 'Mirpur',
      phone: '0170',
      resale_price: 8,
      delivery: { method: 'shipping', address: '1 Main St, Dhaka' },
    });
  });

  it('a book offering both, booked for a meet-up, says so', async () => {
    const posted = givenBooks();
    const { user, dialog } = await openBookingFor('Dune');
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ delivery: { method: 'meetup' } });
  });

  it('a meet-up-only book asks nothing more and posts the spec call as it was', async () => {
    const posted = givenBooks();
    const { user, dialog } = await openBookingFor('Emma');
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).not.toHaveProperty('delivery');
  });

  it('a shipping-only book asks for the address without a choice', async () => {
    const posted = givenBooks();
    const { user, dialog } = await openBookingFor('Ulysses');
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Total: $9.50')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Shipping address/), 'Road 2');
    await user.click(within(dialog).getByRole('button', { name: copy.booking.submit }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ delivery: { method: 'shipping', address: 'Road 2' } });
  });
});
