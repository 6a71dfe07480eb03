import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { usersApiFake } from '../../testing/usersApiFake';
import type { User } from '../../types/entities';
import { Component as AllSellerPage } from './AllSellerPage';

const sam: User = { _id: 'u1', name: 'Sam', email: 'sam@example.com', role: 'seller' };
const ada: User = { _id: 'u2', name: 'Ada', email: 'ada@example.com', role: 'admin' };

const renderPage = () => renderWithProviders(<AllSellerPage />, { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('All seller page', () => {
  it('lists sellers with index, name, email, the verify button or a tick, and Delete', async () => {
    const calls = usersApiFake([sam, ada]);
    renderPage();

    expect(screen.getByRole('heading', { name: 'All seller' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    const samRow = await screen.findByRole('row', { name: /Sam/ });
    expect(within(samRow).getByRole('gridcell', { name: '1' })).toBeInTheDocument();
    expect(samRow).toHaveTextContent('sam@example.com');
    expect(within(samRow).getByRole('button', { name: 'Make Admin seller verify' })).toBeInTheDocument();
    expect(within(samRow).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const adaRow = screen.getByRole('row', { name: /Ada/ });
    expect(within(adaRow).getByRole('gridcell', { name: '2' })).toBeInTheDocument();
    expect(within(adaRow).queryByRole('button', { name: 'Make Admin seller verify' })).not.toBeInTheDocument();
    expect(within(adaRow).getByRole('img', { name: 'verified' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: '/seller', authorization: 'bearer t0k' }]);
  });

  it('verifies a seller, toasts with the name and shows the tick after the list is fetched again', async () => {
    const user = userEvent.setup();
    const calls = usersApiFake([sam]);
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Make Admin seller verify' }));

    expect(await screen.findByRole('img', { name: 'verified' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Admin seller verify' })).not.toBeInTheDocument();
    expect(services.notifier.notify).toHaveBeenCalledWith('Sam seller verify successfully', 'success');
    expect(calls).toEqual([
      { method: 'GET', path: '/seller', authorization: 'bearer t0k' },
      { method: 'PUT', path: '/users/admin/u1', authorization: 'bearer t0k' },
      { method: 'GET', path: '/seller', authorization: 'bearer t0k' },
    ]);
  });

  it('asks before deleting a seller, then deletes, toasts and refetches', async () => {
    const user = userEvent.setup();
    const calls = usersApiFake([sam, ada]);
    const { services } = renderPage();

    await user.click(within(await screen.findByRole('row', { name: /Sam/ })).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('Sam will be removed for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(screen.getByRole('row', { name: /Sam/ })).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete user' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Sam/ })).not.toBeInTheDocument());
    expect(services.notifier.notify).toHaveBeenCalledWith('Delete Successfully', 'success');
    expect(calls.slice(1)).toEqual([
      { method: 'DELETE', path: '/users/admin/u1', authorization: 'bearer t0k' },
      { method: 'GET', path: '/seller', authorization: 'bearer t0k' },
    ]);
  });

  it('is the page an admin gets at /dashboard/allseller', async () => {
    usersApiFake([sam]);
    renderApp('/dashboard/allseller', { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });

    expect(await screen.findByRole('heading', { name: 'All seller' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Make Admin seller verify' })).toBeInTheDocument();
  });

  it('shows the empty state when there are no sellers', async () => {
    usersApiFake([]);
    renderPage();

    expect(await screen.findByText('No sellers yet.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});
