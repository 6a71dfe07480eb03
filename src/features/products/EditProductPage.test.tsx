import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Product } from './types';
import { cover, enter, recordProductCalls, serveCategories, uploadedUrl, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

const ID = 'a'.repeat(24);
const listing: Product = {
  _id: ID,
  name: 'Dune',
  author: 'Frank Herbert',
  isbn: '9780441013593',
  price: 12,
  orginal_price: 30,
  phone: '0123456789',
  location: 'Dhaka',
  category: 'fiction',
  uses: '2 years',
  condition: 'Good',
  description: 'A desert planet',
  image: 'http://127.0.0.1:5000/image-host/i/dune.png',
  delivery: { meetup: true, shipping: true, shippingPrice: 4 },
};

interface Put {
  path: string;
  authorization: string | null;
  body: unknown;
}

/** GET and PUT /products/:id over `product`; GET /products lists it. */
function serveListing(product: Product | 404, putAnswer?: () => Response) {
  const puts: Put[] = [];
  server.use(
    http.get(`${API}/products/:id`, () =>
      product === 404 ? HttpResponse.json({ message: 'No such product' }, { status: 404 }) : HttpResponse.json(product),
    ),
    http.put(`${API}/products/:id`, async ({ request }) => {
      puts.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), body: await request.json() });
      return putAnswer ? putAnswer() : HttpResponse.json({ ...(product as Product), ...((puts[puts.length - 1].body as object) ?? {}) });
    }),
    http.get(`${API}/products`, () => HttpResponse.json(product === 404 ? [] : [product], { headers: { 'X-Total-Count': '1' } })),
  );
  return puts;
}

const seller = signedInState({ isSeller: true });

