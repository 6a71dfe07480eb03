import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { aMessage, aThread, axeViolations, READER, SELLER, serveMessages, tokenFor } from './testSupport';

beforeEach(() => localStorage.setItem('accessToken', tokenFor(READER._id)));

const messagesOf = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');

describe('a thread page', () => {
  it('shows the messages oldest first, whose they are, and loads older ones on demand', async () => {
    const user = userEvent.setup();
    // Newest first, as the API answers: 31 messages, one page of 30 and one more.
    const history = Array.from({ length: 31 }, (_, n) =>
      aMessage({ _id: String(200 - n), text: `message ${31 - n}`, author: n % 2 ? READER : SELLER, at: new Date(Date.UTC(2025, 10, 20, 10, 31 - n)).toISOString() }),
    );
    const { calls } = serveMessages([aThread()], { messages: { t1: history } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });

    expect(await screen.findByRole('heading', { level: 1, name: 'About Dune' })).toBeInTheDocument();
    expect(screen.getByText('With Sam Seller')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the book' })).toHaveAttribute('href', '/books/book-1');
    await waitFor(() => expect(messagesOf()).toHaveLength(30));
    expect(messagesOf()[0]).toHaveTextContent('message 2');
    expect(messagesOf()[29]).toHaveTextContent('Sam Seller');
    expect(messagesOf()[29]).toHaveTextContent('message 31');
    expect(messagesOf()[28]).toHaveTextContent(/^You/);

    await user.click(screen.getByRole('button', { name: 'Older messages' }));
    await waitFor(() => expect(messagesOf()).toHaveLength(31));
    expect(messagesOf()[0]).toHaveTextContent('message 1');
    expect(screen.queryByRole('button', { name: 'Older messages' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/threads/t1/messages').map((call) => call.search)).toEqual(['?limit=30', '?limit=30&cursor=30']);
  });

  it('sends a message with Send: trimmed, shown at once, the field emptied', async () => {
    const user = userEvent.setup();
    const { calls } = serveMessages([aThread()], { messages: { t1: [aMessage()] } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });

    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, '  Is the cover torn?  ');
    expect(screen.getByText('22 / 2,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(messagesOf()).toHaveLength(2));
    expect(messagesOf()[1]).toHaveTextContent('Is the cover torn?');
    expect(field).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')).toEqual(
      expect.objectContaining({ path: '/threads/t1/messages', body: { text: 'Is the cover torn?' }, authorization: `bearer ${tokenFor(READER._id)}` }),
    );
  });

  it('sends with Ctrl+Enter; Enter alone is a new line; nothing goes out blank or past 2,000 characters', async () => {
    const user = userEvent.setup();
    const { calls } = serveMessages([aThread()], { messages: { t1: [] } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: 'Message' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message first')).toBeInTheDocument();

    await user.click(field);
    await user.paste('x'.repeat(2001));
    expect(screen.getByText('2,001 / 2,000')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('At most 2,000 characters')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'first line{Enter}second line');
    expect(field).toHaveValue('first line\nsecond line');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'first line\nsecond line' });
  });

  it('shows markup and addresses as the text written: never HTML, never a link', async () => {
    const text = '<script>alert(1)</script> <b>bold</b>\nsee https://evil.example/x';
    serveMessages([aThread()], { messages: { t1: [aMessage({ text })] } });
    const { container } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });

    await waitFor(() => expect(messagesOf()).toHaveLength(1));
    const item = messagesOf()[0];
    expect(item).toHaveTextContent('<script>alert(1)</script> <b>bold</b> see https://evil.example/x');
    expect(container.querySelector('li script, li b')).toBeNull();
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    const body = within(item).getByText(/evil\.example/);
    expect(body.textContent).toBe(text);
    expect(getComputedStyle(body).whiteSpace).toBe('pre-wrap');
  });

  it('says a hidden message was hidden by an admin', async () => {
    serveMessages([aThread()], { messages: { t1: [aMessage({ text: '', hidden: true })] } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await waitFor(() => expect(messagesOf()).toHaveLength(1));
    expect(within(messagesOf()[0]).getByText('Hidden by an admin')).toBeInTheDocument();
  });

  it('a closed thread says why and has no composer', async () => {
    serveMessages([aThread({ canSend: false, closed: 'This order ended more than 30 days ago.' })], { messages: { t1: [aMessage()] } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    expect(await screen.findByRole('note')).toHaveTextContent('This order ended more than 30 days ago.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it.each([
    [429, 'Too many messages: wait a minute.'],
    [403, 'You cannot message this user.'],
    [409, 'This conversation has ended.'],
  ])('a send refused with %i: a toast says why, the text stays', async (status, words) => {
    const user = userEvent.setup();
    serveMessages([aThread()], { messages: { t1: [] }, refuseSend: () => HttpResponse.json({}, { status }) });
    const { services } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    const field = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(field, 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(words, 'error'));
    expect(field).toHaveValue('hello');
  });

  it('a send refused as blocked reads the thread again: it is closed now', async () => {
    const user = userEvent.setup();
    const thread = aThread();
    serveMessages([thread], {
      messages: { t1: [] },
      refuseSend: () => {
        Object.assign(thread, { canSend: false, closed: 'You cannot write to this user.' });
        return HttpResponse.json({ message: 'You cannot write to this user.' }, { status: 403 });
      },
    });
    const { services } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('note')).toHaveTextContent('You cannot write to this user.');
    expect(services.notifier.notify).toHaveBeenCalledWith('You cannot write to this user.', 'error');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('blocks the other side after asking, then offers to unblock', async () => {
    const user = userEvent.setup();
    const { calls } = serveMessages([aThread()], { messages: { t1: [] } });
    const { services } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Block this user' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Sam Seller?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block this user' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(services.notifier.notify).toHaveBeenCalledWith('Sam Seller is blocked', 'success');
    expect(calls.filter((call) => call.path.startsWith('/blocks/'))).toEqual([expect.objectContaining({ method: 'POST', path: '/blocks/u-seller' })]);

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Unblock Sam Seller?' })).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block this user' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([expect.objectContaining({ path: '/blocks/u-seller' })]);
  });

  it('reads the thread when it opens with unread messages', async () => {
    const { calls } = serveMessages([aThread({ unread: 2 })], { messages: { t1: [aMessage()] } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/threads/t1/read']));
  });

  it('an unknown thread says so and leads to the inbox', async () => {
    serveMessages([]);
    renderApp('/dashboard/messages/nope', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'No such conversation.' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it('a live message from the other side joins the thread, is said politely and read at once', async () => {
    const { calls } = serveMessages([aThread()], { messages: { t1: [aMessage()] } });
    const { services } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await waitFor(() => expect(messagesOf()).toHaveLength(1));
    await waitFor(() => expect(services.events.connections).toHaveLength(1));

    act(() => {
      services.events.current().open();
      services.events.current().send({ id: '101', event: 'message', data: JSON.stringify(aMessage({ _id: '101', text: 'Still there?', at: '2025-11-20T11:00:00.000Z' })) });
    });

    await waitFor(() => expect(messagesOf()).toHaveLength(2));
    expect(messagesOf()[1]).toHaveTextContent('Still there?');
    const status = screen.getAllByRole('status').find((region) => region.textContent === 'Sam Seller: Still there?');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(calls.filter((call) => call.path === '/threads/t1/read')).toHaveLength(1));
  });

  it('announces nothing of a thread opened again: its messages are not new', async () => {
    serveMessages([aThread(), aThread({ _id: 't2', bookName: 'Emma' })], {
      messages: { t1: [aMessage({ text: 'Dune is here' })], t2: [aMessage({ _id: '300', threadId: 't2', text: 'Emma is here' })] },
    });
    const { router } = renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    expect(await screen.findByText('Dune is here')).toBeInTheDocument();
    router.navigate('/dashboard/messages/t2');
    expect(await screen.findByText('Emma is here')).toBeInTheDocument();
    router.navigate('/dashboard/messages/t1');
    expect(await screen.findByText('Dune is here')).toBeInTheDocument();
    const said = screen.getAllByRole('status').map((region) => region.textContent);
    expect(said.filter((text) => text?.startsWith('Sam Seller:'))).toEqual([]);
  });

  it('passes axe with its composer', async () => {
    serveMessages([aThread()], { messages: { t1: [aMessage()] } });
    renderApp('/dashboard/messages/t1', { preloadedState: signedInState() });
    await waitFor(() => expect(messagesOf()).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Block this user' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
