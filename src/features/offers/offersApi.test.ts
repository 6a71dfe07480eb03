import { addListener } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { setupStore } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { trackStore } from '../../testing/storeRegistry';
import type { AppNotification } from '../../types/entities';
import { bookingsApi } from '../bookings/bookingsApi';
import { notificationArrived } from '../../api/liveEvents';
import { offersCopy } from './copy';
import { offersApi } from './offersApi';
import { addOfferListeners } from './offersListeners';
import { aCounteredOffer, anOffer, serveOffers } from './testSupport';

const newStore = () => {
  localStorage.setItem('accessToken', 't0k');
  const services = createFakeServices();
  const store = trackStore(setupStore(services, signedInState()));
  addOfferListeners(((options: Parameters<typeof addListener>[0]) => store.dispatch(addListener(options))) as unknown as AppStartListening);
  return { store, services };
};

const seen = (calls: { method: string; path: string }[]) => calls.map((call) => `${call.method} ${call.path}`);

describe('offers API', () => {
  it('reads the offers made and received (by state) and one offer, with the access token', async () => {
    const offer = anOffer();
    const { calls } = serveOffers([offer], () => 'buyer');
    const { store } = newStore();

    expect((await store.dispatch(offersApi.endpoints.getOffers.initiate({ role: 'buyer' }))).data).toEqual([offer]);
    await store.dispatch(offersApi.endpoints.getOffers.initiate({ role: 'seller', state: 'pending' }));
    expect((await store.dispatch(offersApi.endpoints.getOffer.initiate('of1'))).data).toEqual(offer);

    expect(calls).toEqual([
      { method: 'GET', path: '/offers?role=buyer', authorization: 'bearer t0k' },
      { method: 'GET', path: '/offers?role=seller&state=pending', authorization: 'bearer t0k' },
      { method: 'GET', path: '/offers/of1', authorization: 'bearer t0k' },
    ]);
  });

  it("makes an offer with POST /offers once, then opens the offer's page and says it was sent", async () => {
    const { calls } = serveOffers([], () => 'buyer');
    const { store, services } = newStore();
    const made = await store.dispatch(offersApi.endpoints.makeOffer.initiate({ bookIds: ['b1'], amount: 12.5, delivery: { method: 'meetup' } }));

    expect(made.data).toMatchObject({ id: 'of1', state: 'pending', amount: 12.5 });
    expect(calls).toEqual([
      { method: 'POST', path: '/offers', authorization: 'bearer t0k', body: { bookIds: ['b1'], amount: 12.5, delivery: { method: 'meetup' } } },
    ]);
    expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/offers/of1');
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.sent, 'success');
  });

  it('never sends a refused offer twice (no retries), and leaves the words to the dialog', async () => {
    const { calls } = serveOffers([], () => 'buyer', {
      refuse: () => HttpResponse.json({ message: 'You made 3 offers on these books already' }, { status: 409 }),
    });
    const { store, services } = newStore();
    const made = await store.dispatch(offersApi.endpoints.makeOffer.initiate({ bookIds: ['b1'], amount: 12 }));

    expect(made.error).toMatchObject({ status: 409 });
    expect(calls).toHaveLength(1);
    expect(services.notifier.notify).not.toHaveBeenCalled();
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it('counters, accepts and declines with one POST each; the offer and the lists are read again, and an acceptance reads the orders', async () => {
    const { calls } = serveOffers([anOffer(), anOffer({ id: 'of2' })], () => 'seller');
    const { store, services } = newStore();
    const watched = store.dispatch(offersApi.endpoints.getOffer.initiate('of1'));
    const list = store.dispatch(offersApi.endpoints.getOffers.initiate({ role: 'seller' }));
    await Promise.all([watched, list]);

    await store.dispatch(offersApi.endpoints.counterOffer.initiate({ id: 'of1', amount: 18 }));
    await waitFor(() => expect(store.getState().api.queries['getOffer("of1")']?.data).toMatchObject({ amount: 18, awaiting: 'buyer' }));
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.countered('$18.00'), 'success');

    const accepted = await store.dispatch(offersApi.endpoints.acceptOffer.initiate('of1'));
    expect(accepted.data).toMatchObject({ state: 'accepted', orderId: 'o9' });
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.accepted('$18.00'), 'success');
    await store.dispatch(offersApi.endpoints.declineOffer.initiate('of2'));
    expect(services.notifier.notify).toHaveBeenCalledWith(offersCopy.declined, 'success');

    const moves = seen(calls).filter((call) => call.startsWith('POST'));
    expect(moves).toEqual(['POST /offers/of1/counter', 'POST /offers/of1/accept', 'POST /offers/of2/decline']);
    expect(calls.find((call) => call.path === '/offers/of1/counter')?.body).toEqual({ amount: 18 });
    await waitFor(() => expect(seen(calls).filter((call) => call === 'GET /offers?role=seller').length).toBeGreaterThanOrEqual(3));
    watched.unsubscribe();
    list.unsubscribe();
  });

  it("an acceptance reads the buyer's orders again (its order is among them now); a counter does not", async () => {
    serveOffers([anOffer()], () => 'seller');
    let orderReads = 0;
    server.use(
      http.get(`${API}/bookings`, () => {
        orderReads += 1;
        return HttpResponse.json([]);
      }),
    );
    const { store } = newStore();
    const orders = store.dispatch(bookingsApi.endpoints.getBookings.initiate('reader@example.com'));
    await orders;
    await store.dispatch(offersApi.endpoints.counterOffer.initiate({ id: 'of1', amount: 18 }));
    expect(orderReads).toBe(1);
    await store.dispatch(offersApi.endpoints.acceptOffer.initiate('of1'));
    await waitFor(() => expect(orderReads).toBe(2));
    orders.unsubscribe();
  });

  it("says why an acceptance was refused, in the API's words", async () => {
    serveOffers([aCounteredOffer()], () => 'buyer', {
      refuse: () => HttpResponse.json({ message: 'This offer expired unanswered: the buyer may make a new offer, up to 3 on the same books' }, { status: 409 }),
    });
    const { store, services } = newStore();
    await store.dispatch(offersApi.endpoints.acceptOffer.initiate('of1'));
    expect(services.notifier.notify).toHaveBeenCalledWith('This offer expired unanswered: the buyer may make a new offer, up to 3 on the same books', 'error');
  });

  it("reads an offer again when the other side's move arrives live", async () => {
    const { calls } = serveOffers([anOffer()], () => 'buyer');
    const { store } = newStore();
    const watched = store.dispatch(offersApi.endpoints.getOffer.initiate('of1'));
    await watched;
    const news: AppNotification = {
      _id: '9', kind: 'offer_countered', bookingId: '', bookName: 'Dune', role: 'buyer', at: new Date().toISOString(), read: false, offerId: 'of1', amount: 18,
    };
    store.dispatch(notificationArrived(news));
    await waitFor(() => expect(seen(calls).filter((call) => call === 'GET /offers/of1')).toHaveLength(2));
    watched.unsubscribe();
  });
});
