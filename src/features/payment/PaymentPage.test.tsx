import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { testUser } from '../../testing/fakeServices';
import { runPastRetries } from '../../testing/failures';
import { aBooking } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { allHidden, skeletons } from '../../testing/skeletons';
import { API, server } from '../../testing/server';
import { theme } from '../../theme';
import type { Booking } from '../../types/entities';
import { acceptCards, createFakeStripe, declineCards, fakeCardElement } from './fakeStripe';

jest.mock('@stripe/react-stripe-js', () => jest.requireActual('./fakeStripe'));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(async () => mockStripe) }));

// One client for the file: the page keeps its Stripe promise per key for the app's lifetime.
const mockStripe = createFakeStripe();

const booking = aBooking({ resale_price: 12.5 });

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A `POST /payment` the API answers 409 after refunding, and the booking as it is read afterwards. */
interface Refusal {
  message: string;
  bookingAfter: Booking | null;
}

/**
 * The API of one booking; `hold` gates make a call wait until the test opens them; `refusal`
 * makes recording the payment fail.
 */
function serveCheckout(
  start: Booking = booking,
  hold: { booking?: Promise<void>; intent?: Promise<void> } = {},
  refusal?: Refusal,
) {
  let current: Booking | null = start;
  const calls: Call[] = [];
  const record = async (request: Request) =>
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: request.method === 'GET' ? undefined : await request.json(),
      authorization: request.headers.get('authorization'),
    });
  server.use(
    http.get(`${API}/bookings/:id`, async ({ request, params }) => {
      await record(request);
      await hold.booking;
      if (params.id !== current?._id) return HttpResponse.json({ message: 'No such booking' }, { status: 404 });
      return HttpResponse.json(current);
    }),
    http.post(`${API}/create-payment-intent`, async ({ request }) => {
      await record(request);
      await hold.intent;
      return HttpResponse.json({ clientSecret: 'pi_fake_1_secret_x' });
    }),
    http.post(`${API}/payment`, async ({ request }) => {
      await record(request);
      if (refusal) {
        current = refusal.bookingAfter;
        return HttpResponse.json({ message: refusal.message }, { status: 409 });
      }
      current = current && { ...current, paid: true };
      return HttpResponse.json({ acknowledged: true, insertedId: 'pay-1' });
    }),
  );
  return calls;
}

function openPage(path = '/dashboard/payment/b1', preloadedState = signedInState()) {
  localStorage.setItem('accessToken', 't0k');
  return renderApp(path, { preloadedState });
}

const heading = (name = 'Dune') => screen.findByRole('heading', { name: copy.payment.paymentFor + name });
const payButton = () => screen.getByRole('button', { name: copy.payment.pay });

beforeEach(() => acceptCards(mockStripe));

