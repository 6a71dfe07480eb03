import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { movesCopy, orderCopy } from './copy';
import { anOrder } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Order } from '../../types/entities';

interface Moved {
  path: string;
  body: unknown;
  authorization: string | null;
}

/** GET /bookings/:id answers `order` (as it is at each call); moves answer `moveAnswer`. */
function serveOrder(initial: Order, moveAnswer: (body: { to: string }) => Response = () => HttpResponse.json(initial)) {
  let order = initial;
  const reads: string[] = [];
  const moves: Moved[] = [];
  server.use(
    http.get(`${API}/bookings/:id`, ({ params, request }) => {
      reads.push(`${params.id as string} ${request.headers.get('authorization')}`);
      return params.id === order._id ? HttpResponse.json(order) : HttpResponse.json({ message: 'No such booking' }, { status: 404 });
    }),
    http.post(`${API}/bookings/:id/transitions`, async ({ request }) => {
      const body = (await request.json()) as { to: string };
      moves.push({ path: new URL(request.url).pathname, body, authorization: request.headers.get('authorization') });
      return moveAnswer(body);
    }),
  );
  return {
    reads,
    moves,
    set(next: Order) {
      order = next;
    },
  };
}

function renderOrder(id = 'b1', roles: { isAdmin?: boolean; isSeller?: boolean } = {}) {
  localStorage.setItem('accessToken', 't0k');
  return renderApp(`/dashboard/orders/${id}`, { preloadedState: signedInState(roles) });
}

