import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../config/copy';
import { movesCopy, orderCopy } from '../features/orders/copy';
import { axeViolations, setViewportWidth } from '../testing/axe';
import { aBooking, anOrder } from '../testing/fixtures';
import { renderWithProviders, signedInState } from '../testing/renderWithProviders';
import { API, server } from '../testing/server';
import type { Booking } from '../types/entities';
import { Component as MyBuyerPage } from './myBuyerPage';
import { Component as MyOrdersPage } from './myOrdersPage';

type MoveAnswer = (body: Record<string, string>, rows: Booking[]) => { status?: number; body: Booking | { message: string }; rows?: Booking[] };

/** A list at `path` (read again after each move), and the moves posted with what they answer. */
function serveList(path: '/bookings' | '/mybuyers', initial: Booking[], answer: MoveAnswer = (_body, rows) => ({ body: rows[0] })) {
  const api = { rows: initial, reads: 0, moves: [] as { id: string; body: Record<string, string> }[] };
  server.use(
    http.get(`${API}${path}`, () => {
      api.reads += 1;
      return HttpResponse.json(api.rows);
    }),
    http.post(`${API}/bookings/:id/transitions`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, string>;
      api.moves.push({ id: params.id as string, body });
      const answered = answer(body, api.rows);
      if (answered.rows) api.rows = answered.rows;
      return HttpResponse.json(answered.body, { status: answered.status ?? 200 });
    }),
  );
  return api;
}

function renderMyOrders() {
  localStorage.setItem('accessToken', 't0k');
  return renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState(), route: '/dashboard' });
}

function renderMyBuyer() {
  localStorage.setItem('accessToken', 't0k');
  return renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }), route: '/dashboard/mybuyer' });
}

const rowOf = async (bookName: string) => within((await screen.findByRole('link', { name: bookName })).closest('tr')!);

const received = anOrder({
  state: 'received',
  handoverCode: undefined,
  actions: ['completed', 'disputed'],
  deadline: { kind: 'problem', at: '2025-11-28T12:00:00.000Z' },
  timeline: [
    { state: 'booked', at: '2025-11-20T12:00:00.000Z' },
    { state: 'paid', at: '2025-11-21T12:00:00.000Z' },
    { state: 'received', at: '2025-11-24T12:00:00.000Z' },
  ],
});

const toShip = anOrder({
  viewer: 'seller',
  handoverCode: undefined,
  delivery: { method: 'shipping', address: '1 Main St' },
  deadline: { kind: 'ship', at: '2025-11-28T12:00:00.000Z' },
  actions: ['shipped', 'refunded'],
});

