import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { copy } from '../../config/copy';
import { anOrder } from '../../testing/fixtures';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderApp, signedInState } from '../../testing/renderWithProviders';

const disputed = (n: number) =>
  anOrder({
    _id: `d${n}`,
    bookName: `Book ${n}`,
    state: 'disputed',
    viewer: 'admin',
    total: 10 + n,
    timeline: [
      { state: 'booked', at: '2025-11-20T12:00:00.000Z' },
      { state: 'disputed', at: '2025-11-24T12:00:00.000Z', reason: 'Torn' },
    ],
  });

describe('Disputes (admin)', () => {
  it('lists disputed orders a page at a time from the API, each linking to its order page', async () => {
    localStorage.setItem('accessToken', 't0k');
    const api = pagedList('/admin/disputes', numbered(30, disputed), { total: true });
    const user = userEvent.setup();
    renderApp('/dashboard/disputes', { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });

    expect(await screen.findByRole('heading', { level: 1, name: copy.disputes.title })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: copy.disputes.title });
    expect(await within(grid).findByRole('link', { name: 'Book 1' })).toHaveAttribute('href', '/dashboard/orders/d1');
    expect(within(grid).getByText('$11')).toBeInTheDocument();
    expect(api.calls[0]).toEqual({ params: { limit: '25' }, authorization: 'bearer t0k' });
    expect(screen.getByText(/1–25 of 30/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(grid).findByRole('link', { name: 'Book 26' })).toHaveAttribute('href', '/dashboard/orders/d26');
    await waitFor(() => expect(api.cursors()).toEqual([null, 'after-d25']));
  });

  it('is for admins only', async () => {
    pagedList('/admin/disputes', [], { total: true });
    renderApp('/dashboard/disputes', { preloadedState: signedInState({ isSeller: true }) });
    expect(await screen.findByText(copy.roles.needAdmin)).toBeInTheDocument();
  });
});
