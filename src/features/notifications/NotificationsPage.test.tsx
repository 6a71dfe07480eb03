import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatDay } from '../../lib/orders';
import { copy } from '../../config/copy';
import { notificationsCopy, unsubscribeCopy } from './copy';
import { axeViolations } from '../../testing/axe';
import { anOrder } from '../../testing/fixtures';
import { renderApp, signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { AppNotification, NotificationKind } from '../../types/entities';

const note = (overrides: Partial<AppNotification>): AppNotification => ({
  _id: '1',
  kind: 'paid',
  bookingId: 'b1',
  bookName: 'Dune',
  role: 'seller',
  at: '2025-11-21T12:00:00.000Z',
  read: false,
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  body?: unknown;
}

function serveNotifications(rows: AppNotification[], unread: number) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
      ...(request.method === 'PUT' || request.method === 'POST' ? { body: await request.text() } : {}),
    });
  };
  server.use(
    http.get(`${API}/notifications`, async ({ request }) => {
      await record(request);
      const params = new URL(request.url).searchParams;
      const limit = Number(params.get('limit'));
      const start = params.get('cursor') ? Number(params.get('cursor')) : 0;
      const headers: Record<string, string> = { 'X-Unread-Count': String(unread) };
      if (start + limit < rows.length) headers.Link = `<${API}/notifications?limit=${limit}&cursor=${start + limit}>; rel="next"`;
      return HttpResponse.json(rows.slice(start, start + limit), { headers });
    }),
    http.post(`${API}/notifications/:id/read`, async ({ request, params }) => {
      await record(request);
      const unreadBefore = rows.some((row) => row._id === params.id && !row.read);
      rows = rows.map((row) => (row._id === params.id ? { ...row, read: true } : row));
      if (unreadBefore) unread -= 1;
      return HttpResponse.json({ acknowledged: true, modifiedCount: unreadBefore ? 1 : 0 });
    }),
    http.post(`${API}/notifications/read-all`, async ({ request }) => {
      await record(request);
      unread = 0;
      return HttpResponse.json({ acknowledged: true, modifiedCount: 2 });
    }),
    http.get(`${API}/bookings/:id`, () => HttpResponse.json(anOrder({ viewer: 'seller' }))),
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 't0k');
  // The home page's categories, for the bell's tests.
  server.use(http.get(`${API}/bookCatagories`, () => HttpResponse.json([])));
});

