import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { disputesCopy, movesCopy } from './copy';
import { anOrder } from '../../testing/fixtures';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Order } from '../../types/entities';

const disputed = (n: number) =>
  anOrder({
    _id: `d${n}`,
    bookName: `Book ${n}`,
    state: 'disputed',
    viewer: 'admin',
    total: 10 + n,
    timeline: [
      { state: 'booked', at: '2025-11-20T12:00:00.000Z' },
      { state: 'disputed', at: '2025-11-24T12:00:00.000Z', reason: `Torn cover (${n})` },
    ],
  });

interface Moved {
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * The disputes list, and moves on its orders: a move answered 200 takes the order off the list
 * (it is no longer disputed); `refuse` answers it with a 409 instead, as when another admin was first.
 */
function serveDisputes(rows: Order[], refuse?: string) {
  const list = pagedList('/admin/disputes', rows, { total: true });
  const moves: Moved[] = [];
  server.use(
    http.post(`${API}/bookings/:id/transitions`, async ({ request, params }) => {
      const body = (await request.json()) as { to: Order['state'] };
      moves.push({ path: new URL(request.url).pathname, body, authorization: request.headers.get('authorization') });
      const at = rows.findIndex((row) => row._id === params.id);
      const [order] = rows.splice(at, 1);
      if (refuse) return HttpResponse.json({ message: refuse }, { status: 409 });
      return HttpResponse.json({ ...order, state: body.to, actions: [] });
    }),
  );
  return { list, moves };
}

function openDisputes() {
  localStorage.setItem('accessToken', 't0k');
  return renderApp('/dashboard/disputes', { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });
}

const rowOf = async (book: string) => (await screen.findByRole('link', { name: book })).closest('[role="row"]') as HTMLElement;

describe('Disputes (admin)', () => {
  it('lists disputed orders a page at a time from the API, each linking to its order page', async () => {
    localStorage.setItem('accessToken', 't0k');
    const api = pagedList('/admin/disputes', numbered(30, disputed), { total: true });
    const user = userEvent.setup();
    renderApp('/dashboard/disputes', { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });

    expect(await screen.findByRole('heading', { level: 1, name: disputesCopy.title })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: disputesCopy.title });
    expect(await within(grid).findByRole('link', { name: 'Book 1' })).toHaveAttribute('href', '/dashboard/orders/d1');
    expect(within(grid).getByText('$11')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: disputesCopy.reason })).toBeInTheDocument();
    expect(within(grid).getByText('Torn cover (1)')).toBeInTheDocument();
    expect(api.calls[0]).toEqual({ params: { limit: '25' }, authorization: 'bearer t0k' });
    expect(screen.getByText(/1–25 of 30/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(grid).findByRole('link', { name: 'Book 26' })).toHaveAttribute('href', '/dashboard/orders/d26');
    await waitFor(() => expect(api.cursors()).toEqual([null, 'after-d25']));
  });

  it('refunds an order from its row, from the keyboard, with the reason both sides read; the grid is read again', async () => {
    const { list, moves } = serveDisputes(numbered(3, disputed));
    const user = userEvent.setup();
    const { services } = openDisputes();
    const row = await rowOf('Book 2');
    const refund = within(row).getByRole('button', { name: disputesCopy.refundLabel('Book 2') });
    expect(refund).toHaveTextContent(disputesCopy.refund);
    expect(within(row).getByRole('button', { name: disputesCopy.completeLabel('Book 2') })).toHaveTextContent(disputesCopy.complete);

    // Tab reaches it (past the menus, the header and the first row); Enter opens the dialog.
    for (let step = 0; step < 60 && document.activeElement !== refund; step += 1) await user.tab();
    expect(refund).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: disputesCopy.refundLabel('Book 2') });
    expect(dialog).toHaveAccessibleDescription(disputesCopy.refundHint);
    // The buyer's words are there to decide on.
    expect(within(dialog).getByText('Torn cover (2)')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(movesCopy.reason) });

    // A reason is needed, and it is at most 1,000 characters.
    await user.click(within(dialog).getByRole('button', { name: disputesCopy.refund }));
    expect(await within(dialog).findByText(movesCopy.reasonRequired)).toBeInTheDocument();
    await user.click(reason);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: disputesCopy.refund }));
    expect(await within(dialog).findByText(movesCopy.tooLong(1000))).toBeInTheDocument();
    expect(moves).toEqual([]);

    await user.clear(reason);
    await user.type(reason, '  The cover is torn, as the photos show.  ');
    await user.keyboard('{Tab}{Tab}{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(moves).toEqual([
      { path: '/bookings/d2/transitions', body: { to: 'refunded', reason: 'The cover is torn, as the photos show.' }, authorization: 'bearer t0k' },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.moves.done.refunded, 'success');
    // Read again without the settled order; the keyboard goes on from the heading.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Book 2' })).not.toBeInTheDocument());
    expect(list.calls).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Book 3' })).toBeInTheDocument();
    expect(screen.getByText(/1–2 of 2/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: disputesCopy.title })).toHaveFocus());
  });

  it('completes an order; when someone else settled it first it says why in the dialog, which stays open', async () => {
    const refusal = 'This order is refunded. What may happen next: nothing.';
    const { list, moves } = serveDisputes(numbered(2, disputed), refusal);
    const user = userEvent.setup();
    const { services } = openDisputes();
    const row = await rowOf('Book 1');

    await user.click(within(row).getByRole('button', { name: disputesCopy.completeLabel('Book 1') }));
    const dialog = await screen.findByRole('dialog', { name: disputesCopy.completeLabel('Book 1') });
    expect(dialog).toHaveAccessibleDescription(disputesCopy.completeHint);
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(movesCopy.reason) }), 'The book arrived as described.');
    await user.click(within(dialog).getByRole('button', { name: disputesCopy.complete }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(moves.map((move) => move.body)).toEqual([{ to: 'completed', reason: 'The book arrived as described.' }]);
    expect(screen.getByRole('dialog', { name: disputesCopy.completeLabel('Book 1') })).toBeInTheDocument();
    // No toast: the dialog says it. The grid is read again all the same.
    expect(services.notifier.notify).not.toHaveBeenCalled();
    await waitFor(() => expect(list.calls).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: movesCopy.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Book 1' })).not.toBeInTheDocument();
  });

  it('is for admins only', async () => {
    pagedList('/admin/disputes', [], { total: true });
    renderApp('/dashboard/disputes', { preloadedState: signedInState({ isSeller: true }) });
    expect(await screen.findByText(copy.roles.needAdmin)).toBeInTheDocument();
  });
});
