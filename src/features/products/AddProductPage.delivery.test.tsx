import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { Component as AddProductPage } from './AddProductPage';
import { enter, fillForm, recordProductCalls, serveCategories, uploadedUrl, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

const checkbox = (name: string) => screen.getByRole('checkbox', { name });

describe('Add Product: delivery', () => {
  it('offers a meet-up by default and no shipping price until Shipping is ticked; a meet-up only posts the spec call as it was', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = recordProductCalls();
    server.use(http.get(`${API}/products`, () => HttpResponse.json([])));
    const { router } = renderApp('/dashboard/addproducts', { preloadedState: signedInState({ isSeller: true }) });
    await screen.findByRole('heading', { name: 'Add Product' });
    expect(screen.getByRole('group', { name: copy.delivery.legend })).toBeInTheDocument();
    expect(checkbox(copy.delivery.meetup)).toBeChecked();
    expect(checkbox(copy.delivery.shipping)).not.toBeChecked();
    expect(screen.queryByLabelText(/Shipping price/)).not.toBeInTheDocument();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(posts).toHaveLength(1);
    expect(posts[0].body).not.toHaveProperty('delivery');
  });

  it('asks for at least one way, and for a shipping price from 0 to 1,000 when shipping', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = recordProductCalls();
    renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });
    await fillForm(user);

    await user.click(checkbox(copy.delivery.meetup));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(copy.delivery.oneRequired)).toBeInTheDocument();

    await user.click(checkbox(copy.delivery.shipping));
    await waitFor(() => expect(screen.queryByText(copy.delivery.oneRequired)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(copy.delivery.shippingPriceRequired)).toBeInTheDocument();

    await enter(user, /Shipping price/, '1200');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(copy.delivery.shippingPriceRange)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('posts delivery with meetup, shipping and the shipping price when shipping is offered', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = recordProductCalls();
    const { services } = renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });
    await fillForm(user);
    await user.click(checkbox(copy.delivery.shipping));
    await enter(user, /Shipping price/, '4.5');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      authorization: 'bearer t0k',
      body: {
        name: 'Dune',
        price: 12,
        phone: '0123456789',
        location: 'Dhaka',
        condition: 'Fair',
        description: 'A desert planet',
        image: uploadedUrl,
        category: 'history',
        orginal_price: 30,
        uses: '2 years',
        delivery: { meetup: true, shipping: true, shippingPrice: 4.5 },
      },
    });
    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('Dune is added successfully', 'success'));
  });
});
