import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Product } from './types';
import { Component as MyProductsPage } from './MyProductsPage';

/** Book 1, Book 2, …, each priced its number in dollars. */
const shelf = (count: number): Product[] =>
  numbered(count, (n) => ({
    _id: `p${n}`,
    name: `Book ${n}`,
    price: n,
    phone: '0123456789',
    location: 'Dhaka',
    condition: 'Good',
    description: '',
    image: `http://127.0.0.1:5000/image-host/i/${n}.png`,
  }));

const renderPage = () => renderWithProviders(<MyProductsPage />, { preloadedState: signedInState({ isSeller: true }) });

/** The names in the table's rows, top to bottom. */
const names = () =>
  within(screen.getByRole('table', { name: productsCopy.myProductsTitle }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);
const namesUpTo = (count: number) => numbered(count, (n) => `Book ${n}`);
const loadMore = () => screen.getByRole('button', { name: copy.tableMore.loadMore });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Products, a page at a time', () => {
  it("shows the first 25 products, and the count of all the seller's products from the API's total", async () => {
    const list = pagedList('/products', shelf(30), { total: true });
    renderPage();

    expect(await screen.findByText('my products : 30')).toBeInTheDocument();
    expect(names()).toEqual(namesUpTo(25));
    expect(list.calls).toEqual([{ params: { limit: '25' }, authorization: 'bearer t0k' }]);
    expect(loadMore()).toBeInTheDocument();
  });

  it("'Load more' asks for the page after the Link's cursor and appends it; the last page has no button", async () => {
    const user = userEvent.setup();
    const list = pagedList('/products', shelf(30), { total: true });
    renderPage();
    await screen.findByText('Book 1');

    await user.click(loadMore());

    await screen.findByText('Book 30');
    expect(names()).toEqual(namesUpTo(30));
    expect(list.cursors()).toEqual([null, 'after-p25']);
    expect(within(screen.getByRole('row', { name: /Book 28/ })).getByRole('button', { name: productsCopy.delete })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
    expect(screen.getByText('my products : 30')).toBeInTheDocument();
  });

  it('counts the rows themselves, and offers no button, when the whole list fits one page', async () => {
    const list = pagedList('/products', shelf(3));
    renderPage();

    expect(await screen.findByText('my products : 3')).toBeInTheDocument();
    expect(names()).toEqual(namesUpTo(3));
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
    expect(list.calls).toHaveLength(1);
  });

  it('keeps the rows shown when a later page fails, says so, and the button tries again', async () => {
    const user = userEvent.setup();
    const list = pagedList('/products', shelf(30), { total: true });
    renderPage();
    await screen.findByText('Book 1');

    list.failNext();
    await user.click(loadMore());

    expect(await screen.findByRole('alert')).toHaveTextContent(copy.tableMore.failed);
    expect(names()).toEqual(namesUpTo(25));
    expect(screen.getByText('my products : 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: copy.tableMore.retry }));
    await screen.findByText('Book 30');
    expect(names()).toEqual(namesUpTo(30));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(list.cursors()).toEqual([null, 'after-p25', 'after-p25']);
  });

  it('deleting a product of a later page asks again for every page shown: the row goes and the count falls', async () => {
    const user = userEvent.setup();
    const products = shelf(30);
    const list = pagedList('/products', products, { total: true });
    server.use(
      http.delete(`${API}/products/:id`, ({ params }) => {
        products.splice(products.findIndex((product) => product._id === params.id), 1);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    const { services } = renderPage();
    await screen.findByText('Book 1');
    await user.click(loadMore());
    await screen.findByText('Book 30');

    await user.click(within(screen.getByRole('row', { name: /Book 27/ })).getByRole('button', { name: productsCopy.delete }));
    const dialog = screen.getByRole('dialog', { name: copy.products.deleteTitle });
    expect(within(dialog).getByText('If you are delete Book 27')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: copy.products.deleteConfirm }));

    expect(await screen.findByText('my products : 29')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toEqual(namesUpTo(30).filter((name) => name !== 'Book 27'));
    expect(list.cursors()).toEqual([null, 'after-p25', null, 'after-p25']);
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.products.deleted, 'success');
  });
});
