import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { movesCopy, orderCopy } from './copy';
import { anOrder } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Order } from '../../types/entities';

/** GET /bookings/:id answers the order as it is now; each move answers `onMove` (which may change it). */
function serveOrder(initial: Order, onMove: (body: { to: string }) => Response) {
  const api = { order: initial, reads: 0 };
  server.use(
    http.get(`${API}/bookings/:id`, () => {
      api.reads += 1;
      return HttpResponse.json(api.order);
    }),
    http.post(`${API}/bookings/:id/transitions`, async ({ request }) => onMove((await request.json()) as { to: string })),
    // A completed order's page asks for its reviews (src/app composes them in).
    http.get(`${API}/bookings/:id/reviews`, () => HttpResponse.json({ mine: null, theirs: null, dueAt: null, open: false })),
  );
  return api;
}

function renderOrder(roles: { isSeller?: boolean } = {}) {
  localStorage.setItem('accessToken', 't0k');
  return renderApp('/dashboard/orders/b1', { preloadedState: signedInState(roles) });
}

const COMPLETED = 'This order is completed. What may happen next: nothing.';

describe('a move made from a dialog', () => {
  it('says the refusal when the order, read again, offers no move any more (completed in another tab)', async () => {
    const received = anOrder({ state: 'received', handoverCode: undefined, actions: ['completed', 'disputed'] });
    const api = serveOrder(received, () => {
      // The other tab said "Everything's OK" first: the order is completed, with nothing left to do.
      api.order = anOrder({ ...received, state: 'completed', actions: [], deadline: null });
      return HttpResponse.json({ message: COMPLETED }, { status: 409 });
    });
    const user = userEvent.setup();
    const { services } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.disputedTitle });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Pages missing');
    await user.click(within(dialog).getByRole('button', { name: 'Report a problem' }));

    // The order is read again (it shows completed) and the dialog still says why nothing happened.
    await waitFor(() => expect(api.reads).toBe(2));
    expect(await screen.findByText('Completed', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: movesCopy.disputedTitle })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(COMPLETED);
    expect(services.notifier.notify).not.toHaveBeenCalledWith(expect.anything(), 'success');

    // Back closes it; the page then says there is nothing left to do.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: movesCopy.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(orderCopy.noActions)).toBeInTheDocument();
  });

  it("clears the server's word on a wrong code as soon as the code is edited, leaving only the typing error", async () => {
    serveOrder(anOrder({ state: 'ready', viewer: 'seller', handoverCode: undefined, actions: ['received'] }), () =>
      HttpResponse.json({ message: 'That code is not right: 4 tries left' }, { status: 400 }),
    );
    const user = userEvent.setup();
    renderOrder({ isSeller: true });
    await user.click(await screen.findByRole('button', { name: movesCopy.enterCode }));
    const dialog = screen.getByRole('dialog', { name: movesCopy.codeTitle });
    const field = within(dialog).getByLabelText(/Hand-over code/);
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: movesCopy.receivedOther }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right: 4 tries left');

    await user.type(field, '7');
    expect(await within(dialog).findByText(movesCopy.codeInvalid)).toBeInTheDocument();
    expect(within(dialog).queryByText('That code is not right: 4 tries left')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
