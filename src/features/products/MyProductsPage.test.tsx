import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Product } from './types';
import { Component as MyProductsPage } from './MyProductsPage';

const dune: Product = {
  _id: 'p1',
  name: 'Dune',
  price: 12,
  phone: '0123456789',
  location: 'Dhaka',
  condition: 'Good',
  description: '',
  image: 'http://127.0.0.1:5000/image-host/i/dune.png',
};
const emma: Product = { ...dune, _id: 'p2', name: 'Emma', price: 8.5, location: 'Sylhet' };

/** GET /products answers the current list; DELETE /products/:id removes from it. */
function productsServer(initial: Product[], deleteAnswer?: () => Response) {
  let products = [...initial];
  const calls: { method: string; path: string; authorization: string | null }[] = [];
  server.use(
    http.get(`${API}/products`, ({ request }) => {
      calls.push({ method: 'GET', path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
      return HttpResponse.json(products);
    }),
    http.delete(`${API}/products/:id`, ({ request, params }) => {
      calls.push({ method: 'DELETE', path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
      if (deleteAnswer) return deleteAnswer();
      products = products.filter((product) => product._id !== params.id);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
  return calls;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

const renderPage = () => renderWithProviders(<MyProductsPage />, { preloadedState: signedInState({ isSeller: true }) });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Products page', () => {
  it('shows a progress bar, then the count and a row per own product', async () => {
    const calls = productsServer([dune, emma]);
    renderPage();

    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByText('my products : 2')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: '/products', authorization: 'bearer t0k' }]);

    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Image', 'Name', 'Price', 'Location', 'Delete']);
    const row = screen.getByRole('row', { name: /Dune/ });
    expect(within(row).getByRole('img', { name: 'Dune' })).toHaveAttribute('src', dune.image);
    expect(within(row).getByText('$12')).toBeInTheDocument();
    expect(within(row).getByText('Dhaka')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Emma/ })).getByText('$8.50')).toBeInTheDocument();
  });

  it('shows under each price what the seller receives of it, when the API says, in the same columns', async () => {
    productsServer([{ ...dune, youReceive: 11.04 }, emma]);
    renderPage();

    const row = await screen.findByRole('row', { name: /Dune/ });
    const priceCell = within(row).getAllByRole('cell')[2];
    expect(priceCell).toHaveAttribute('data-label', 'Price');
    expect(priceCell).toHaveTextContent(/^\$12you receive \$11\.04$/);
    expect(within(priceCell).getByText('you receive $11.04')).toBeInTheDocument();
    // An answer without it (an older API) shows the price alone.
    expect(within(screen.getByRole('row', { name: /Emma/ })).getAllByRole('cell')[2]).toHaveTextContent(/^\$8\.50$/);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Image', 'Name', 'Price', 'Location', 'Delete']);
  });

  it('marks a sold product as sold instead of offering Delete', async () => {
    productsServer([dune, { ...emma, sold: true }]);
    renderPage();

    const soldRow = await screen.findByRole('row', { name: /Emma/ });
    expect(within(soldRow).getByText('sold')).toBeInTheDocument();
    expect(within(soldRow).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Dune/ })).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows the empty state when the seller has no products', async () => {
    productsServer([]);
    renderPage();

    expect(await screen.findByText('You have not listed any product yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first product' })).toHaveAttribute('href', '/dashboard/addproducts');
    expect(screen.getByText('my products : 0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('warns how many buyers a delete affects when the book has open bookings', async () => {
    const user = userEvent.setup();
    productsServer([{ ...dune, openBookings: 2 }, { ...emma, openBookings: 1 }]);
    renderPage();

    await user.click(within(await rowOf('Dune')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
    expect(within(dialog).getByText('If you are delete Dune')).toBeInTheDocument();
    expect(within(dialog).getByText('2 buyers have booked this book. Deleting it withdraws their bookings.')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/2 buyers have booked this book/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowOf('Emma')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
    expect(within(dialog).getByText('1 buyer has booked this book. Deleting it withdraws their booking.')).toBeInTheDocument();
  });

  it('gives no warning for a book nobody has booked', async () => {
    const user = userEvent.setup();
    productsServer([{ ...dune, openBookings: 0 }]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
    expect(within(dialog).queryByText(/booked this book/)).not.toBeInTheDocument();
  });

  it('asks before deleting and leaves the product when cancelled', async () => {
    const user = userEvent.setup();
    const calls = productsServer([dune]);
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Want To Delete Product?' });
    expect(within(dialog).getByText('If you are delete Dune')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Confirm' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByText('my products : 1')).toBeInTheDocument();
  });

  it('deletes on confirm, toasts and fetches the list again', async () => {
    const user = userEvent.setup();
    const calls = productsServer([dune, emma]);
    const { services } = renderPage();

    await user.click(within(await screen.findByRole('row', { name: /Dune/ })).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete Confirm' }));

    expect(await screen.findByText('my products : 1')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Dune/ })).not.toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'GET', path: '/products', authorization: 'bearer t0k' },
      { method: 'DELETE', path: '/products/p1', authorization: 'bearer t0k' },
      { method: 'GET', path: '/products', authorization: 'bearer t0k' },
    ]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Delete Successfully', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's message when the delete is refused", async () => {
    const user = userEvent.setup();
    productsServer([dune], () => HttpResponse.json({ message: 'This book is sold and stays on record' }, { status: 409 }));
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete Confirm' }));

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This book is sold and stays on record');
    expect(services.notifier.notify).not.toHaveBeenCalled();
  });
});
