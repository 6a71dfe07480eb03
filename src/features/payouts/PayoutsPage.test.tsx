import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { numbered, pagedList } from '../../testing/pagedList';
import { renderApp, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { AdminPayout, MonthlyCommission, Reconciliation, WaitingSeller } from './types';

const aPayout = (overrides: Partial<AdminPayout>): AdminPayout => ({
  _id: 'po1',
  sellerId: 'u1',
  sellerName: 'Sam Seller',
  sellerEmail: 'sam@example.com',
  amount: 18.4,
  state: 'paid',
  origin: 'schedule',
  retryOf: null,
  failureCode: null,
  failureMessage: null,
  createdAt: '2025-11-24T09:00:00.000Z',
  paidAt: '2025-11-25T09:00:00.000Z',
  failedAt: null,
  ...overrides,
});

/** As the API serves them: failed first, then newest. */
const served: AdminPayout[] = [
  aPayout({
    _id: 'po3',
    sellerName: 'Fay Failed',
    sellerEmail: 'fay@example.com',
    amount: 9.2,
    state: 'failed',
    origin: 'withdraw',
    failureCode: 'account_closed',
    failureMessage: 'The bank account is closed',
    createdAt: '2025-11-20T09:00:00.000Z',
    paidAt: null,
    failedAt: '2025-11-21T09:00:00.000Z',
  }),
  aPayout({ _id: 'po2', state: 'in_transit', origin: 'retry', retryOf: 'po0abcdef-1234', amount: 1234.5, createdAt: '2025-11-26T09:00:00.000Z', paidAt: null }),
  aPayout({ _id: 'po1' }),
];

const waiting: WaitingSeller[] = [
  { sellerId: 'u7', name: 'Nina None', email: 'nina@example.com', available: 42, account: 'none' },
  { sellerId: 'u8', name: 'Pete Pending', email: 'pete@example.com', available: 5.5, account: 'pending' },
];
const months: MonthlyCommission[] = [
  { month: '2026-11', commission: 120.4 },
  { month: '2026-10', commission: 88 },
];
const agreed: Reconciliation = { at: '2025-11-27T08:00:00.000Z', checked: { payouts: 3, transfers: 2, balance: true }, differences: [] };

interface AdminApi {
  waiting?: WaitingSeller[];
  months?: MonthlyCommission[];
  reconciliation?: Reconciliation | null;
  retry?: (id: string) => Response;
  reconcile?: () => Response;
}

/** The admin's payouts API: the grid's list by page, the three panels, Retry and Reconcile now; each post kept. */
function serveAdmin(rows: AdminPayout[], api: AdminApi = {}) {
  const posts: Array<{ path: string; authorization: string | null }> = [];
  const list = pagedList('/admin/payouts', rows, { total: true });
  server.use(
    http.get(`${API}/admin/payouts/waiting`, () => HttpResponse.json(api.waiting ?? waiting)),
    http.get(`${API}/admin/commission`, () => HttpResponse.json(api.months ?? months)),
    http.get(`${API}/admin/reconciliation`, () => HttpResponse.json(api.reconciliation === undefined ? agreed : api.reconciliation)),
    http.post(`${API}/admin/payouts/:id/retry`, ({ request, params }) => {
      posts.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
      return api.retry ? api.retry(String(params.id)) : HttpResponse.json(aPayout({ _id: 'po4', state: 'in_transit', origin: 'retry', retryOf: String(params.id), amount: 9.2 }));
    }),
    http.post(`${API}/admin/reconciliation`, ({ request }) => {
      posts.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
      return api.reconcile ? api.reconcile() : HttpResponse.json(agreed);
    }),
  );
  return { list, posts };
}

const admin = signedInState({ isAdmin: true });
const renderPage = () => renderApp('/dashboard/payouts', { preloadedState: admin });
const grid = () => screen.findByRole('grid', { name: 'Payouts' });
const gridRows = async () => within(await grid()).getAllByRole('row').slice(1);
const region = (name: string) => screen.getByRole('region', { name });
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('Payouts (admin)', () => {
  it('lists the payouts as the API serves them, failed first with why, and Retry on the failed ones only', async () => {
    const { list } = serveAdmin(served);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    await waitFor(async () => expect(await gridRows()).toHaveLength(3));
    const rows = await gridRows();
    expect(rows[0]).toHaveTextContent('Fay Failed');
    expect(rows[0]).toHaveTextContent('fay@example.com');
    expect(rows[0]).toHaveTextContent('$9.20');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('The bank account is closed');
    expect(rows[0]).toHaveTextContent('Withdrawn by the seller');
    expect(within(rows[0]).getByRole('button', { name: 'Retry the payout of $9.20 to Fay Failed' })).toHaveTextContent('Retry');
    expect(rows[1]).toHaveTextContent('$1,234.50');
    expect(rows[1]).toHaveTextContent('On its way');
    expect(rows[1]).toHaveTextContent('RetryRetries payout po0abcde');
    expect(rows[2]).toHaveTextContent('Paid');
    expect(rows[2]).toHaveTextContent('Weekly run');
    expect(within(await grid()).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    expect(list.calls[0]).toEqual({ params: { limit: '25' }, authorization: 'bearer t0k' });
  });

  it('pages by the cursor of the Link header, with the total from X-Total-Count', async () => {
    const user = userEvent.setup();
    const { list } = serveAdmin(numbered(30, (n) => aPayout({ _id: `p${n}`, sellerName: `Seller ${n}` })));
    renderPage();

    expect(await within(await grid()).findByText('Seller 1')).toBeInTheDocument();
    expect(screen.getByText(/1–25 of 30/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(await grid()).findByText('Seller 26')).toBeInTheDocument();
    await waitFor(() => expect(list.cursors()).toEqual([null, 'after-p25']));
  });

  it('Retry posts, says a new payout is on its way, and reads the list again', async () => {
    const user = userEvent.setup();
    const { list, posts } = serveAdmin(served);
    const { services } = renderPage();

    await user.click(await within(await grid()).findByRole('button', { name: 'Retry the payout of $9.20 to Fay Failed' }));

    await waitFor(() => expect(services.notifier.notify).toHaveBeenCalledWith('A new payout of $9.20 to Fay Failed is on its way', 'success'));
    expect(posts).toEqual([{ path: '/admin/payouts/po3/retry', authorization: 'bearer t0k' }]);
    await waitFor(() => expect(list.calls).toHaveLength(2));
  });

  it("shows the API's refusal of a retry (409)", async () => {
    const user = userEvent.setup();
    serveAdmin(served, {
      retry: () => HttpResponse.json({ message: 'Only a failed payout can be retried; this one is paid' }, { status: 409 }),
    });
    const { services } = renderPage();

    await user.click(await within(await grid()).findByRole('button', { name: /^Retry the payout/ }));

    await waitFor(() =>
      expect(services.notifier.notify).toHaveBeenCalledWith('Only a failed payout can be retried; this one is paid', 'error'),
    );
  });

  it('lists the sellers waiting for a payout account and the commission by month', async () => {
    serveAdmin(served);
    renderPage();

    await waitFor(() => expect(tableRows('Waiting for a payout account')).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 2, name: 'Waiting for a payout account' })).toBeInTheDocument();
    expect(tableRows('Waiting for a payout account')).toEqual([
      ['Nina None', 'nina@example.com', '$42.00', 'Not set up'],
      ['Pete Pending', 'pete@example.com', '$5.50', 'Setup not finished'],
    ]);
    await waitFor(() => expect(tableRows('Commission by month')).toHaveLength(2));
    expect(tableRows('Commission by month')).toEqual([
      ['November 2026', '$120.40'],
      ['October 2026', '$88.00'],
    ]);
  });

  it('says so when nobody waits, nothing was earned, and nothing was reconciled yet', async () => {
    serveAdmin([], { waiting: [], months: [], reconciliation: null });
    renderPage();

    expect(await screen.findByText('Every seller with money to pay has a payout account.')).toBeInTheDocument();
    expect(await screen.findByText('No commission earned yet.')).toBeInTheDocument();
    expect(await within(region('Reconciliation')).findByText('Not run yet.')).toBeInTheDocument();
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
  });

  it("shows the last reconciliation: when, what it checked, and that the ledger and Stripe agree", async () => {
    serveAdmin(served);
    renderPage();

    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    expect(await within(panel).findByText('The ledger and Stripe agree.')).toBeInTheDocument();
    expect(within(panel).getByText(/^Last run: /).tagName).toBe('TIME');
    expect(panel).toHaveTextContent('Checked 3 payouts, 2 transfers and the platform balance.');
  });

  it("'Reconcile now' runs one and shows its differences", async () => {
    const user = userEvent.setup();
    const found: Reconciliation = {
      at: '2025-11-28T08:00:00.000Z',
      checked: { payouts: 4, transfers: 1, balance: true },
      differences: [
        { kind: 'payout', payoutId: 'po3abcdef-9', providerId: 'po_1Q2w3e', ours: 'in_transit 920', theirs: 'paid 920' },
        { kind: 'balance', ours: '10000', theirs: '9080' },
      ],
    };
    const { posts } = serveAdmin(served, { reconcile: () => HttpResponse.json(found) });
    const { services } = renderPage();

    const panel = await screen.findByRole('region', { name: 'Reconciliation' });
    await within(panel).findByText('The ledger and Stripe agree.');
    await user.click(within(panel).getByRole('button', { name: 'Reconcile now' }));

    await waitFor(() => expect(tableRows('Differences')).toHaveLength(2));
    expect(tableRows('Differences')).toEqual([
      ['Payout', 'po3abcde', 'po_1Q2w3e', 'in_transit 920', 'paid 920'],
      ['Platform balance', '', '', '10000', '9080'],
    ]);
    expect(within(panel).queryByText('The ledger and Stripe agree.')).not.toBeInTheDocument();
    expect(posts).toEqual([{ path: '/admin/reconciliation', authorization: 'bearer t0k' }]);
    expect(services.notifier.notify).toHaveBeenCalledWith('Reconciled: 2 differences found', 'warning');
  });

  it('is in the admin menu next to Disputes, and for admins only', async () => {
    serveAdmin(served);
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/bookings`, () => HttpResponse.json([])),
      http.get(`${API}/admin/disputes`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    );
    const { unmount } = renderApp('/dashboard', { preloadedState: admin });
    const menu = await screen.findByRole('navigation', { name: 'dashboard' });
    const links = within(menu).getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(links.indexOf('Disputes'), links.indexOf('Disputes') + 2)).toEqual(['Disputes', 'Payouts']);
    await user.click(within(menu).getByRole('link', { name: 'Payouts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    unmount();

    renderApp('/dashboard/payouts', { preloadedState: signedInState({ isSeller: true }) });
    expect(await screen.findByText('You need an admin account for this page')).toBeInTheDocument();
  });
});
