import type * as timers from 'timers';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { anOrder } from '../../testing/fixtures';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { trackStore } from '../../testing/storeRegistry';
import type { AppNotification, Earnings } from '../../types/entities';
import { signedOut } from '../auth/authSlice';
import { ordersApi } from '../orders/ordersApi';
import { earningsApi } from './earningsApi';

const earnings: Earnings = {
  balance: { pending: 16, available: 0, inTransit: 0, paidOut: 0 },
  account: { state: 'none', due: [] },
  commission: { percent: 8, min: 0.5, payoutMin: 1 },
};

const note = (overrides: Partial<AppNotification>): AppNotification => ({
  _id: '41',
  kind: 'completed',
  bookingId: 'b1',
  bookName: 'Dune',
  role: 'seller',
  at: '2025-11-21T12:00:00.000Z',
  read: true,
  ...overrides,
});

/** The stream's code comes in a chunk of its own: let it arrive. */
const { setImmediate: realSetImmediate } = jest.requireActual<typeof timers>('timers');
const settle = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/** A seller's store with the balance and the entries on screen; `reads` lists each GET of them. */
async function start() {
  const reads: string[] = [];
  localStorage.setItem('accessToken', 't0k');
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ isAdmin: false })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ isSeller: true })),
    http.get(`${API}/earnings`, () => {
      reads.push('balance');
      return HttpResponse.json(earnings);
    }),
    http.get(`${API}/earnings/entries`, () => {
      reads.push('entries');
      return HttpResponse.json([]);
    }),
  );
  const services = createFakeServices();
  const store = trackStore(setupStore(services, signedInState({ isSeller: true })));
  await settle();
  const balance = store.dispatch(earningsApi.endpoints.getEarnings.initiate());
  const entries = store.dispatch(earningsApi.endpoints.getEarningEntries.initiate());
  await waitFor(() => expect(reads.sort()).toEqual(['balance', 'entries']));
  const stop = () => {
    balance.unsubscribe();
    entries.unsubscribe();
    store.dispatch(signedOut());
  };
  return { reads, store, events: services.events, stop };
}

describe('earnings read again when an order moves money', () => {
  it('after a move that completes or refunds an order, not after one that only marks it ready', async () => {
    const { reads, store, stop } = await start();
    server.use(
      http.post(`${API}/bookings/:id/transitions`, async ({ request }) => {
        const { to } = (await request.json()) as { to: 'ready' | 'completed' };
        return HttpResponse.json(anOrder({ state: to }));
      }),
    );

    await store.dispatch(ordersApi.endpoints.moveOrder.initiate({ id: 'b1', move: { to: 'ready' } }));
    await settle();
    expect(reads).toHaveLength(2);

    await store.dispatch(ordersApi.endpoints.moveOrder.initiate({ id: 'b1', move: { to: 'completed' } }));
    await waitFor(() => expect(reads).toHaveLength(4));
    expect(reads.slice(2).sort()).toEqual(['balance', 'entries']);
    stop();
  });

  it("after a live notification of the seller's sale paid, completed or refunded, and not of a buyer's", async () => {
    const { reads, events, stop } = await start();
    events.current().open();

    events.current().send({ id: '41', event: 'notification', data: JSON.stringify(note({ _id: '41', kind: 'ready', role: 'seller' })) });
    events.current().send({ id: '42', event: 'notification', data: JSON.stringify(note({ _id: '42', kind: 'completed', role: 'buyer' })) });
    await settle();
    expect(reads).toHaveLength(2);

    events.current().send({ id: '43', event: 'notification', data: JSON.stringify(note({ _id: '43', kind: 'completed' })) });
    await waitFor(() => expect(reads).toHaveLength(4));
    expect(reads.slice(2).sort()).toEqual(['balance', 'entries']);
    stop();
  });

  it('after a live notification of a payout paid or failed', async () => {
    const { reads, events, stop } = await start();
    events.current().open();
    const payout = { bookingId: '', bookName: '', payoutId: 'po1', amount: 18.4 };

    events.current().send({ id: '51', event: 'notification', data: JSON.stringify(note({ _id: '51', kind: 'payout_paid', ...payout })) });
    await waitFor(() => expect(reads).toHaveLength(4));

    events.current().send({
      id: '52',
      event: 'notification',
      data: JSON.stringify(note({ _id: '52', kind: 'payout_failed', ...payout, reason: 'The bank account is closed' })),
    });
    await waitFor(() => expect(reads).toHaveLength(6));
    expect(reads.slice(4).sort()).toEqual(['balance', 'entries']);
    stop();
  });
});
