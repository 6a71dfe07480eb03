import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { aMessage, aThread, axeViolations, READER, serveMessages, tokenFor } from './testSupport';

beforeEach(() => localStorage.setItem('accessToken', tokenFor(READER._id)));

const messagesOf = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');

/** POST /reports, answered 201 as the API does; what was sent is kept. */
function serveReports() {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/reports`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ _id: 'r1', state: 'open' }, { status: 201 });
    }),
  );
  return sent;
}

// Newest first, as the API answers: the seller's question, the reader's answer, a hidden one.
const history = [
  aMessage({ _id: '103', text: 'Buy it elsewhere: https://elsewhere.example', at: '2025-11-20T10:03:00.000Z' }),
  aMessage({ _id: '102', text: '', hidden: true, at: '2025-11-20T10:02:00.000Z' }),
  aMessage({ _id: '101', author: READER, text: 'Is it still for sale?', at: '2025-11-20T10:01:00.000Z' }),
];

describe("a thread's messages may be reported", () => {
  it("offers Report on the other side's messages only, named by the message, and reports it by its id", async () => {
    const user = userEvent.setup();
    serveMessages([aThread()], { messages: { t1: history } });
    const sent = serveReports();
    const { services } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });

    await waitFor(() => expect(messagesOf()).toHaveLength(3));
    const [mine, hidden, theirs] = messagesOf();
    expect(within(mine).queryByRole('button', { name: 'Report this message' })).not.toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: 'Report this message' })).not.toBeInTheDocument();
    const report = await within(theirs).findByRole('button', { name: 'Report this message' });
    expect(report).toHaveAccessibleDescription('Buy it elsewhere: https://elsewhere.example');
    expect(screen.getAllByRole('button', { name: 'Report this message' })).toHaveLength(1);

    await user.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ kind: 'message', id: '103', reason: 'spam' }]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Thanks, an admin will look at it', 'success');
  });

  it('offers none to an admin reading a reported thread', async () => {
    serveMessages([aThread({ role: 'admin', canSend: false })], { messages: { t1: history } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState({ isAdmin: true }) });
    await waitFor(() => expect(messagesOf()).toHaveLength(3));
    expect(screen.getByText('Buy it elsewhere: https://elsewhere.example')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this message' })).not.toBeInTheDocument();
  });

  it('passes axe with the Report button and with its dialog open', async () => {
    const user = userEvent.setup();
    serveMessages([aThread()], { messages: { t1: history } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Report this message' }));
    expect(await screen.findByRole('dialog', { name: 'Report this message' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