const actionButtons = () =>
  within(screen.getByRole('region', { name: orderCopy.actions }))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('order page', () => {
  it("shows the buyer's meet-up order: book, state, deadline in words, hand-over code, delivery and timeline", async () => {
    const api = serveOrder(anOrder());
    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order: Dune' })).toBeInTheDocument();
    expect(api.reads).toEqual(['b1 bearer t0k']);
    expect(screen.getByRole('img', { name: 'Cover of Dune' })).toHaveAttribute('src', 'https://img.example/dune.jpg');
    expect(screen.getByText('Paid', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByText('Collect by Friday 28 November')).toBeInTheDocument();
    const code = screen.getByRole('note', { name: orderCopy.handoverCode });
    expect(code).toHaveTextContent('042917');
    expect(screen.getByText(orderCopy.meetup)).toBeInTheDocument();
    expect(screen.getByText('Sam Seller')).toBeInTheDocument();

    const steps = within(screen.getByRole('region', { name: copy.order.timeline })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span')?.textContent)).toEqual(['Booked', 'Paid']);
    expect(steps[0].querySelector('time')).toHaveAttribute('datetime', '2025-11-20T12:00:00.000Z');
    expect(screen.getByText(orderCopy.noActions)).toBeInTheDocument();
  });

  it('shows the shipping address, carrier, tracking and the total with shipping', async () => {
    serveOrder(
      anOrder({
        state: 'shipped',
        delivery: { method: 'shipping', address: '1 Main St, Dhaka', carrier: 'DHL', tracking: 'JD0001' },
        shipping_price: 4.5,
        total: 16.5,
        handoverCode: undefined,
        deadline: { kind: 'receive', at: '2025-12-05T12:00:00.000Z' },
      }),
    );
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order: Dune' });
    expect(screen.getByText('Shipping to 1 Main St, Dhaka')).toBeInTheDocument();
    expect(screen.getByText('DHL')).toBeInTheDocument();
    expect(screen.getByText('JD0001')).toBeInTheDocument();
    expect(screen.getByText('$4.50')).toBeInTheDocument();
    expect(screen.getByText('$16.50')).toBeInTheDocument();
    expect(screen.getByText('Counts as received on Friday 5 December')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: orderCopy.handoverCode })).not.toBeInTheDocument();
  });

  it('tells the seller what they receive (the total less the commission), beside the total; the buyer never sees it', async () => {
    const shipped = { state: 'shipped' as const, delivery: { method: 'shipping' as const, address: '1 Main St, Dhaka' }, shipping_price: 4.5, total: 16.5, handoverCode: undefined };
    serveOrder(anOrder({ ...shipped, viewer: 'seller', sellerReceives: 15.5 }));
    renderOrder('b1', { isSeller: true });
    await screen.findByRole('heading', { level: 1, name: 'Order: Dune' });

    const total = screen.getByText(orderCopy.total, { selector: 'dt' });
    const receives = screen.getByText('You receive', { selector: 'dt' });
    expect(total.nextElementSibling).toHaveTextContent('$16.50');
    expect(total.nextElementSibling?.nextElementSibling).toBe(receives);
    expect(receives.nextElementSibling).toHaveTextContent('$15.50');

  });

  it('names it the seller\'s for an admin, and shows nothing of it to the buyer', async () => {
    const api = serveOrder(anOrder({ viewer: 'admin', sellerReceives: 11.5 }));
    const { unmount } = renderOrder('b1', { isAdmin: true, isSeller: true });
    await screen.findByRole('heading', { level: 1, name: 'Order: Dune' });
    expect(screen.getByText('Seller receives', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$11.50');
    unmount();

    api.set(anOrder({ viewer: 'buyer' }));
    renderOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order: Dune' });
    expect(screen.queryByText('You receive')).not.toBeInTheDocument();
    expect(screen.queryByText('Seller receives')).not.toBeInTheDocument();
  });

  it('offers exactly the moves in `actions`; Mark shipped asks for carrier and tracking, posts them, toasts and reads the order again', async () => {
    const order = anOrder({
      viewer: 'seller',
      handoverCode: undefined,
      delivery: { method: 'shipping', address: '1 Main St' },
      deadline: { kind: 'ship', at: '2025-11-28T12:00:00.000Z' },
      actions: ['shipped', 'refunded'],
    });
    const api = serveOrder(order, () => {
      const shipped = anOrder({ ...order, state: 'shipped', actions: [] });
      api.set(shipped);
      return HttpResponse.json(shipped);
    });
    const user = userEvent.setup();
    const { services } = renderOrder('b1', { isSeller: true });
    await screen.findByRole('heading', { level: 1, name: 'Order: Dune' });
    expect(screen.getByText('Ship by Friday 28 November')).toBeInTheDocument();
    expect(actionButtons()).toEqual(['Mark shipped', 'Refund']);

    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.shippedTitle });
    await user.type(within(dialog).getByLabelText(orderCopy.carrier), 'DHL');
    await user.type(within(dialog).getByLabelText(orderCopy.tracking), ' JD0001 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.moves).toEqual([
      { path: '/bookings/b1/transitions', body: { to: 'shipped', carrier: 'DHL', tracking: 'JD0001' }, authorization: 'bearer t0k' },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.moves.done.shipped, 'success');
    await waitFor(() => expect(api.reads).toHaveLength(2));
    expect(await screen.findByText('Shipped', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByText(orderCopy.noActions)).toBeInTheDocument();
  });

  it('closes a dialog with Escape, sending nothing', async () => {
    const api = serveOrder(anOrder({ viewer: 'seller', actions: ['refunded'], handoverCode: undefined }));
    const user = userEvent.setup();
    renderOrder('b1', { isSeller: true });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.refundedTitle });
    expect(within(dialog).getByLabelText(/Reason/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.moves).toEqual([]);
  });

  it("the seller enters the buyer's code: six digits required, and a wrong one is said in the dialog, which stays open", async () => {
    const api = serveOrder(
      anOrder({ state: 'ready', viewer: 'seller', handoverCode: undefined, actions: ['received', 'refunded'] }),
      () => HttpResponse.json({ message: 'That code is not right: 3 tries left' }, { status: 400 }),
    );
    const user = userEvent.setup();
    const { services } = renderOrder('b1', { isSeller: true });
    await user.click(await screen.findByRole('button', { name: 'Enter hand-over code' }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.codeTitle });
    const field = within(dialog).getByLabelText(/Hand-over code/);

    await user.type(field, '12ab');
    await user.click(within(dialog).getByRole('button', { name: movesCopy.receivedOther }));
    expect(await within(dialog).findByText(movesCopy.codeInvalid)).toBeInTheDocument();
    expect(api.moves).toEqual([]);

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: movesCopy.receivedOther }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right: 3 tries left');
    expect(api.moves.map((move) => move.body)).toEqual([{ to: 'received', code: '123456' }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });

  it("the buyer's Everything's OK posts at once; a refusal is a toast with the server's words", async () => {
    const api = serveOrder(
      anOrder({ state: 'received', handoverCode: undefined, actions: ['completed', 'disputed'], deadline: { kind: 'problem', at: '2025-11-28T12:00:00.000Z' } }),
      () => HttpResponse.json({ message: 'This order is completed. What may happen next: nothing.' }, { status: 409 }),
    );
    const user = userEvent.setup();
    const { services } = renderOrder();
    await screen.findByText('Report a problem by Friday 28 November');
    expect(actionButtons()).toEqual(["Everything's OK", 'Report a problem']);
    await user.click(screen.getByRole('button', { name: "Everything's OK" }));
    await waitFor(() =>
      expect(services.notifier.notify).toHaveBeenCalledWith('This order is completed. What may happen next: nothing.', 'error'),
    );
    expect(api.moves.map((move) => move.body)).toEqual([{ to: 'completed' }]);
  });

  it('Report a problem needs a reason, then posts it', async () => {
    const api = serveOrder(anOrder({ state: 'received', handoverCode: undefined, actions: ['completed', 'disputed'] }));
    const user = userEvent.setup();
    const { services } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.disputedTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Report a problem' }));
    expect(await within(dialog).findByText(movesCopy.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Pages missing');
    await user.click(within(dialog).getByRole('button', { name: 'Report a problem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.moves.map((move) => move.body)).toEqual([{ to: 'disputed', reason: 'Pages missing' }]);
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.moves.done.disputed, 'success');
  });

  it('an admin settles a dispute: Refund and Complete, each with a required reason', async () => {
    const api = serveOrder(
      anOrder({
        state: 'disputed',
        viewer: 'admin',
        handoverCode: undefined,
        actions: ['refunded', 'completed'],
        deadline: null,
        timeline: [
          { state: 'booked', at: '2025-11-20T12:00:00.000Z' },
          { state: 'disputed', at: '2025-11-24T12:00:00.000Z', reason: 'Pages missing' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderOrder('b1', { isAdmin: true, isSeller: true });
    await screen.findByRole('heading', { level: 1, name: 'Order: Dune' });
    expect(actionButtons()).toEqual(['Refund', 'Complete']);
    expect(screen.getByText('Reason: Pages missing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.completedTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText(movesCopy.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The seller sent photos');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(api.moves.map((move) => move.body)).toEqual([{ to: 'completed', reason: 'The seller sent photos' }]));
  });

  it("says plainly when the order is not the reader's or does not exist", async () => {
    serveOrder(anOrder());
    renderOrder('nope');
    expect(await screen.findByRole('heading', { level: 1, name: orderCopy.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: orderCopy.toMyOrders })).toHaveAttribute('href', '/dashboard');
  });
});
