import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { earningsCopy } from './copy';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderApp, renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { Earnings } from '../../types/entities';
import type { EarningEntry } from './types';
import { Component as EarningsPage } from './EarningsPage';

const earnings: Earnings = {
  balance: { pending: 16, available: 1234.5, inTransit: 0, paidOut: 0 },
  account: { state: 'none', due: [] },
  commission: { percent: 8, min: 0.5, payoutMin: 1 },
};

const entry = (overrides: Partial<EarningEntry>): EarningEntry => ({
  _id: 'e1',
  kind: 'charge',
  account: 'pending',
  amount: 16,
  bookingId: 'b1',
  payoutId: null,
  bookName: 'Dune',
  at: '2025-11-21T12:00:00.000Z',
  ...overrides,
});

/** A sale of Dune paid, then completed (two entries), and a sale of Emma refunded: newest first. */
const history: EarningEntry[] = [
  entry({ _id: 'e5', kind: 'refund', account: 'pending', amount: -7.32, bookingId: 'b2', bookName: 'Emma', at: '2025-11-23T09:00:00.000Z' }),
  entry({ _id: 'e4', kind: 'release', account: 'available', amount: 16, at: '2025-11-22T10:00:00.000Z' }),
  entry({ _id: 'e3', kind: 'release', account: 'pending', amount: -16, at: '2025-11-22T10:00:00.000Z' }),
  entry({ _id: 'e2', kind: 'charge', account: 'pending', amount: 7.32, bookingId: 'b2', bookName: 'Emma', at: '2025-11-21T13:00:00.000Z' }),
  entry({ _id: 'e1' }),
];

interface Call {
  path: string;
  authorization: string | null;
  accept?: string | null;
}

/** GET /earnings as the API answers it, kept call by call. */
function serveEarnings(answer: () => Response = () => HttpResponse.json(earnings)) {
  const calls: Call[] = [];
  server.use(
    http.get(`${API}/earnings`, ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
      return answer();
    }),
  );
  return calls;
}

/** GET /earnings/entries.csv, kept call by call. */
function serveCsv(answer: () => Response) {
  const calls: Call[] = [];
  server.use(
    http.get(`${API}/earnings/entries.csv`, ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), accept: request.headers.get('accept') });
      return answer();
    }),
  );
  return calls;
}

const csv = 'date,order,book,kind,balance,amount\r\n2025-11-21T12:00:00.000Z,b1,Dune,charge,pending,16.00\r\n';

const renderPage = () => renderWithProviders(<EarningsPage />, { preloadedState: signedInState({ isSeller: true }) });