describe('PaymentPage', () => {
  it('loads the booking before the page shows, with the bearer header', async () => {
    const bookingGate = gate();
    const calls = serveCheckout(booking, { booking: bookingGate.opened });
    openPage();

    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/bookings/b1']));
    expect(screen.queryByText(copy.payment.paymentFor + 'Dune')).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', authorization: 'bearer t0k' });

    bookingGate.open();
    expect(await heading()).toBeInTheDocument();
    expect(screen.getByText(copy.payment.pleasePay + '12.50')).toBeInTheDocument();
  });

  it("shows the shipping and the total beside the spec's line when the booking ships", async () => {
    serveCheckout(aBooking({ resale_price: 12.5, shipping_price: 4, total: 16.5, delivery: { method: 'shipping', address: '1 Main St' } }));
    openPage();
    expect(await heading()).toBeInTheDocument();
    expect(screen.getByText(copy.payment.pleasePay + '12.50')).toBeInTheDocument();
    expect(screen.getByText(/Shipping: \$4/)).toBeInTheDocument();
    expect(screen.getByText('Total: $16.50')).toBeInTheDocument();
  });

  it("names a bundle's order by its first book and how many more, and pays it as any order", async () => {
    const calls = serveCheckout(
      aBooking({
        resale_price: 24.3,
        shipping_price: 5.5,
        total: 29.8,
        delivery: { method: 'shipping', address: '1 Main St' },
        lines: [
          { bookId: 'b1', name: 'Dune', price: 10 },
          { bookId: 'b2', name: 'Emma', price: 9 },
          { bookId: 'b3', name: 'Middlemarch', price: 8 },
        ],
        discount: 2.7,
      }),
    );
    openPage();
    expect(await heading('Dune + 2 more')).toBeInTheDocument();
    expect(screen.getByText(copy.payment.pleasePay + '24.30')).toBeInTheDocument();
    expect(screen.getByText('Total: $29.80')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === '/create-payment-intent').map((call) => call.body)).toEqual([{ bookingId: 'b1', resale_price: 24.3 }]));
  });

  it('shows the payment form\'s shape under the progress bar while the booking loads, hidden from screen readers', async () => {
    const bookingGate = gate();
    serveCheckout(booking, { booking: bookingGate.opened });
    openPage();

    await waitFor(() => expect(skeletons().length).toBeGreaterThan(0));
    expect(allHidden(skeletons())).toBe(true);
    expect(screen.getByRole('progressbar', { name: copy.loading })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    bookingGate.open();
    expect(await heading()).toBeInTheDocument();
    expect(skeletons()).toHaveLength(0);
  });

  it('asks for a payment intent with the exact payload and keeps Pay disabled until the secret arrives', async () => {
    const intentGate = gate();
    const calls = serveCheckout(booking, { intent: intentGate.opened });
    openPage();
    await heading();

    await waitFor(() => expect(calls.some((c) => c.path === '/create-payment-intent')).toBe(true));
    expect(calls.find((c) => c.path === '/create-payment-intent')).toEqual({
      method: 'POST',
      path: '/create-payment-intent',
      body: { resale_price: 12.5, bookingId: 'b1' },
      authorization: 'bearer t0k',
    });
    expect(jest.mocked(loadStripe)).toHaveBeenCalledWith('pk_test_sandbox');
    expect(payButton()).toBeDisabled();

    intentGate.open();
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('pays: creates the method, confirms with the secret, records the payment and shows the transaction id', async () => {
    const calls = serveCheckout();
    const user = userEvent.setup();
    openPage();
    await heading();
    await waitFor(() => expect(payButton()).toBeEnabled());

    await user.click(payButton());

    expect(await screen.findByText(copy.payment.success)).toBeInTheDocument();
    expect(screen.getByText(copy.payment.transactionId + 'pi_fake_1')).toBeInTheDocument();
    expect(mockStripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: fakeCardElement,
      billing_details: { name: testUser.displayName, email: testUser.email },
    });
    expect(mockStripe.confirmCardPayment).toHaveBeenCalledWith('pi_fake_1_secret_x', { payment_method: 'pm_fake_1' });
    expect(calls.filter((c) => c.path === '/payment')).toEqual([
      {
        method: 'POST',
        path: '/payment',
        body: { resale_price: 12.5, transactionId: 'pi_fake_1', email: testUser.email, bookingId: 'b1' },
        authorization: 'bearer t0k',
      },
    ]);
    expect(screen.queryByRole('button', { name: copy.payment.pay })).not.toBeInTheDocument();

    // The booking is asked again (now paid); the result stays on screen.
    await waitFor(() => expect(calls.filter((c) => c.path === '/bookings/b1')).toHaveLength(2));
    expect(screen.getByText(copy.payment.success)).toBeInTheDocument();
    expect(screen.queryByText(copy.payment.alreadyPaid)).not.toBeInTheDocument();
  });

  it('shows a declined card in red, records nothing and lets the user try again', async () => {
    declineCards(mockStripe, 'Your card was declined.');
    const calls = serveCheckout();
    const user = userEvent.setup();
    openPage();
    await heading();
    await waitFor(() => expect(payButton()).toBeEnabled());

    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    expect(payButton()).toBeEnabled();
    expect(calls.some((c) => c.path === '/payment')).toBe(false);
    expect(screen.queryByText(copy.payment.success)).not.toBeInTheDocument();
  });

  it.each<[string, string, Booking | null]>([
    ['sold to another buyer', 'This book was sold to another buyer meanwhile. Your payment of $12.50 has been refunded.', booking],
    [
      'paid by the other tab',
      'This booking was already paid by your other payment. Your payment of $12.50 has been refunded.',
      { ...booking, paid: true },
    ],
    ['withdrawn by the seller', 'The seller withdrew this book meanwhile. Your payment has been refunded.', null],
    ['cancelled by the buyer', 'You cancelled this booking. Your payment has been refunded.', null],
  ])('shows why a charge was refunded (%s) in red, and keeps showing it once the booking is read again', async (_case, message, bookingAfter) => {
    const calls = serveCheckout(booking, {}, { message, bookingAfter });
    const user = userEvent.setup();
    openPage();
    await heading();
    await waitFor(() => expect(payButton()).toBeEnabled());

    await user.click(payButton());

    const alert = await screen.findByText(message);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveStyle({ color: theme.palette.error.main });
    // Recording invalidates the booking: it is read again, and the reason stays on screen.
    await waitFor(() => expect(calls.filter((c) => c.path === '/bookings/b1')).toHaveLength(2));
    await waitFor(() => expect(screen.getByText(message)).toHaveAttribute('role', 'alert'));
    expect(screen.queryByText(copy.payment.success)).not.toBeInTheDocument();
  });

  it('offers no card form for a booking already paid', async () => {
    const calls = serveCheckout({ ...booking, paid: true });
    openPage();
    await heading();

    expect(screen.getByText(copy.payment.alreadyPaid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.payment.pay })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('does not show the result of an earlier checkout when the page opens', async () => {
    serveCheckout();
    const earlier = signedInState();
    earlier.payment = { bookingId: 'b1', status: 'succeeded', error: null, transactionId: 'pi_earlier', paidAt: '2026-11-23T08:00:00.000Z' };
    const { store } = openPage('/dashboard/payment/b1', earlier);
    await heading();

    expect(screen.queryByText(copy.payment.success)).not.toBeInTheDocument();
    expect(store.getState().payment.status).toBe('idle');
    expect(payButton()).toBeInTheDocument();
  });

  it("says \"We couldn't find this booking\" for an unknown booking, with a link to My Orders", async () => {
    serveCheckout();
    openPage('/dashboard/payment/nope');

    expect(await screen.findByRole('heading', { name: "We couldn't find this booking" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.payment.toMyOrders })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(copy.payment.pleasePay, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByText('No such booking')).not.toBeInTheDocument();
  });

  it('keeps the validation detail of an id of the wrong shape off the screen', async () => {
    server.use(
      http.get(`${API}/bookings/:id`, () =>
        HttpResponse.json({ message: 'params/id must match pattern "^[0-9a-f]{24}$"' }, { status: 400 }),
      ),
    );
    openPage('/dashboard/payment/does-not-exist');

    expect(await screen.findByRole('heading', { name: "We couldn't find this booking" })).toBeInTheDocument();
    expect(screen.queryByText(/must match pattern/)).not.toBeInTheDocument();
    expect(screen.queryByText(/params\//)).not.toBeInTheDocument();
  });

  it('says a booking that could not be loaded failed (not that it is missing), and Retry shows it', async () => {
    let fixed = false;
    serveCheckout();
    server.use(
      http.get(`${API}/bookings/:id`, () => (fixed ? HttpResponse.json(booking) : HttpResponse.json({ message: 'down' }, { status: 503 }))),
    );
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      openPage();
      await runPastRetries();
      await runPastRetries();
      expect(await screen.findByRole('alert')).toHaveTextContent(`${copy.payment.failed} ${copy.messages.server}`);
      expect(screen.queryByText("We couldn't find this booking")).not.toBeInTheDocument();
      fixed = true;
      await user.click(screen.getByRole('button', { name: copy.messages.retry }));
      expect(await heading()).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('after paying, shows a receipt (book, amount, transaction id, date) and a way back to My Orders, no longer asking to pay', async () => {
    serveCheckout();
    const user = userEvent.setup();
    openPage();
    await heading();
    await waitFor(() => expect(payButton()).toBeEnabled());
    const before = Date.now();

    await user.click(payButton());

    const receipt = await screen.findByRole('region', { name: copy.payment.receipt });
    const value = (term: string) => within(receipt).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value(copy.payment.receiptBook)).toHaveTextContent('Dune');
    expect(value(copy.payment.receiptAmount)).toHaveTextContent('$12.50');
    expect(value(copy.payment.receiptTransaction)).toHaveTextContent('pi_fake_1');
    const paidAt = Date.parse(receipt.querySelector('time')?.getAttribute('dateTime') ?? '');
    expect(paidAt).toBeGreaterThanOrEqual(before - 1000);
    expect(value(copy.payment.receiptDate)).toHaveTextContent(String(new Date(paidAt).getFullYear()));
    expect(screen.getByRole('link', { name: copy.payment.toMyOrders })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(copy.payment.pleasePay, { exact: false })).not.toBeInTheDocument();
  });

  it("a shipped book's receipt says what the card was charged: the book and its shipping", async () => {
    serveCheckout(aBooking({ resale_price: 12.5, shipping_price: 4, total: 16.5, delivery: { method: 'shipping', address: '1 Main St' } }));
    const user = userEvent.setup();
    openPage();
    await heading();
    await waitFor(() => expect(payButton()).toBeEnabled());

    await user.click(payButton());

    const receipt = await screen.findByRole('region', { name: copy.payment.receipt });
    const amount = within(receipt).getByText(copy.payment.receiptAmount, { selector: 'dt' }).nextElementSibling;
    expect(amount).toHaveTextContent('$16.50');
  });

  it('says a booking whose book was withdrawn can no longer be paid, without a card form', async () => {
    const calls = serveCheckout({ ...booking, bookId: '', withdrawn: true });
    openPage();
    await heading();
    expect(screen.getByText('This book was withdrawn by the seller')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.payment.toMyOrders })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: copy.payment.pay })).not.toBeInTheDocument();
    expect(screen.queryByText(copy.payment.pleasePay, { exact: false })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/create-payment-intent')).toBe(false);
  });

  it('a charge refunded because the seller withdrew the book meanwhile: says why, beside the withdrawn booking', async () => {
    const message = 'The seller withdrew this book meanwhile. Your payment has been refunded.';
    serveCheckout(booking, {}, { message, bookingAfter: { ...booking, bookId: '', withdrawn: true } });
    const user = userEvent.setup();
    openPage();
    await heading();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByText('This book was withdrawn by the seller')).toBeInTheDocument();
    expect(screen.getByText(message)).toHaveAttribute('role', 'alert');
  });

  it('offers a way to My Orders for a booking already paid', async () => {
    serveCheckout({ ...booking, paid: true });
    openPage();
    await heading();
    expect(screen.getByRole('link', { name: copy.payment.toMyOrders })).toHaveAttribute('href', '/dashboard');
  });
});
