import type * as timers from 'timers';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { copy } from '../../config/copy';
import { createFakeServices, testUser } from '../../testing/fakeServices';
import { signedInState, signedOutState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { trackStore } from '../../testing/storeRegistry';
import type { AppNotification } from '../../types/entities';
import { profileUpdated, sessionStarted, signedOut } from '../auth/authSlice';
import { ordersApi } from '../orders/ordersApi';
import { searchApi } from '../search/searchApi';
import { notificationsApi } from './notificationsApi';

const paid: AppNotification = {
  _id: '41',
  kind: 'paid',
  bookingId: 'b1',
  bookName: 'Dune',
  role: 'seller',
  at: '2025-11-21T12:00:00.000Z',
  read: false,
};

beforeEach(() =>
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ isAdmin: false })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ isSeller: false })),
  ),
);

/** The stream's code comes in a chunk of its own: let it arrive. */
const { setImmediate: realSetImmediate } = jest.requireActual<typeof timers>('timers');
const settle = () => new Promise<void>((resolve) => realSetImmediate(resolve));

async function start(state = signedInState()) {
  localStorage.setItem('accessToken', 't0k');
  const services = createFakeServices();
  const store = trackStore(setupStore(services, state));
  await settle();
  return { services, store, events: services.events };
}

