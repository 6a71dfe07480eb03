import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { myBuyerCopy } from './copy';
import { aBooking } from '../../testing/fixtures';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Booking } from '../../types/entities';
import { Component as MyBuyerPage } from './MyBuyerPage';
import { productsApi } from './productsApi';

/** Buyer 1, Buyer 2, … each booking Book 1, Book 2, …; every third one paid. */
const buyers = (count: number): Booking[] =>
  numbered(count, (n) => aBooking({ _id: `k${n}`, bookId: `p${n}`, bookName: `Book ${n}`, cusTomername: `Buyer ${n}`, paid: n % 3 === 0 }));

const renderPage = () => renderWithProviders(<MyBuyerPage />, { preloadedState: signedInState({ isSeller: true }) });

/** The buyers in the table's rows, top to bottom. */
const names = () =>
  within(screen.getByRole('table', { name: myBuyerCopy.title }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
const namesUpTo = (count: number) => numbered(count, (n) => `Buyer ${n}`);
const loadMore = () => screen.getByRole('button', { name: copy.tableMore.loadMore });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Buyer, a page at a time', () => {
  it('shows the first 25 buyers, asked for with the limit and the bearer header', async () => {
    const list = pagedList('/mybuyers', buyers(60));
    renderPage();

    await screen.findByText('Buyer 1');
    expect(names()).toEqual(namesUpTo(25));
    expect(list.calls).toEqual([{ params: { limit: '25' }, authorization: 'bearer t0k' }]);
    expect(loadMore()).toBeInTheDocument();
  });

  it("'Load more' follows each Link's cursor and appends, until the last page, which has no button", async () => {
    const user = userEvent.setup();
    const list = pagedList('/mybuyers', buyers(60));
    renderPage();
    await screen.findByText('Buyer 1');

    await user.click(loadMore());
    await screen.findByText('Buyer 50');
    expect(names()).toEqual(namesUpTo(50));
    await user.click(loadMore());
    await screen.findByText('Buyer 60');

    expect(names()).toEqual(namesUpTo(60));
    expect(list.cursors()).toEqual([null, 'after-k25', 'after-k50']);
    const row = screen.getByRole('row', { name: /Buyer 60/ });
    expect(row).toHaveTextContent('Book 60');
    expect(within(row).getByText(copy.myBuyer.paid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
  });

  it('offers no button when the first page is the whole list', async () => {
    const list = pagedList('/mybuyers', buyers(2));
    renderPage();
    await screen.findByText('Buyer 2');

    expect(names()).toEqual(namesUpTo(2));
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
    expect(list.calls).toHaveLength(1);
  });

  it("shows progress on the button while the next page loads", async () => {
    const user = userEvent.setup();
    const list = pagedList('/mybuyers', buyers(30));
    renderPage();
    await screen.findByText('Buyer 1');

    const release = list.holdNext();
    await user.click(loadMore());
    const busy = await screen.findByRole('button', { name: copy.tableMore.loadingMore });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(names()).toEqual(namesUpTo(25));

    release();
    await screen.findByText('Buyer 30');
    expect(screen.queryByRole('button', { name: copy.tableMore.loadingMore })).not.toBeInTheDocument();
  });

  it('keeps the rows shown when a later page fails, says so, and the button tries again', async () => {
    const user = userEvent.setup();
    const list = pagedList('/mybuyers', buyers(30));
    renderPage();
    await screen.findByText('Buyer 1');

    list.failNext();
    await user.click(loadMore());

    expect(await screen.findByRole('alert')).toHaveTextContent(copy.tableMore.failed);
    expect(names()).toEqual(namesUpTo(25));
    await user.click(screen.getByRole('button', { name: copy.tableMore.retry }));
    await screen.findByText('Buyer 30');
    expect(names()).toEqual(namesUpTo(30));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(list.cursors()).toEqual([null, 'after-k25', 'after-k25']);
  });

  it('asks again for every page shown once one of the seller\'s products is deleted (its unpaid bookings go with it)', async () => {
    const user = userEvent.setup();
    const rows = buyers(30);
    const list = pagedList('/mybuyers', rows);
    server.use(
      http.delete(`${API}/products/:id`, ({ params }) => {
        rows.splice(rows.findIndex((row) => row.bookId === params.id), 1);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    const { store } = renderPage();
    await screen.findByText('Buyer 1');
    await user.click(loadMore());
    await screen.findByText('Buyer 30');

    await store.dispatch(productsApi.endpoints.deleteProduct.initiate('p28'));

    await waitFor(() => expect(screen.queryByText('Buyer 28')).not.toBeInTheDocument());
    expect(names()).toEqual(namesUpTo(30).filter((name) => name !== 'Buyer 28'));
    expect(list.cursors()).toEqual([null, 'after-k25', null, 'after-k25']);
  });
});