describe('Edit a listing', () => {
  it('is reached from My Products by its Edit button', async () => {
    const user = userEvent.setup({ delay: null });
    serveListing(listing);
    const { router } = renderApp('/dashboard/myproducts', { preloadedState: seller });

    const row = (await screen.findByText('Dune')).closest('tr') as HTMLElement;
    const edit = within(row).getByRole('link', { name: 'Edit Dune' });
    expect(edit).toHaveTextContent('Edit');
    await user.click(edit);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/products/${ID}/edit`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeInTheDocument();
  });

  it('fills the form from GET /products/:id, PUTs the changes (the photo kept), toasts and goes back to My Products', async () => {
    const user = userEvent.setup({ delay: null });
    const puts = serveListing(listing);
    const { uploads } = recordProductCalls();
    const { router, services } = renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune'));
    expect(screen.getByLabelText('ISBN')).toHaveValue('9780441013593');
    expect(screen.getByLabelText('Author')).toHaveValue('Frank Herbert');
    expect(screen.getByLabelText(/Resale price/)).toHaveValue(12);
    expect(screen.getByLabelText('Condition')).toHaveValue('Good');
    expect(screen.getByLabelText('Description')).toHaveValue('A desert planet');
    expect(screen.getByRole('checkbox', { name: 'Shipping' })).toBeChecked();
    expect(screen.getByLabelText(/Shipping price/)).toHaveValue(4);
    expect(screen.getByRole('img', { name: 'Current photo' })).toHaveAttribute('src', listing.image);
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('fiction'));

    await user.clear(screen.getByLabelText(/Resale price/));
    await enter(user, /Resale price/, '9.5');
    await user.selectOptions(screen.getByLabelText('Condition'), 'Excillent');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(uploads).toHaveLength(0);
    expect(puts).toEqual([
      {
        path: `/products/${ID}`,
        authorization: 'bearer t0k',
        body: {
          name: 'Dune',
          author: 'Frank Herbert',
          isbn: '9780441013593',
          price: 9.5,
          orginal_price: 30,
          phone: '0123456789',
          location: 'Dhaka',
          category: 'fiction',
          uses: '2 years',
          condition: 'Excillent',
          description: 'A desert planet',
          delivery: { meetup: true, shipping: true, shippingPrice: 4 },
        },
      },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Listing updated', 'success');
  });

  it('uploads a replacement photo first, then PUTs its URL as the only photo', async () => {
    const user = userEvent.setup({ delay: null });
    const puts = serveListing(listing);
    const { uploads } = recordProductCalls();
    const { router } = renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune'));
    await user.upload(screen.getByLabelText('Image'), cover());
    await user.click(within(screen.getByRole('listitem', { name: 'Photo 1 of 2' })).getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(uploads).toHaveLength(1);
    expect(puts[0].body).toMatchObject({ name: 'Dune', image: uploadedUrl, images: [uploadedUrl] });
  });

  it('shows the listing\'s photos in order and PUTs their new order (image and images)', async () => {
    const user = userEvent.setup({ delay: null });
    const photos = ['dune', 'spine', 'back'].map((name) => `http://127.0.0.1:5000/image-host/i/${name}.webp`);
    const puts = serveListing({ ...listing, image: photos[0], images: photos } as Product);
    const { uploads } = recordProductCalls();
    const { router } = renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune'));
    const shown = screen.getAllByRole('img', { name: 'Current photo' });
    expect(shown.map((image) => image.getAttribute('src'))).toEqual(photos);
    // Thumbnails download the host's narrowest copy that fits.
    expect(shown[0]).toHaveAttribute('srcset', expect.stringContaining(`${photos[0]}?w=320 320w`));
    expect(within(screen.getByRole('listitem', { name: 'Photo 1 of 3' })).getByText('Cover')).toBeInTheDocument();

    const moveEarlier = within(screen.getByRole('listitem', { name: 'Photo 3 of 3' })).getByRole('button', { name: 'Move earlier' });
    act(() => moveEarlier.focus());
    await user.keyboard('{Enter}');
    expect(screen.getByText('Photo 3 of 3 moved to position 2')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(uploads).toHaveLength(0);
    expect(puts[0].body).toMatchObject({ image: photos[0], images: [photos[0], photos[2], photos[1]] });
  });

  it('sends no photos when they are as they were', async () => {
    const user = userEvent.setup({ delay: null });
    const photos = ['dune', 'spine'].map((name) => `http://127.0.0.1:5000/image-host/i/${name}.webp`);
    const puts = serveListing({ ...listing, image: photos[0], images: photos } as Product);
    const { uploads } = recordProductCalls();
    renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).not.toHaveProperty('image');
    expect(puts[0].body).not.toHaveProperty('images');
    expect(uploads).toHaveLength(0);
  });

  it('uploads an added photo and PUTs it after the others', async () => {
    const user = userEvent.setup({ delay: null });
    const photos = ['dune', 'spine'].map((name) => `http://127.0.0.1:5000/image-host/i/${name}.webp`);
    const puts = serveListing({ ...listing, image: photos[0], images: photos } as Product);
    const { uploads } = recordProductCalls();
    renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune'));
    await user.upload(screen.getByLabelText('Image'), cover());
    expect(within(screen.getByRole('listitem', { name: 'Photo 3 of 3' })).getByText('Chosen: cover.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(uploads).toHaveLength(1);
    expect(puts[0].body).toMatchObject({ image: photos[0], images: [...photos, uploadedUrl] });
  });

  it("shows the API's refusal and keeps the form (a book sold meanwhile)", async () => {
    const user = userEvent.setup({ delay: null });
    serveListing(listing, () => HttpResponse.json({ message: 'This book is sold and can no longer be changed' }, { status: 409 }));
    const { router, services } = renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This book is sold and can no longer be changed');
    expect(router.state.location.pathname).toBe(`/dashboard/products/${ID}/edit`);
    expect(services.notifier.notify).not.toHaveBeenCalledWith('Listing updated', 'success');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('offers no form for a sold book, and says so', async () => {
    serveListing({ ...listing, sold: true });
    renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    const notice = (await screen.findByText('This book is sold and can no longer be changed')).closest('.MuiAlert-root') as HTMLElement;
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'My Products' })).toHaveAttribute('href', '/dashboard/myproducts');
  });

  it('says when the listing no longer exists', async () => {
    serveListing(404);
    renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: seller });

    expect(await screen.findByText('This book is no longer listed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('is for sellers only', async () => {
    serveListing(listing);
    renderApp(`/dashboard/products/${ID}/edit`, { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'You need a seller account for this page' })).toBeInTheDocument();
  });
});