describe('live notifications', () => {
  afterEach(() => jest.useRealTimers());

  it('opens the stream when the API layer arrives for someone already signed in, with the token and no Last-Event-ID', async () => {
    const { events, store } = await start();
    expect(events.connections).toHaveLength(1);
    expect(events.current()).toMatchObject({ token: 't0k', lastEventId: null });
    store.dispatch(signedOut());
  });

  it('opens nothing for a visitor, and opens the stream once a session starts', async () => {
    const { events, store } = await start(signedOutState());
    expect(events.connections).toHaveLength(0);
    store.dispatch(profileUpdated(testUser));
    store.dispatch(sessionStarted({ email: testUser.email! }));
    await settle();
    expect(events.connections).toHaveLength(1);
    store.dispatch(signedOut());
    expect(events.current().aborted()).toBe(true);
  });

  it('a notification: a toast in its words, the unread count and its order read again', async () => {
    const reads: string[] = [];
    let unread = 0;
    server.use(
      http.get(`${API}/notifications`, () => {
        reads.push('notifications');
        return HttpResponse.json([], { headers: { 'X-Unread-Count': String(unread++) } });
      }),
      http.get(`${API}/bookings/:id`, ({ params }) => {
        reads.push(`booking ${params.id as string}`);
        return HttpResponse.json({ _id: params.id });
      }),
    );
    const { events, store, services } = await start();
    const count = store.dispatch(notificationsApi.endpoints.getUnreadCount.initiate());
    const order = store.dispatch(ordersApi.endpoints.getOrder.initiate('b1'));
    await waitFor(() => expect(reads).toEqual(['notifications', 'booking b1']));

    events.current().open();
    events.current().send({ id: '41', event: 'notification', data: JSON.stringify(paid) });

    expect(services.notifier.notify).toHaveBeenCalledWith('Your book Dune was paid for: get it ready', 'info');
    await waitFor(() => expect(reads).toHaveLength(4));
    expect(reads.slice(2).sort()).toEqual(['booking b1', 'notifications']);
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(1));

    // Other events, and notifications already read (sent again), make no toast.
    events.current().send({ id: '42', event: 'ping', data: '{}' });
    events.current().send({ id: '43', event: 'notification', data: JSON.stringify({ ...paid, _id: '43', read: true }) });
    expect(services.notifier.notify).toHaveBeenCalledTimes(1);
    count.unsubscribe();
    order.unsubscribe();
    store.dispatch(signedOut());
  });

  it('a wanted book listed (no booking named): a toast in its words, the notifications and the book lists read again', async () => {
    const reads: string[] = [];
    server.use(
      http.get(`${API}/notifications`, () => {
        reads.push('notifications');
        return HttpResponse.json([], { headers: { 'X-Unread-Count': '0' } });
      }),
      http.get(`${API}/books/search`, () => {
        reads.push('search');
        return HttpResponse.json({ items: [], total: 0, nextCursor: null });
      }),
    );
    const { events, store, services } = await start();
    const count = store.dispatch(notificationsApi.endpoints.getUnreadCount.initiate());
    const search = store.dispatch(searchApi.endpoints.searchBooks.initiate({ q: 'dune' }));
    await waitFor(() => expect(reads.sort()).toEqual(['notifications', 'search']));

    events.current().open();
    const { bookingId: _none, ...listed } = { ...paid, _id: '44', kind: 'want_listed' as const, role: 'buyer' as const, bookId: 'bk1', wantId: 'w1', amount: 12 };
    events.current().send({ id: '44', event: 'notification', data: JSON.stringify(listed) });

    expect(services.notifier.notify).toHaveBeenCalledWith('A book you want was listed: Dune for $12.00', 'info');
    await waitFor(() => expect(reads).toHaveLength(4));
    expect(reads.slice(2).sort()).toEqual(['notifications', 'search']);
    count.unsubscribe();
    search.unsubscribe();
    store.dispatch(signedOut());
  });

  it("news of the trust queue (the reader's role 'user'): a toast in its words", async () => {
    const { events, store, services } = await start();
    events.current().open();
    const outcome = { ...paid, _id: '45', kind: 'report_outcome' as const, role: 'user' as const, bookingId: '', action: 'hide' };
    events.current().send({ id: '45', event: 'notification', data: JSON.stringify(outcome) });
    expect(services.notifier.notify).toHaveBeenCalledWith('We acted on your report about Dune: it was hidden', 'info');
    store.dispatch(signedOut());
  });

  it('reconnects after a break with back-off and Last-Event-ID set to the last id seen', async () => {
    jest.useFakeTimers();
    const { events, store } = await start();
    events.current().open();
    events.current().send({ id: '41', event: 'notification', data: JSON.stringify(paid) });
    events.current().fail();
    await jest.advanceTimersByTimeAsync(999);
    expect(events.connections).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(events.connections).toHaveLength(2);
    expect(events.current()).toMatchObject({ token: 't0k', lastEventId: '41' });

    // Failing again before it opened: the wait doubles.
    events.current().fail();
    await jest.advanceTimersByTimeAsync(1999);
    expect(events.connections).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(events.connections).toHaveLength(3);
    expect(events.current().lastEventId).toBe('41');
    store.dispatch(signedOut());
  });

  it('takes each id once when a resumed stream sends it again, and resumes after the highest id taken', async () => {
    jest.useFakeTimers();
    const { events, store, services } = await start();
    events.current().open();
    // Committed out of order: 45 arrives before 44.
    events.current().send({ id: '45', event: 'notification', data: JSON.stringify({ ...paid, _id: '45' }) });
    events.current().send({ id: '44', event: 'notification', data: JSON.stringify({ ...paid, _id: '44' }) });
    expect(services.notifier.notify).toHaveBeenCalledTimes(2);
    events.current().fail();
    await jest.advanceTimersByTimeAsync(1000);
    expect(events.current().lastEventId).toBe('45');
    events.current().open();
    // The resume sends its last half minute again, then what is new.
    for (const id of ['44', '45', '100']) {
      events.current().send({ id, event: 'notification', data: JSON.stringify({ ...paid, _id: id }) });
    }
    expect(services.notifier.notify).toHaveBeenCalledTimes(3);
    events.current().fail();
    await jest.advanceTimersByTimeAsync(2000);
    expect(events.current().lastEventId).toBe('100');
    store.dispatch(signedOut());
  });

  it('stops on sign-out, and does not hammer a stream the API refuses', async () => {
    jest.useFakeTimers();
    const { events, store } = await start();
    events.current().fail(401);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(events.connections).toHaveLength(1);

    store.dispatch(sessionStarted({ email: testUser.email! }));
    await jest.advanceTimersByTimeAsync(0);
    await settle();
    expect(events.connections).toHaveLength(2);
    store.dispatch(signedOut());
    expect(events.current().aborted()).toBe(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(events.connections).toHaveLength(2);
  });

  it('says when all are marked read, and when the settings are saved', async () => {
    server.use(
      http.post(`${API}/notifications/read-all`, () => HttpResponse.json({ acknowledged: true, modifiedCount: 2 })),
      http.put(`${API}/notification-settings`, () => HttpResponse.json({ email: { paid: false } })),
    );
    const { store, services } = await start();
    await store.dispatch(notificationsApi.endpoints.markAllRead.initiate());
    await store.dispatch(notificationsApi.endpoints.updateNotificationSettings.initiate({ email: { paid: false } }));
    expect(services.notifier.notify.mock.calls).toEqual([
      [copy.notifications.markedAllRead, 'success'],
      [copy.notifications.settingsSaved, 'success'],
    ]);
    store.dispatch(signedOut());
  });
});
