import { http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { getConfig, setConfig } from '../../config/env';
import { createFakeServices } from '../../testing/fakeServices';
import { signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { addProductRequested, type ProductDraft } from './addProductSlice';
import { handOverFiles } from './chosenFiles';
import { selectIsbnLookup } from './isbnLookupSlice';
import { isbnLookupRequested } from './productFormEvents';
import { productsApi } from './productsApi';
import { recordProductCalls, uploadedUrl, withNodeFile } from './testSupport';
import { trackStore } from '../../testing/storeRegistry';

withNodeFile();

const draft: ProductDraft = {
  name: 'Dune',
  price: 12,
  phone: '0123456789',
  location: 'Dhaka',
  condition: 'Good',
  description: 'A desert planet',
  category: 'fiction',
  orginal_price: 30,
  uses: '2 years',
};

function startStore() {
  localStorage.setItem('accessToken', 't0k');
  const services = createFakeServices();
  const store = trackStore(setupStore(services, signedInState({ isSeller: true })));
  return { store, services };
}

const settled = (store: ReturnType<typeof startStore>['store']) =>
  new Promise<void>((resolve) => {
    const check = () => {
      const { status } = store.getState().addProduct;
      if (status === 'idle' || status === 'failed') {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = store.subscribe(check);
  });

describe('add-product flow', () => {
  it("uploads the image to the API's image host with the key and the access token, then posts the product with its URL", async () => {
    const { uploads, posts } = recordProductCalls();
    const { store, services } = startStore();

    const percents: number[] = [];
    const unsubscribe = store.subscribe(() => {
      const { uploadPercent } = store.getState().addProduct;
      if (uploadPercent !== null && percents[percents.length - 1] !== uploadPercent) percents.push(uploadPercent);
    });
    store.dispatch(addProductRequested({ product: draft, image: new File(['x'], 'cover.png', { type: 'image/png' }) }));
    expect(store.getState().addProduct.status).toBe('uploading');
    await settled(store);
    unsubscribe();
    // The browser's progress events reach the form: the last one says it is all sent.
    expect(percents[percents.length - 1]).toBe(100);

    expect(uploads).toHaveLength(1);
    expect(uploads[0].url.origin + uploads[0].url.pathname).toBe('http://127.0.0.1:5000/image-host/1/upload');
    expect(uploads[0].url.searchParams.get('key')).toBe('book-resale-local');
    expect(uploads[0]).toMatchObject({ authorization: 'bearer t0k', field: 'image', fileName: 'cover.png', fileType: 'image/png' });
    expect(posts).toEqual([{ authorization: 'bearer t0k', body: { ...draft, image: uploadedUrl } }]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Dune is added successfully', 'success');
    expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/myproducts');
    expect(store.getState().addProduct).toEqual({ status: 'idle', error: null, uploadPercent: null });
  });

  it('never sends the access token to an image host on another origin (imgbb)', async () => {
    setConfig({ ...getConfig(), imageHostUrl: 'https://api.imgbb.com/1/upload', imageHostKey: 'imgbb-key' });
    try {
      const { uploads, posts } = recordProductCalls();
      const { store } = startStore();

      store.dispatch(addProductRequested({ product: draft, image: new File(['x'], 'cover.png', { type: 'image/png' }) }));
      await settled(store);

      expect(uploads).toHaveLength(1);
      expect(uploads[0].url.origin + uploads[0].url.pathname).toBe('https://api.imgbb.com/1/upload');
      expect(uploads[0].url.searchParams.get('key')).toBe('imgbb-key');
      expect(uploads[0].authorization).toBeNull();
      expect(posts).toEqual([{ authorization: 'bearer t0k', body: { ...draft, image: uploadedUrl } }]);
    } finally {
      setConfig(undefined);
    }
  });

  it("posts nothing when the image host refuses the upload, and keeps the host's message", async () => {
    const { posts } = recordProductCalls(() => HttpResponse.json({ message: 'Invalid API v1 key.' }, { status: 400 }));
    const { store, services } = startStore();

    store.dispatch(addProductRequested({ product: draft, image: new File(['x'], 'cover.png', { type: 'image/png' }) }));
    await settled(store);

    expect(posts).toHaveLength(0);
    expect(store.getState().addProduct).toEqual({ status: 'failed', error: 'Invalid API v1 key.', uploadPercent: null });
    expect(services.notifier.notify).not.toHaveBeenCalled();
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });

  it('treats an answer without success as a failed upload', async () => {
    const { posts } = recordProductCalls(() => HttpResponse.json({ success: false, status: 200 }));
    const { store } = startStore();

    store.dispatch(addProductRequested({ product: draft, image: new File(['x'], 'cover.png', { type: 'image/png' }) }));
    await settled(store);

    expect(posts).toHaveLength(0);
    expect(store.getState().addProduct).toEqual({ status: 'failed', error: 'The image could not be uploaded.', uploadPercent: null });
  });

  it("reports the API's message when the product is refused after the upload, without retrying the POST", async () => {
    const { uploads } = recordProductCalls();
    let productPosts = 0;
    server.use(
      http.post(`${API}/products`, () => {
        productPosts += 1;
        return HttpResponse.json({ message: 'Unknown category' }, { status: 400 });
      }),
    );
    const { store, services } = startStore();

    store.dispatch(addProductRequested({ product: draft, image: new File(['x'], 'cover.png', { type: 'image/png' }) }));
    await settled(store);

    expect(uploads).toHaveLength(1);
    expect(productPosts).toBe(1);
    expect(store.getState().addProduct).toEqual({ status: 'failed', error: 'Unknown category', uploadPercent: null });
    expect(services.navigation.navigate).not.toHaveBeenCalled();
  });
});

describe('add-product flow with several photos', () => {
  const file = (name: string) => new File(['x'], name, { type: 'image/png' });
  const hostedAs = (name: string) => `http://127.0.0.1:5000/image-host/i/${name}.png`;
  const kept = 'http://127.0.0.1:5000/image-host/i/kept.webp';

  it('uploads the cover, then each handed-over file in order, and posts image and images', async () => {
    const calls = recordProductCalls(() => {
      const name = (calls.uploads[calls.uploads.length - 1].fileName ?? '').replace('.png', '');
      return HttpResponse.json({ success: true, status: 200, data: { url: hostedAs(name) } });
    });
    const { store, services } = startStore();
    const places: string[] = [];
    const unsubscribe = store.subscribe(() => {
      const sending = Object.entries(store.getState().photoUploads).find(([, upload]) => upload.status === 'sending')?.[0];
      if (sending !== undefined && places[places.length - 1] !== sending) places.push(sending);
    });

    handOverFiles(new Map([['k2', file('back.png')]]));
    store.dispatch(addProductRequested({ product: draft, image: file('front.png'), more: [{ url: kept }, { key: 'k2' }] }));
    expect(store.getState().photoUploads).toEqual({ 0: { status: 'waiting', percent: null }, 2: { status: 'waiting', percent: null } });
    await settled(store);
    unsubscribe();

    expect(calls.uploads.map((upload) => upload.fileName)).toEqual(['front.png', 'back.png']);
    // Each photo's progress is its own: the cover's place, then the third's.
    expect(places).toEqual(['0', '2']);
    expect(calls.posts).toEqual([
      { authorization: 'bearer t0k', body: { ...draft, image: hostedAs('front'), images: [hostedAs('front'), kept, hostedAs('back')] } },
    ]);
    expect(services.navigation.navigate).toHaveBeenCalledWith('/dashboard/myproducts');
    expect(store.getState().photoUploads).toEqual({});
  });

  it('stops at a failed upload, says which photo failed, and posts nothing', async () => {
    const calls = recordProductCalls(() =>
      calls.uploads.length === 2
        ? HttpResponse.json({ message: 'The image host is busy' }, { status: 503 })
        : HttpResponse.json({ success: true, status: 200, data: { url: hostedAs('front') } }),
    );
    const { store } = startStore();

    handOverFiles(new Map([['k1', file('back.png')], ['k2', file('spine.png')]]));
    store.dispatch(addProductRequested({ product: draft, image: file('front.png'), more: [{ key: 'k1' }, { key: 'k2' }] }));
    await settled(store);

    expect(calls.uploads).toHaveLength(2);
    expect(calls.posts).toHaveLength(0);
    expect(store.getState().addProduct.status).toBe('failed');
    // The failed one is marked; the one queued behind it is not under way any more.
    expect(store.getState().photoUploads).toEqual({ 1: { status: 'failed', percent: null } });
  });
});

describe('delete product', () => {
  it("sends DELETE /products/{id} with the token and toasts 'Delete Successfully'", async () => {
    const deletes: { path: string; authorization: string | null }[] = [];
    server.use(
      http.delete(`${API}/products/:id`, ({ request }) => {
        deletes.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    const { store, services } = startStore();

    await store.dispatch(productsApi.endpoints.deleteProduct.initiate('p1')).unwrap();

    expect(deletes).toEqual([{ path: '/products/p1', authorization: 'bearer t0k' }]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Delete Successfully', 'success');
  });
});

describe('ISBN lookup flow', () => {
  const lookedUp = (store: ReturnType<typeof startStore>['store']) =>
    new Promise<ReturnType<typeof selectIsbnLookup>>((resolve) => {
      const check = () => {
        const lookup = selectIsbnLookup(store.getState());
        if (lookup.status === 'found' || lookup.status === 'failed') {
          unsubscribe();
          resolve(lookup);
        }
      };
      const unsubscribe = store.subscribe(check);
    });

  it('asks GET /isbn/:isbn and hands the form the title as the name, the author and the cover', async () => {
    server.use(
      http.get(`${API}/isbn/:isbn`, ({ params }) =>
        HttpResponse.json({ isbn13: params.isbn, title: 'Dune', author: 'Frank Herbert', publisher: 'Ace', cover: 'http://127.0.0.1:5000/image-host/i/d.webp' }),
      ),
    );
    const { store } = startStore();

    store.dispatch(isbnLookupRequested('9780441013593'));
    expect(selectIsbnLookup(store.getState()).status).toBe('looking');

    expect(await lookedUp(store)).toEqual({
      status: 'found',
      found: { isbn: '9780441013593', name: 'Dune', author: 'Frank Herbert', cover: 'http://127.0.0.1:5000/image-host/i/d.webp' },
      error: null,
    });
  });

  it('says the lookup is not answering on a 504, without asking again', async () => {
    let asked = 0;
    server.use(
      http.get(`${API}/isbn/:isbn`, () => {
        asked += 1;
        return HttpResponse.json({ message: 'The book lookup is not answering: fill in the details yourself' }, { status: 504 });
      }),
    );
    const { store } = startStore();

    store.dispatch(isbnLookupRequested('9780441013593'));

    expect(await lookedUp(store)).toMatchObject({ status: 'failed', error: 'The book lookup is not answering: fill in the details yourself' });
    expect(asked).toBe(1);
  });
});