describe("an order's timeline and moves in My Orders and My Buyer", () => {
  it("My Orders: the spec's columns stay; each order's title has its steps with dates, folded, and the buyer's moves", async () => {
    serveList('/bookings', [received, aBooking({ _id: 'b9', bookName: 'Old answer' })]);
    const user = userEvent.setup();
    renderMyOrders();

    const row = await rowOf('Dune');
    expect(screen.getAllByRole('columnheader').map((th) => th.firstChild?.textContent)).toEqual(['#', 'Image', 'Title', 'Price', 'Delete']);
    expect(row.getByText('Report a problem by Friday 28 November')).toBeInTheDocument();
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual([
      copy.order.timeline,
      "Everything's OK",
      'Report a problem',
      '',
    ]);
    expect(row.getByText(copy.orders.paid)).toBeInTheDocument();

    const disclosure = row.getByRole('button', { name: copy.order.timeline });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(row.queryByRole('list')).not.toBeInTheDocument();
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const steps = within(row.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span')?.textContent)).toEqual(['Booked', 'Paid', 'Received']);
    expect(steps[2].querySelector('time')).toHaveAttribute('datetime', '2025-11-24T12:00:00.000Z');
    expect(steps[2]).toHaveTextContent('24 Nov 2025');

    // An older answer, without the order's fields, shows only its title.
    const old = await rowOf('Old answer');
    expect(old.queryByRole('button', { name: copy.order.timeline })).not.toBeInTheDocument();
    expect(old.queryByRole('button', { name: "Everything's OK" })).not.toBeInTheDocument();
  });

  it("My Orders: Everything's OK posts at once, toasts and reads the list again, which then offers nothing", async () => {
    const api = serveList('/bookings', [received], () => {
      const completed = anOrder({ ...received, state: 'completed', actions: [], deadline: null });
      return { body: completed, rows: [completed] };
    });
    const user = userEvent.setup();
    const { services } = renderMyOrders();
    await user.click((await rowOf('Dune')).getByRole('button', { name: "Everything's OK" }));

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(copy.moves.done.completed, 'success'));
    expect(api.moves).toEqual([{ id: 'b1', body: { to: 'completed' } }]);
    await waitFor(() => expect(api.reads).toBe(2));
    const row = await rowOf('Dune');
    expect(await row.findByText('Completed')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: "Everything's OK" })).not.toBeInTheDocument();
    expect(row.queryByText(orderCopy.noActions)).not.toBeInTheDocument();
  });

  it("My Orders: a refused move is a toast with the server's words", async () => {
    serveList('/bookings', [received], () => ({ status: 409, body: { message: 'This order is completed. What may happen next: nothing.' } }));
    const user = userEvent.setup();
    const { services } = renderMyOrders();
    await user.click((await rowOf('Dune')).getByRole('button', { name: "Everything's OK" }));
    await waitFor(() =>
      expect(services.notifier.notify).toHaveBeenCalledWith('This order is completed. What may happen next: nothing.', 'error'),
    );
  });

  it('My Buyer: Mark shipped opens the same dialog, naming the book, and posts the carrier and tracking', async () => {
    const api = serveList('/mybuyers', [toShip], (body) => {
      const shipped = anOrder({ ...toShip, state: 'shipped', actions: [], delivery: { ...toShip.delivery, carrier: body.carrier } });
      return { body: shipped, rows: [shipped] };
    });
    const user = userEvent.setup();
    const { services } = renderMyBuyer();
    const row = await rowOf('Dune');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Buyer', 'Email', 'Book', 'Price', 'Status']);
    expect(row.getByText('Ship by Friday 28 November')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Mark shipped' }));

    const dialog = screen.getByRole('dialog', { name: movesCopy.shippedTitle });
    expect(dialog).toHaveAccessibleDescription(`${orderCopy.title('Dune')} ${movesCopy.shippedHint}`);
    await user.type(within(dialog).getByLabelText(orderCopy.carrier), 'DHL');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.moves).toEqual([{ id: 'b1', body: { to: 'shipped', carrier: 'DHL' } }]);
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.moves.done.shipped, 'success');
    await waitFor(() => expect(api.reads).toBe(2));
    expect(await (await rowOf('Dune')).findByText('Shipped')).toBeInTheDocument();
  });

  it("My Buyer: a wrong hand-over code is said in the dialog, which stays open while the row's order is read again", async () => {
    const ready = anOrder({ state: 'ready', viewer: 'seller', handoverCode: undefined, actions: ['received', 'refunded'] });
    const api = serveList('/mybuyers', [ready], () => ({ status: 400, body: { message: 'That code is not right: 4 tries left' } }));
    const user = userEvent.setup();
    renderMyBuyer();
    await user.click((await rowOf('Dune')).getByRole('button', { name: movesCopy.enterCode }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.codeTitle });
    await user.type(within(dialog).getByLabelText(/Hand-over code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: movesCopy.receivedOther }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right: 4 tries left');
    await waitFor(() => expect(api.reads).toBe(2));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('That code is not right: 4 tries left');
  });

  it('works from the keyboard: Tab reaches the timeline, Enter unfolds it, then the moves', async () => {
    serveList('/mybuyers', [toShip]);
    const user = userEvent.setup();
    renderMyBuyer();
    const row = await rowOf('Dune');
    act(() => row.getByRole('link', { name: 'Dune' }).focus());
    await user.tab();
    const disclosure = row.getByRole('button', { name: copy.order.timeline });
    expect(disclosure).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    expect(row.getByRole('list')).toBeInTheDocument();
    await user.tab();
    expect(row.getByRole('button', { name: 'Mark shipped' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: movesCopy.shippedTitle })).toBeInTheDocument();
  });

  it.each([360, 1280])('passes axe at %i px, a timeline unfolded and a dialog open', async (width) => {
    const viewport = setViewportWidth(width);
    try {
      serveList('/bookings', [received, anOrder({ _id: 'b2', bookName: 'Emma', state: 'booked', paid: false, actions: ['cancelled'] })]);
      const user = userEvent.setup();
      renderMyOrders();
      const row = await rowOf('Dune');
      await user.click(row.getByRole('button', { name: copy.order.timeline }));
      expect(await axeViolations()).toEqual([]);
      await user.click(row.getByRole('button', { name: 'Report a problem' }));
      await screen.findByRole('dialog', { name: movesCopy.disputedTitle });
      expect(await axeViolations()).toEqual([]);
    } finally {
      viewport.restore();
    }
  });
});
