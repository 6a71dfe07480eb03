import { addListener } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { setupStore } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { trackStore } from '../../testing/storeRegistry';
import { bundlesApi } from './bundlesApi';
import { addBundleListeners } from './bundlesListeners';
import { bundlesCopy } from './copy';
import { aBook, aBundle, POLICY, SELLER, serveBundles, servePolicy, tokenFor } from './testSupport';

const newStore = (token = 't0k') => {
  localStorage.setItem('accessToken', token);
  const services = createFakeServices();
  const store = trackStore(setupStore(services, signedInState()));
  return { store, services };
};

/** The bundle listeners in a store, as the pages start them. */
function listen(store: ReturnType<typeof newStore>['store']) {
  addBundleListeners(((options: Parameters<typeof addListener>[0]) => store.dispatch(addListener(options))) as unknown as AppStartListening);
}

describe('bundles API', () => {
  it('reads the list and one bundle, for the delivery asked, with the access token', async () => {
    const { calls } = serveBundles([aBundle()]);
    const { store } = newStore();

    const list = await store.dispatch(bundlesApi.endpoints.getBundles.initiate());
    expect(list.data).toEqual([aBundle()]);
    const meetup = await store.dispatch(bundlesApi.endpoints.getBundle.initiate({ sellerId: 's1', delivery: 'meetup' }));
    expect(meetup.data).toMatchObject({ delivery: 'meetup', shipping: 0, subtotal: 27, discount: 2.7, discountPercent: 10, total: 24.3 });
    await store.dispatch(bundlesApi.endpoints.getBundle.initiate({ sellerId: 's1' }));

    expect(calls).toEqual([
      { method: 'GET', path: '/bundles', authorization: 'bearer t0k' },
      { method: 'GET', path: '/bundles/s1?delivery=meetup', authorization: 'bearer t0k' },
      { method: 'GET', path: '/bundles/s1', authorization: 'bearer t0k' },
    ]);
  });

  it("adds a book with PUT /bundles/:sellerId/books/:bookId and reads the list again; the toast names the seller", async () => {
    const { calls } = serveBundles([], { shelf: { b1: { seller: SELLER, book: aBook() } } });
    const { store, services } = newStore();
    listen(store);
    const list = store.dispatch(bundlesApi.endpoints.getBundles.initiate());
    await list;

    const added = await store.dispatch(bundlesApi.endpoints.addToBundle.initiate({ bookId: 'b1', sellerId: 's1' }));
    expect(added.data?.books.map((book) => book.name)).toEqual(['Dune']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /bundles', 'PUT /bundles/s1/books/b1', 'GET /bundles']);
    const now = store.dispatch(bundlesApi.endpoints.getBundles.initiate());
    expect((await now).data).toHaveLength(1);
    now.unsubscribe();
    expect(services.notifier.notify).toHaveBeenCalledWith(bundlesCopy.added('Sam Seller'), 'success');
    list.unsubscribe();
  });

  it("looks a search result's seller up on the book's page first", async () => {
    const { calls } = serveBundles([], { shelf: { b1: { seller: SELLER, book: aBook() } } });
    const books: string[] = [];
    server.use(
      http.get(`${API}/books/:id`, ({ params }) => {
        books.push(params.id as string);
        return HttpResponse.json({ _id: params.id, sold: false, sellerId: 's1' });
      }),
    );
    const { store } = newStore();
    await store.dispatch(bundlesApi.endpoints.addToBundle.initiate({ bookId: 'b1' }));
    expect(books).toEqual(['b1']);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /bundles/s1/books/b1']);
  });

  it('asks nothing for one\'s own book, and says why', async () => {
    const { calls } = serveBundles([]);
    const { store, services } = newStore(tokenFor('s1'));
    listen(store);
    const answer = await store.dispatch(bundlesApi.endpoints.addToBundle.initiate({ bookId: 'b1', sellerId: 's1' }));
    expect(answer.error).toEqual({ status: 400, data: { message: bundlesCopy.ownBook } });
    expect(calls).toEqual([]);
    expect(services.notifier.notify).toHaveBeenCalledWith(bundlesCopy.ownBook, 'error');
  });

  it("says the API's reason when a book cannot be added (sold meanwhile)", async () => {
    serveBundles([], { add: () => HttpResponse.json({ message: 'Dune has been sold' }, { status: 409 }) });
    const { store, services } = newStore();
    listen(store);
    await store.dispatch(bundlesApi.endpoints.addToBundle.initiate({ bookId: 'b1', sellerId: 's1' }));
    expect(services.notifier.notify).toHaveBeenCalledWith('Dune has been sold', 'error');
  });

  it('removes a book with DELETE and reads the bundle again', async () => {
    const { calls } = serveBundles([aBundle()]);
    const { store } = newStore();
    const one = store.dispatch(bundlesApi.endpoints.getBundle.initiate({ sellerId: 's1' }));
    await one;
    const answer = await store.dispatch(bundlesApi.endpoints.removeFromBundle.initiate({ sellerId: 's1', bookId: 'b2' }));
    expect(answer.data?.books.map((book) => book.name)).toEqual(['Dune', 'Middlemarch']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /bundles/s1', 'DELETE /bundles/s1/books/b2', 'GET /bundles/s1']);
    one.unsubscribe();
  });

  it('checks out once (never retried), then goes to the payment page of the order', async () => {
    let posts = 0;
    serveBundles([aBundle()], {
      checkout: () => {
        posts += 1;
        return posts === 1 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : undefined;
      },
    });
    const { store, services } = newStore();
    listen(store);
    const body = { email: 'reader@example.com', cusTomername: 'Rita Reader', location: 'Dhaka', phone: '0123', delivery: { method: 'meetup' as const } };

    const failed = await store.dispatch(bundlesApi.endpoints.checkoutBundle.initiate({ sellerId: 's1', checkout: body }));
    expect(failed.error).toMatchObject({ status: 503 });
    expect(posts).toBe(1);
    expect(services.navigation.navigate).not.toHaveBeenCalled();

    const order = await store.dispatch(bundlesApi.endpoints.checkoutBundle.initiate({ sellerId: 's1', checkout: body }));
    expect(order.data?.lines).toHaveLength(3);
    expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/payment/o1');
  });

  it("reads and saves a seller's policy", async () => {
    const { calls } = servePolicy({ additionalShipping: null, discounts: [] });
    const { store, services } = newStore();
    listen(store);
    const read = await store.dispatch(bundlesApi.endpoints.getShopPolicy.initiate('s1'));
    expect(read.data).toEqual({ additionalShipping: null, discounts: [] });
    const saved = await store.dispatch(bundlesApi.endpoints.saveShopPolicy.initiate(POLICY));
    expect(saved.data).toEqual(POLICY);
    // The saved policy is read again (the seller's page shows what the API kept).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([
      { method: 'GET', path: '/shop-policy/s1', authorization: 'bearer t0k' },
      { method: 'PUT', path: '/shop-policy', authorization: 'bearer t0k', body: POLICY },
      { method: 'GET', path: '/shop-policy/s1', authorization: 'bearer t0k' },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Bundle shipping and discounts saved', 'success');
  });
});
