import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { aMessage, aThread, axeViolations, READER, SELLER, serveMessages, tokenFor } from './testSupport';

beforeEach(() => {
  localStorage.setItem('accessToken', tokenFor(READER._id));
  server.use(http.get(`${API}/bookCatagories`, () => HttpResponse.json([])));
});

const inbox = () => screen.findByRole('list', { name: 'Messages' });
const rowsOf = (list: HTMLElement) => within(list).getAllByRole('link');

describe('the inbox', () => {
  it('lists the threads as the API orders them (latest first): book, other side, last words, unread count', async () => {
    serveMessages([
      aThread({ _id: 't2', bookName: 'Emma', unread: 2, last: { text: 'Is it signed?', at: '2025-11-21T10:00:00.000Z', authorId: SELLER._id } }),
      aThread({ _id: 't1', last: { text: 'Thanks!', at: '2025-11-20T10:00:00.000Z', authorId: READER._id } }),
      aThread({ _id: 't3', bookName: 'Ulysses', last: { text: '', at: '2025-11-19T10:00:00.000Z', authorId: SELLER._id } }),
    ]);
    renderApp('/dashboard/messages', { preloadedState: signedInState() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const [emma, dune, ulysses] = rowsOf(await inbox());
    expect(emma).toHaveAttribute('href', '/dashboard/messages/t2');
    expect(emma).toHaveTextContent('Emma · Sam Seller');
    expect(emma).toHaveTextContent('Is it signed?');
    expect(within(emma).getByText('2 unread')).toBeInTheDocument();
    expect(dune).toHaveTextContent('You: Thanks!');
    expect(within(dune).queryByText(/unread/)).not.toBeInTheDocument();
    expect(ulysses).toHaveTextContent('Hidden by an admin');
    expect(await axeViolations()).toEqual([]);
  });

  it('says when there are none yet', async () => {
    serveMessages([]);
    renderApp('/dashboard/messages', { preloadedState: signedInState() });
    expect(await screen.findByText('No messages yet. Ask a seller about a book from its page.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('loads more threads a page at a time', async () => {
    const user = userEvent.setup();
    serveMessages(Array.from({ length: 21 }, (_, n) => aThread({ _id: `t${n}`, bookName: `Book ${n}` })));
    renderApp('/dashboard/messages', { preloadedState: signedInState() });
    await waitFor(async () => expect(rowsOf(await inbox())).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(rowsOf(await inbox())).toHaveLength(21));
  });

  it('moves a thread to the top with a live message from the other side, counted unread in the inbox, the menu and the bell', async () => {
    const threads = [aThread({ _id: 't2', bookName: 'Emma' }), aThread({ _id: 't1' })];
    serveMessages(threads);
    const { services } = renderApp('/dashboard/messages', { preloadedState: signedInState() });
    await waitFor(async () => expect(rowsOf(await inbox())).toHaveLength(2));
    await waitFor(() => expect(services.events.connections).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();

    // The API counts it unread from now on.
    threads[1].unread = 1;
    act(() => {
      services.events.current().open();
      services.events.current().send({ id: '101', event: 'message', data: JSON.stringify(aMessage({ _id: '101', text: 'Still for sale', at: '2025-11-22T10:00:00.000Z' })) });
    });

    await waitFor(async () => expect(rowsOf(await inbox())[0]).toHaveTextContent('Dune · Sam Seller'));
    const [dune] = rowsOf(await inbox());
    expect(dune).toHaveTextContent('Still for sale');
    expect(within(dune).getByText('1 unread')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'dashboard' });
    expect(await within(menu).findByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute('href', '/dashboard/messages');
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it("counts one's own live message as nothing unread", async () => {
    const { calls } = serveMessages([aThread({ _id: 't2', bookName: 'Emma' }), aThread({ _id: 't1' })]);
    const { services } = renderApp('/dashboard/messages', { preloadedState: signedInState() });
    await waitFor(async () => expect(rowsOf(await inbox())).toHaveLength(2));
    await waitFor(() => expect(services.events.connections).toHaveLength(1));
    const reads = () => calls.filter((call) => call.path === '/threads').length;
    const before = reads();

    act(() => {
      services.events.current().open();
      services.events.current().send({ id: '102', event: 'message', data: JSON.stringify(aMessage({ _id: '102', author: READER, text: 'Sent from my phone', at: '2025-11-22T10:00:00.000Z' })) });
    });

    await waitFor(async () => expect(rowsOf(await inbox())[0]).toHaveTextContent('You: Sent from my phone'));
    expect(within(rowsOf(await inbox())[0]).queryByText(/unread/)).not.toBeInTheDocument();
    expect(reads()).toBe(before);
  });
});

describe('the bell and the menu', () => {
  it('count unread messages with the notifications (the bell) and alone (the menu)', async () => {
    serveMessages([aThread({ unread: 3 })]);
    server.use(http.get(`${API}/notifications`, () => HttpResponse.json([], { headers: { 'X-Unread-Count': '2' } })));
    renderApp('/dashboard/messages', { preloadedState: signedInState() });
    expect(await screen.findByRole('link', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'dashboard' });
    expect(await within(menu).findByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();
  });
});
