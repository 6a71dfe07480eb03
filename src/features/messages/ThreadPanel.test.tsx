import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { anOrder } from '../../testing/fixtures';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { aMessage, aThread, axeViolations, READER, serveMessages, tokenFor } from './testSupport';

beforeEach(() => localStorage.setItem('accessToken', tokenFor(READER._id)));

const orderThread = aThread({ _id: 'b1', kind: 'order', bookingId: 'b1' });

describe("an order's messages", () => {
  it('show on the order page, under their heading, with a composer that sends to the order\'s thread', async () => {
    const user = userEvent.setup();
    server.use(http.get(`${API}/bookings/:id`, () => HttpResponse.json(anOrder())));
    const { calls } = serveMessages([orderThread], { messages: { b1: [aMessage({ threadId: 'b1', text: 'Meet at the library?' })] } });
    renderApp('/dashboard/orders/b1', { preloadedState: signedInState() });

    const panel = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(panel).findByText('Meet at the library?')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Yes, at noon');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText('Yes, at noon')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/threads/b1/messages']);
    expect(await axeViolations()).toEqual([]);
  });

  it('are not there for an admin reading the order', async () => {
    server.use(http.get(`${API}/bookings/:id`, () => HttpResponse.json(anOrder({ viewer: 'admin' }))));
    const { calls } = serveMessages([orderThread]);
    renderApp('/dashboard/orders/b1', { preloadedState: signedInState({ isAdmin: true }) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/threads/b1'))).toEqual([]);
  });
});
