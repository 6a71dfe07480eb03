import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { testUser } from '../../testing/fakeServices';
import { aBooking } from '../../testing/fixtures';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Booking } from '../../types/entities';
import { Component as MyOrdersPage } from './MyOrdersPage';

/** Orders of Book 1, Book 2, …, each priced its number in dollars; every tenth one paid. */
const orders = (count: number): Booking[] =>
  numbered(count, (n) => aBooking({ _id: `o${n}`, bookName: `Book ${n}`, resale_price: n, paid: n % 10 === 0 }));

const renderPage = () => renderWithProviders(<MyOrdersPage />, { preloadedState: signedInState(), route: '/dashboard' });

const table = () => screen.getByRole('table', { name: copy.orders.title });
/** The titles in the table's rows, top to bottom. */
const titles = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2].textContent);
const titlesUpTo = (count: number) => numbered(count, (n) => `Book ${n}`);
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
const loadMore = () => screen.getByRole('button', { name: copy.tableMore.loadMore });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Orders, a page at a time', () => {
  it('shows the first 25 orders, asked for with the email, the limit and the bearer header', async () => {
    const list = pagedList('/bookings', orders(30));
    renderPage();

    await screen.findByText('Book 1');
    expect(titles()).toEqual(titlesUpTo(25));
    expect(list.calls).toEqual([{ params: { email: testUser.email, limit: '25' }, authorization: 'bearer t0k' }]);
    expect(loadMore()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'Load more' asks for the page after the Link's cursor and appends it, numbered on, with Pay and paid as before", async () => {
    const user = userEvent.setup();
    const list = pagedList('/bookings', orders(30));
    renderPage();
    await screen.findByText('Book 1');

    await user.click(loadMore());

    await screen.findByText('Book 30');
    expect(titles()).toEqual(titlesUpTo(30));
    expect(list.calls.map((call) => call.params)).toEqual([
      { email: testUser.email, limit: '25' },
      { email: testUser.email, limit: '25', cursor: 'after-o25' },
    ]);
    expect(within(rowOf('Book 26')).getByRole('cell', { name: '26' })).toBeInTheDocument();
    expect(within(rowOf('Book 26')).getByRole('link', { name: copy.orders.pay })).toHaveAttribute('href', '/dashboard/payment/o26');
    expect(within(rowOf('Book 30')).getByText(copy.orders.paid)).toBeInTheDocument();
    // The last page came without a Link: nothing more to load.
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
  });

  it('offers no button when the first page is the whole list', async () => {
    const list = pagedList('/bookings', orders(25));
    renderPage();
    await screen.findByText('Book 25');

    expect(titles()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
    expect(list.calls).toHaveLength(1);
  });

  it('loads from the keyboard, shows progress meanwhile, asks once however often pressed, and keeps the focus', async () => {
    const user = userEvent.setup();
    const list = pagedList('/bookings', orders(60));
    renderPage();
    await screen.findByText('Book 1');

    const button = loadMore();
    button.focus();
    const release = list.holdNext();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(button).toHaveAccessibleName(copy.tableMore.loadingMore));
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(list.cursors()).toEqual([null, 'after-o25']);

    release();
    await screen.findByText('Book 50');
    expect(button).toHaveAccessibleName(copy.tableMore.loadMore);
    expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByText('Book 60');
    expect(list.cursors()).toEqual([null, 'after-o25', 'after-o50']);
  });

  it('keeps the rows shown when a later page fails, says so, and the button tries the same page again', async () => {
    const user = userEvent.setup();
    const list = pagedList('/bookings', orders(30));
    renderPage();
    await screen.findByText('Book 1');

    list.failNext();
    await user.click(loadMore());

    expect(await screen.findByRole('alert')).toHaveTextContent(copy.tableMore.failed);
    expect(titles()).toEqual(titlesUpTo(25));
    // Only the later page failed: the page's own error for a list that could not load stays away.
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: copy.tableMore.retry }));
    await screen.findByText('Book 30');
    expect(titles()).toEqual(titlesUpTo(30));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(list.cursors()).toEqual([null, 'after-o25', 'after-o25']);
  });

  it('cancelling an order of a later page asks again for every page shown, and the row is gone', async () => {
    const user = userEvent.setup();
    const rows = orders(30);
    const list = pagedList('/bookings', rows);
    server.use(
      http.delete(`${API}/bookings/:id`, ({ params }) => {
        rows.splice(rows.findIndex((row) => row._id === params.id), 1);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    const { services } = renderPage();
    await screen.findByText('Book 1');
    await user.click(loadMore());
    await screen.findByText('Book 30');

    await user.click(screen.getByRole('button', { name: copy.orders.deleteLabel('Book 27') }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: copy.orders.cancel }));

    await waitFor(() => expect(screen.queryByText('Book 27')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(titles()).toEqual(titlesUpTo(30).filter((title) => title !== 'Book 27'));
    expect(list.cursors()).toEqual([null, 'after-o25', null, 'after-o25']);
    expect(services.notifier.notify).toHaveBeenCalledWith(copy.orders.cancelled, 'success');
  });
});