/** The amount a figure of the balance shows, read from its term in the description list. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const entriesTable = () => screen.getByRole('table', { name: earningsCopy.entries });
const bodyRows = () => within(entriesTable()).getAllByRole('row').slice(1);

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('My Earnings', () => {
  it('shows the balance as four figures, the commission and that payouts are not set up, from GET /earnings', async () => {
    const calls = serveEarnings();
    pagedList('/earnings/entries', history);
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'My Earnings' })).toBeInTheDocument();
    await waitFor(() => expect(figure('Pending')).toBe('$16.00'));
    expect(figure('Available')).toBe('$1,234.50');
    expect(figure('On its way')).toBe('$0.00');
    expect(figure('Paid out')).toBe('$0.00');
    expect(screen.getByText("Book Resale keeps 8% of each book's price (at least $0.50); shipping is yours")).toBeInTheDocument();
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(within(payouts).getByText('Set up payouts to get paid. You can sell before you do; your earnings wait in Available.')).toBeInTheDocument();
    expect(within(payouts).getByRole('button', { name: 'Set up payouts' })).toBeInTheDocument();
    // The balance itself has nothing to press.
    expect(within(screen.getByRole('region', { name: 'Balance' })).queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual([{ path: '/earnings', authorization: 'bearer t0k' }]);
  });

  it('lists the entries newest first: date, the book linked to its order, what happened and the signed amount', async () => {
    serveEarnings();
    const list = pagedList('/earnings/entries', history);
    renderPage();

    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const cells = bodyRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(1))).toEqual([
      ['Emma', 'Refunded to the buyer', '-$7.32'],
      ['Dune', 'Released to Available', '+$16.00'],
      ['Dune', 'Released from Pending', '-$16.00'],
      ['Emma', 'Sale pending', '+$7.32'],
      ['Dune', 'Sale pending', '+$16.00'],
    ]);
    const firstDate = within(bodyRows()[0]).getByText(/2025/);
    expect(firstDate.tagName).toBe('TIME');
    expect(firstDate).toHaveAttribute('datetime', '2025-11-23T09:00:00.000Z');
    expect(within(bodyRows()[0]).getByRole('link', { name: 'Emma' })).toHaveAttribute('href', '/dashboard/orders/b2');
    expect(list.calls).toEqual([{ params: { limit: '25' }, authorization: 'bearer t0k' }]);
  });

  it("reads a payout's entries in words, each naming the part of the balance it moved, and links them to nothing", async () => {
    serveEarnings();
    const payout = { bookingId: null, bookName: null, payoutId: '3f2a9c1e-77aa-4c1e-9d0b-123456789abc' };
    pagedList('/earnings/entries', [
      entry({ _id: 'p6', kind: 'payout_failed', account: 'available', amount: 9.2, ...payout, at: '2025-11-26T09:00:00.000Z' }),
      entry({ _id: 'p5', kind: 'payout_failed', account: 'inTransit', amount: -9.2, ...payout, at: '2025-11-26T09:00:00.000Z' }),
      entry({ _id: 'p4', kind: 'payout_paid', account: 'paidOut', amount: 18.4, ...payout, at: '2025-11-25T09:00:00.000Z' }),
      entry({ _id: 'p3', kind: 'payout_paid', account: 'inTransit', amount: -18.4, ...payout, at: '2025-11-25T09:00:00.000Z' }),
      entry({ _id: 'p2', kind: 'payout', account: 'inTransit', amount: 18.4, ...payout, at: '2025-11-24T09:00:00.000Z' }),
      entry({ _id: 'p1', kind: 'payout', account: 'available', amount: -18.4, ...payout, at: '2025-11-24T09:00:00.000Z' }),
      entry({ _id: 'e1' }),
    ]);
    renderPage();

    await waitFor(() => expect(bodyRows()).toHaveLength(7));
    const cells = bodyRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(1))).toEqual([
      ['Payout 3f2a9c1e', 'Payout failed — money back (Available)', '+$9.20'],
      ['Payout 3f2a9c1e', 'Payout failed — money back (On its way)', '-$9.20'],
      ['Payout 3f2a9c1e', 'Payout paid (Paid out)', '+$18.40'],
      ['Payout 3f2a9c1e', 'Payout paid (On its way)', '-$18.40'],
      ['Payout 3f2a9c1e', 'Payout (On its way)', '+$18.40'],
      ['Payout 3f2a9c1e', 'Payout (Available)', '-$18.40'],
      ['Dune', 'Sale pending', '+$16.00'],
    ]);
    expect(within(entriesTable()).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/dashboard/orders/b1']);
  });

  it("'Load more' follows the Link header's cursor and appends the older entries", async () => {
    const user = userEvent.setup();
    serveEarnings();
    const many = numbered(30, (n) => entry({ _id: `e${n}`, bookingId: `b${n}`, bookName: `Book ${n}` }));
    const list = pagedList('/earnings/entries', many);
    renderPage();
    await screen.findByRole('link', { name: 'Book 25' });
    expect(screen.queryByRole('link', { name: 'Book 26' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: copy.tableMore.loadMore }));

    expect(await screen.findByRole('link', { name: 'Book 30' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(30);
    expect(list.cursors()).toEqual([null, 'after-e25']);
    expect(screen.queryByRole('button', { name: copy.tableMore.loadMore })).not.toBeInTheDocument();
  });

  it('says so when nothing was earned yet, and offers no download', async () => {
    serveEarnings(() => HttpResponse.json({ ...earnings, balance: { pending: 0, available: 0, inTransit: 0, paidOut: 0 } }));
    pagedList('/earnings/entries', []);
    renderPage();

    expect(await screen.findByText(earningsCopy.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.myBuyer.toProducts })).toHaveAttribute('href', '/dashboard/myproducts');
    expect(screen.queryByRole('table', { name: earningsCopy.entries })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: earningsCopy.download })).not.toBeInTheDocument();
  });

  it('says what failed, with Retry, when the balance or the entries cannot be loaded', async () => {
    const user = userEvent.setup();
    let balanceRefused = true;
    serveEarnings(() => (balanceRefused ? HttpResponse.json({ message: 'Only sellers have earnings' }, { status: 403 }) : HttpResponse.json(earnings)));
    server.use(http.get(`${API}/earnings/entries`, () => HttpResponse.json({ message: 'Only sellers have earnings' }, { status: 403 })));
    renderPage();

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Your earnings could not be loaded. Only sellers have earnings'),
      expect.stringContaining('Your entries could not be loaded. Only sellers have earnings'),
    ]);
    expect(screen.queryByText(earningsCopy.empty)).not.toBeInTheDocument();

    balanceRefused = false;
    await user.click(within(alerts[0]).getByRole('button', { name: copy.messages.retry }));
    await waitFor(() => expect(figure('Available')).toBe('$1,234.50'));
  });

  it('downloads the entries as CSV with the access token in the authorization header, and saves the file', async () => {
    const user = userEvent.setup();
    serveEarnings();
    pagedList('/earnings/entries', history);
    const calls = serveCsv(() => new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: earningsCopy.download }));

    await waitFor(() => expect(services.files.save).toHaveBeenCalledTimes(1));
    expect(services.files.save).toHaveBeenCalledWith({ name: 'earnings.csv', type: 'text/csv;charset=utf-8', content: csv });
    expect(calls).toEqual([{ path: '/earnings/entries.csv', authorization: 'bearer t0k', accept: 'text/csv' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a download failed, saves nothing, and the same button tries again', async () => {
    const user = userEvent.setup();
    serveEarnings();
    pagedList('/earnings/entries', history);
    let refuse = true;
    const calls = serveCsv(() =>
      refuse
        ? HttpResponse.json({ message: 'Only sellers have earnings' }, { status: 403 })
        : new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    const { services } = renderPage();

    await user.click(await screen.findByRole('button', { name: earningsCopy.download }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your entries could not be downloaded as CSV. Only sellers have earnings');
    expect(services.files.save).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: earningsCopy.download }));
    await waitFor(() => expect(services.files.save).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

describe('My Earnings route', () => {
  it('is in the seller menu and opens from it', async () => {
    const user = userEvent.setup();
    serveEarnings();
    pagedList('/earnings/entries', history);
    server.use(http.get(`${API}/bookings`, () => HttpResponse.json([])));
    renderApp('/dashboard', { preloadedState: signedInState({ isSeller: true }) });

    await user.click(await screen.findByRole('link', { name: 'My Earnings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Earnings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Earnings' })).toHaveAttribute('aria-current', 'page');
  });

  it('is for sellers only', async () => {
    renderApp('/dashboard/earnings', { preloadedState: signedInState() });

    expect(await screen.findByText(/You need a seller account/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Earnings' })).not.toBeInTheDocument();
  });
});
