import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Middleware } from '@reduxjs/toolkit';
import configureMockStore from 'redux-mock-store';
import { baseApi } from '../../api/baseApi';
import { setupStore, type RootState } from '../../app/store';
import { createFakeServices } from '../../testing/fakeServices';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Product } from './types';
import { addProductRequested, addProductReset } from './addProductSlice';
import { Component as AddProductPage } from './AddProductPage';
import { cover, enter, fillForm, recordProductCalls, serveCategories, uploadedUrl, withNodeFile } from './testSupport';

withNodeFile();
serveCategories();

describe('Add Product page', () => {
  it('labels every field and offers the three conditions and the categories', async () => {
    renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });

    expect(screen.getByRole('heading', { name: 'Add Product' })).toBeInTheDocument();
    for (const label of ['Original price', 'Years of use', 'Description', 'Category', 'Condition']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Product name/)).toBeRequired();
    expect(screen.getByLabelText(/Resale price/)).toHaveAttribute('type', 'number');
    const conditions = within(screen.getByLabelText('Condition')).getAllByRole('option');
    expect(conditions.map((option) => option.textContent)).toEqual(['Excillent', 'Good', 'Fair']);
    expect(await screen.findByRole('option', { name: 'Fiction' })).toHaveValue('fiction');
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    expect(screen.getByText('Choose image')).toBeInTheDocument();
  });

  it('shows short messages for the fields it needs and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { uploads, posts } = recordProductCalls();
    renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });

    await enter(user, /Resale price/, '0.2');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Enter the product name')).toBeInTheDocument();
    expect(screen.getByText('Enter a price of at least $0.50')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number')).toBeInTheDocument();
    expect(screen.getByText('Enter a location')).toBeInTheDocument();
    expect(screen.getByText('Choose an image')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(posts).toHaveLength(0);
  });

  it("opens the file picker from the 'Choose image' button, keyboard included", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });
    const openPicker = jest.spyOn(screen.getByLabelText('Image'), 'click');

    act(() => screen.getByRole('button', { name: 'Choose image' }).focus());
    await user.keyboard('{Enter}');

    expect(openPicker).toHaveBeenCalledTimes(1);
  });

  it('shows the chosen file name and a preview', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });

    await user.upload(screen.getByLabelText('Image'), cover());

    expect(screen.getByText('Chosen: cover.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
  });

  it('uploads, posts, toasts and lands on My Products, with progress while it works', async () => {
    const user = userEvent.setup({ delay: null });
    let releaseUpload: () => void = () => undefined;
    const uploadHeld = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    const { uploads, posts } = recordProductCalls(async () => {
      await uploadHeld;
      return HttpResponse.json({ success: true, status: 200, data: { url: uploadedUrl } });
    });
    const listed: Product[] = [];
    server.use(http.get(`${API}/products`, () => HttpResponse.json(listed)));
    const { services, router } = renderApp('/dashboard/addproducts', { preloadedState: signedInState({ isSeller: true }) });

    await screen.findByRole('heading', { name: 'Add Product' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Uploading image…');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    releaseUpload();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ authorization: 'bearer t0k', field: 'image', fileName: 'cover.png' });
    expect(uploads[0].url.searchParams.get('key')).toBe('book-resale-local');
    expect(posts).toEqual([
      {
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
        },
      },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Dune is added successfully', 'success');
    expect(await screen.findByText('my products : 0')).toBeInTheDocument();
  });

  it('shows the failure in red, posts nothing and keeps what was typed when the upload fails', async () => {
    const user = userEvent.setup({ delay: null });
    const { posts } = recordProductCalls(() => HttpResponse.json({ message: 'Only PNG, JPEG, WebP and GIF images are accepted' }, { status: 400 }));
    const { services } = renderWithProviders(<AddProductPage />, { preloadedState: signedInState({ isSeller: true }) });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only PNG, JPEG, WebP and GIF images are accepted');
    expect(alert.className).toMatch(/MuiAlert-colorError/);
    expect(posts).toHaveLength(0);
    expect(services.navigation.navigate).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Dune');
    expect(screen.getByLabelText(/Resale price/)).toHaveValue(12);
    expect(screen.getByText('Chosen: cover.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled();
  });
});

describe('Add Product page actions', () => {
  // Runs thunks so the category query can start; the reducers never run, so only actions are seen.
  const runThunks: Middleware = (api) => (next) => (action) =>
    typeof action === 'function' ? action(api.dispatch, api.getState, undefined) : next(action);
  const mockStore = configureMockStore<RootState>([runThunks, baseApi.middleware as Middleware]);

  it('clears an earlier failure on open and hands the form and the file to the add-product flow', async () => {
    const user = userEvent.setup({ delay: null });
    const state = setupStore(createFakeServices(), signedInState({ isSeller: true })).getState();
    const store = mockStore(state);
    render(
      <Provider store={store}>
        <MemoryRouter>
          <AddProductPage />
        </MemoryRouter>
      </Provider>,
    );

    expect(store.getActions()).toContainEqual(addProductReset());
    await enter(user, /Product name/, '  Dune ');
    await enter(user, /Resale price/, '12.5');
    await enter(user, /Phone/, '0123456789');
    await enter(user, /Location/, 'Dhaka');
    const file = cover();
    await user.upload(screen.getByLabelText('Image'), file);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await waitFor(() =>
      expect(store.getActions()).toContainEqual(
        addProductRequested({
          product: { name: 'Dune', price: 12.5, phone: '0123456789', location: 'Dhaka', condition: 'Excillent', description: '', uses: '' },
          image: file,
        }),
      ),
    );
  });
});