describe('the bell', () => {
  it('shows the unread count in its badge and its name, and leads to the notifications', async () => {
    serveNotifications([], 3);
    renderApp('/', { preloadedState: signedInState() });
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/dashboard/notifications');
    expect(within(bell).getByText('3')).toBeInTheDocument();
  });

  it('past 99 shows "99+" and says "99+" in its name, so the name holds the text it shows', async () => {
    serveNotifications([], 150);
    renderApp('/', { preloadedState: signedInState() });
    const bell = await screen.findByRole('link', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent(/^99\+$/);
  });

  it('with nothing unread holds no number at all, not even a hidden one', async () => {
    const calls = serveNotifications([], 0);
    renderApp('/', { preloadedState: signedInState() });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/notifications'));
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell).toHaveTextContent(/^$/);
  });

  it('is not there for a visitor', async () => {
    renderApp('/', { preloadedState: signedOutState() });
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});

describe('notifications page', () => {
  it('lists them newest first as sentences by kind and side, each linking to its order; opening one marks it read', async () => {
    const calls = serveNotifications(
      [
        note({ _id: '3', kind: 'problem_window', role: 'buyer', bookName: 'Emma', bookingId: 'b2', deadline: '2025-11-28T12:00:00.000Z' }),
        note({ _id: '2', kind: 'ready', role: 'buyer', read: true }),
        note({ _id: '1' }),
      ],
      2,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: notificationsCopy.title });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'unread: You received Emma: report a problem by Friday 28 November',
      'Dune is ready to collect',
      'unread: Your book Dune was paid for: get it ready',
    ]);
    expect(items[0]).toHaveAttribute('href', '/dashboard/orders/b2');
    const firstPage = calls.find((call) => call.path === '/notifications' && call.search.includes('limit=20'));
    expect(firstPage?.authorization).toBe('bearer t0k');

    await user.click(items[2]);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/notifications/1/read', search: '', authorization: 'bearer t0k', body: '' },
    ]));
    expect(router.state.location.pathname).toBe('/dashboard/orders/b1');
  });

  it("tells a seller of their payouts by amount, the failure's reason in the sentence, each leading to their earnings", async () => {
    const payout = { role: 'seller' as const, bookingId: '', bookName: '', payoutId: 'po1' };
    serveNotifications(
      [
        note({ _id: '2', kind: 'payout_failed', ...payout, amount: 9.2, reason: 'The bank account is closed.' }),
        note({ _id: '1', kind: 'payout_paid', ...payout, amount: 18.4, read: true }),
      ],
      1,
    );
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/earnings`, () =>
        HttpResponse.json({
          balance: { pending: 0, available: 9.2, inTransit: 0, paidOut: 18.4 },
          account: { state: 'active', due: [] },
          commission: { percent: 8, min: 0.5, payoutMin: 1 },
        }),
      ),
      http.get(`${API}/earnings/entries`, () => HttpResponse.json([])),
    );
    const { router } = renderApp('/dashboard/notifications', { preloadedState: signedInState({ isSeller: true }) });
    const list = await screen.findByRole('list', { name: notificationsCopy.title });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'unread: Your payout of $9.20 failed: The bank account is closed. The money is available again.',
      '$18.40 reached your bank',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/dashboard/earnings', '/dashboard/earnings']);

    await user.click(items[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/earnings'));
  });

  it("tells a buyer of a wanted book listed and a favourite's lower price, each leading to the book, and of a changed booked listing", async () => {
    const buyer = { role: 'buyer' as const, bookingId: '' };
    serveNotifications(
      [
        note({ _id: '3', kind: 'want_listed', ...buyer, bookName: 'Dune', bookId: 'bk1', wantId: 'w1', amount: 12 }),
        note({ _id: '2', kind: 'price_drop', ...buyer, bookName: 'Emma', bookId: 'bk2', amount: 9, read: true }),
        note({ _id: '1', kind: 'listing_changed', role: 'buyer', bookingId: 'b1', bookName: 'Middlemarch', read: true }),
      ],
      1,
    );
    renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: notificationsCopy.title });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'unread: A book you want was listed: Dune for $12.00',
      'Emma, one of your favourites, now costs $9.00',
      'The seller changed the listing of Middlemarch; your booking keeps its price',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/books/bk1', '/books/bk2', '/dashboard/orders/b1']);
  });

  it("tells each side of an offer's steps, each leading to the offer", async () => {
    const deadline = '2026-12-05T10:00:00.000Z';
    const offer = { bookingId: '', bookName: 'Dune', offerId: 'of1', amount: 14, deadline };
    serveNotifications(
      [
        note({ _id: '2', kind: 'offer_countered', role: 'buyer', ...offer, amount: 18 }),
        note({ _id: '1', kind: 'offer_made', role: 'seller', ...offer, read: true }),
      ],
      1,
    );
    renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: notificationsCopy.title });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      `unread: The seller answered with $18.00 for Dune: answer by ${formatDay(deadline)}`,
      `A buyer offers $14.00 for Dune: answer by ${formatDay(deadline)}`,
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/dashboard/offers/of1', '/dashboard/offers/of1']);
  });

  it('marks all as read, with a toast', async () => {
    const calls = serveNotifications([note({ _id: '2' }), note({ _id: '1' })], 2);
    const user = userEvent.setup();
    const { services } = renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    await screen.findByRole('list', { name: notificationsCopy.title });
    await user.click(screen.getByRole('button', { name: notificationsCopy.markAllRead }));
    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(copy.notifications.markedAllRead, 'success'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/notifications/read-all']);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks one unread entry read where it is, from the keyboard; the bell counts one fewer', async () => {
    const calls = serveNotifications(
      [note({ _id: '3', bookName: 'Emma' }), note({ _id: '2', kind: 'ready', role: 'buyer', read: true }), note({ _id: '1' })],
      2,
    );
    const user = userEvent.setup();
    const { router, services } = renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: notificationsCopy.title });
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    // One button per unread entry, named by the entry it reads.
    expect(within(list).getAllByRole('button', { name: /^Mark as read/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Mark as read: Your book Emma was paid for: get it ready',
      'Mark as read: Your book Dune was paid for: get it ready',
    ]);
    expect(await axeViolations()).toEqual([]);

    const emma = within(list).getByRole('button', { name: notificationsCopy.markReadLabel('Your book Emma was paid for: get it ready') });
    act(() => emma.focus());
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const entry = within(list).getByRole('link', { name: /Your book Emma was paid for/ });
    await waitFor(() => expect(entry).toHaveFocus());
    expect(entry.querySelector('.MuiListItemText-primary')).toHaveTextContent(/^Your book Emma was paid for: get it ready$/);
    expect(within(list).getAllByRole('button', { name: /^Mark as read/ })).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/notifications/3/read']);
    // It stays on the list, and says nothing when it works.
    expect(router.state.location.pathname).toBe('/dashboard/notifications');
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });

  it('says so when an entry could not be marked read', async () => {
    serveNotifications([note({ _id: '1' })], 1);
    server.use(http.post(`${API}/notifications/:id/read`, () => HttpResponse.json({ message: 'Not yours' }, { status: 403 })));
    const user = userEvent.setup();
    const { services } = renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: /^Mark as read:/ }));
    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('Not yours', 'error'));
    expect(screen.getByRole('button', { name: /^Mark as read:/ })).toBeInTheDocument();
  });

  it("pages with 'Load more'", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => note({ _id: String(25 - i), bookName: `Book ${25 - i}` }));
    serveNotifications(rows, 0);
    const user = userEvent.setup();
    renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: notificationsCopy.title });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: copy.tableMore.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    serveNotifications([], 0);
    renderApp('/dashboard/notifications', { preloadedState: signedInState() });
    expect(await screen.findByText(notificationsCopy.empty)).toBeInTheDocument();
  });
});

describe('email settings', () => {
  it('shows a switch per kind and PUTs the one changed', async () => {
    const email = Object.fromEntries(Object.keys(notificationsCopy.kinds).map((kind) => [kind, true])) as Record<NotificationKind, boolean>;
    const puts: unknown[] = [];
    server.use(
      http.get(`${API}/notification-settings`, () => HttpResponse.json({ email })),
      http.put(`${API}/notification-settings`, async ({ request }) => {
        const body = (await request.json()) as { email: Partial<Record<NotificationKind, boolean>> };
        puts.push({ body, authorization: request.headers.get('authorization') });
        return HttpResponse.json({ email: { ...email, ...body.email } });
      }),
    );
    const user = userEvent.setup();
    const { services } = renderApp('/dashboard/notifications/settings', { preloadedState: signedInState() });
    const paid = await screen.findByRole('switch', { name: notificationsCopy.kinds.paid });
    expect(screen.getAllByRole('switch')).toHaveLength(28);
    expect(screen.getByRole('switch', { name: 'A payout reaches your bank' })).toBeChecked();
    for (const label of [
      'A book you want is listed', "A favourite's price drops", 'A booked listing changes',
      'A buyer makes an offer', 'An offer is countered', 'An offer is accepted', 'An offer is declined', 'An offer expires', 'A day is left to answer an offer',
    ]) {
      expect(screen.getByRole('switch', { name: label })).toBeChecked();
    }
    expect(screen.getByRole('switch', { name: 'A payout fails' })).toBeChecked();
    expect(paid).toBeChecked();
    await user.click(paid);
    await waitFor(() => expect(screen.getByRole('switch', { name: notificationsCopy.kinds.paid })).not.toBeChecked());
    expect(puts).toEqual([{ body: { email: { paid: false } }, authorization: 'bearer t0k' }]);
    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith(copy.notifications.settingsSaved, 'success'));
  });
});

describe('unsubscribe link', () => {
  it('posts the token (no sign-in needed) and says which emails are off', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/notifications/unsubscribe`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ kind: 'shipped' });
      }),
    );
    renderApp('/unsubscribe?token=abc.def', { preloadedState: signedOutState() });
    expect(await screen.findByText(unsubscribeCopy.done(notificationsCopy.kinds.shipped))).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'abc.def' }]);
  });

  it('says plainly when the token is refused', async () => {
    server.use(http.post(`${API}/notifications/unsubscribe`, () => HttpResponse.json({ message: 'params/token bad' }, { status: 400 })));
    renderApp('/unsubscribe?token=nope', { preloadedState: signedOutState() });
    expect(await screen.findByText(unsubscribeCopy.failed)).toBeInTheDocument();
  });
});
