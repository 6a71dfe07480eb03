import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { insightCopy } from './copy';
import { Component as InsightPage } from './InsightPage';
import { serveAdminInsight, serveCsv } from './testSupport';

const renderInsight = (route = '/dashboard/insight') =>
  renderWithProviders(<InsightPage />, { route, preloadedState: signedInState({ isAdmin: true }) });

const card = (list: string, label: string) => within(screen.getByRole('list', { name: list })).getByText(label).closest('li')!;
const panel = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('Insight', () => {
  it('reads the period from the address, and asks again for the one chosen', async () => {
    const user = userEvent.setup();
    const calls = serveAdminInsight();
    const { router } = renderInsight('/dashboard/insight?days=365');
    await screen.findByRole('list', { name: insightCopy.totals });
    expect(calls).toEqual([{ path: '/insight/admin', query: { days: '365' }, authorization: 'bearer t0k' }]);

    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ days: '7' }));
    expect(router.state.location.search).toBe('?days=7');
    expect(await screen.findAllByText('Up 25 % on the previous 7 days')).toHaveLength(3);
  });

  it('shows the marketplace totals with their change, the payouts and the sellers who cannot be paid', async () => {
    serveAdminInsight();
    renderInsight();
    await screen.findByRole('list', { name: insightCopy.totals });

    const totals = insightCopy.totals;
    expect(within(card(totals, 'Sales')).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(card(totals, 'Sales')).getByText('+25 %')).toBeInTheDocument();
    expect(within(card(totals, 'Commission')).getByText('$80.00')).toBeInTheDocument();
    expect(within(card(totals, 'Refunded')).getByText('2 %')).toBeInTheDocument();
    expect(within(card(totals, 'Refunded')).getByText('+1 pt')).toBeInTheDocument();
    expect(within(card(totals, 'Views')).getByText('−10 %')).toBeInTheDocument();
    expect(within(card(totals, 'Views')).getByText('Down 10 % on the previous 30 days')).toBeInTheDocument();
    expect(within(card(totals, 'New users')).getByText('no change')).toBeInTheDocument();
    expect(within(card(totals, 'New sellers')).getByText('no change')).toBeInTheDocument();

    const payouts = insightCopy.charts.payouts;
    expect(card(payouts, 'Payouts: failed')).toHaveTextContent('2 payouts, $40.00');
    expect(card(payouts, 'Payouts: waiting')).toHaveTextContent('1 payout, $15.50');
    expect(card(payouts, insightCopy.sellersWithoutAccount)).toHaveTextContent('3');
  });

  it('shows sales per month as a table and downloads each table as CSV', async () => {
    const user = userEvent.setup();
    serveAdminInsight();
    const csv = serveCsv('month,sales\r\n');
    const { services } = renderInsight();
    await screen.findByRole('list', { name: insightCopy.totals });

    const monthly = panel(insightCopy.charts.adminMonthly);
    await user.click(within(monthly).getByRole('switch', { name: insightCopy.showTable }));
    const rows = within(within(monthly).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['MonthOrdersSalesCommission', 'Nov 202630$600.00$48.00', 'Dec 202620$400.00$32.00']);

    await user.click(within(monthly).getByRole('button', { name: insightCopy.download }));
    await user.click(within(panel(insightCopy.charts.payouts)).getByRole('button', { name: insightCopy.download }));
    await waitFor(() => expect(services.files.save).toHaveBeenCalledTimes(2));
    expect(csv).toEqual([
      { path: '/insight/admin.csv', query: { days: '30', table: 'monthly' }, authorization: 'bearer t0k' },
      { path: '/insight/admin.csv', query: { days: '30', table: 'payouts' }, authorization: 'bearer t0k' },
    ]);
    expect(services.files.save).toHaveBeenLastCalledWith({ name: 'insight-payouts-30-days.csv', type: 'text/csv;charset=utf-8', content: 'month,sales\r\n' });
  });
});
