import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { usersApiFake } from '../../testing/usersApiFake';
import type { User } from '../../types/entities';
import { Component as AllBuyerPage } from './AllBuyerPage';

const bina: User = { _id: 'u3', name: 'Bina', email: 'bina@example.com', role: 'Buyer' };
const sam: User = { _id: 'u1', name: 'Sam', email: 'sam@example.com', role: 'seller' };

const renderPage = () => renderWithProviders(<AllBuyerPage />, { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('All Buyer page', () => {
  it("lists buyers with index, name, email, 'Make seller' and Delete", async () => {
    const calls = usersApiFake([bina]);
    renderPage();

    expect(screen.getByRole('heading', { name: 'All Buyer' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Bina/ });
    expect(within(row).getByRole('gridcell', { name: '1' })).toBeInTheDocument();
    expect(row).toHaveTextContent('bina@example.com');
    expect(within(row).getByRole('button', { name: 'Make seller' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: '/buyer', authorization: 'bearer t0k' }]);
  });

  it("hides 'Make seller' for a user who is a seller already", async () => {
    server.use(http.get(`${API}/buyer`, () => HttpResponse.json([bina, sam])));
    renderPage();

    const samRow = await screen.findByRole('row', { name: /Sam/ });
    expect(within(samRow).queryByRole('button', { name: 'Make seller' })).not.toBeInTheDocument();
    expect(within(samRow).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Bina/ })).getByRole('button', { name: 'Make seller' })).toBeInTheDocument();
  });

  it('makes a buyer a seller, toasts with the name and refetches the list', async () => {
    const user = userEvent.setup();
    const calls = usersApiFake([bina]);
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Make seller' }));

    expect(await screen.findByText('No buyers yet.')).toBeInTheDocument();
    expect(services.notifier.notify).toHaveBeenCalledWith('Bina seller successfully', 'success');
    expect(calls).toEqual([
      { method: 'GET', path: '/buyer', authorization: 'bearer t0k' },
      { method: 'PUT', path: '/users/seller/u3', authorization: 'bearer t0k' },
      { method: 'GET', path: '/buyer', authorization: 'bearer t0k' },
    ]);
  });

  it("toasts the API's message when the change is refused", async () => {
    const user = userEvent.setup();
    usersApiFake([bina]);
    server.use(http.put(`${API}/users/seller/:id`, () => HttpResponse.json({ message: 'Admins only' }, { status: 403 })));
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Make seller' }));

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('Admins only', 'error'));
    expect(services.notifier.notify).not.toHaveBeenCalledWith(expect.stringContaining('seller successfully'), 'success');
  });

  it('deletes a buyer after confirmation and refetches', async () => {
    const user = userEvent.setup();
    const calls = usersApiFake([bina]);
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this user?' })).getByRole('button', { name: 'Delete user' }));

    expect(await screen.findByText('No buyers yet.')).toBeInTheDocument();
    expect(services.notifier.notify).toHaveBeenCalledWith('Delete Successfully', 'success');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /buyer', 'DELETE /users/admin/u3', 'GET /buyer']);
    expect(calls[1].authorization).toBe('bearer t0k');
  });
});
