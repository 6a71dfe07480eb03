import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import { insightCopy } from './copy';
import { Component as StatsPage } from './StatsPage';
import { aQuietSellerInsight, serveCsv, serveSellerBooks, serveSellerInsight, someBooks } from './testSupport';

const renderStats = (route = '/dashboard/stats') =>
  renderWithProviders(<StatsPage />, { route, preloadedState: signedInState({ isSeller: true }) });

/** A card of the totals, by its label. */
const card = (label: string) => within(screen.getByRole('list', { name: insightCopy.totals })).getByText(label).closest('li')!;
const panel = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('Stats', () => {
  it('asks for 30 days first, then for the period chosen, kept in the address', async () => {
    const user = userEvent.setup();
    const calls = serveSellerInsight();
    const books = serveSellerBooks(someBooks(3));
    const { router } = renderStats();

    await screen.findByRole('list', { name: insightCopy.totals });
    expect(calls.map((call) => call.query)).toEqual([{ days: '30' }]);
    expect(calls[0].authorization).toBe('bearer t0k');
    const period = screen.getByRole('group', { name: insightCopy.period });
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(period).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(calls.map((call) => call.query)).toEqual([{ days: '30' }, { days: '90' }]));
    expect(router.state.location.search).toBe('?days=90');
    expect(within(period).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    // The books are asked for the same period, from their first page.
    await waitFor(() => expect(books.at(-1)?.query).toEqual({ days: '90', sort: '-views', limit: '10' }));
    expect(await screen.findByText('Up 12 % on the previous 90 days')).toBeInTheDocument();
  });

  it('shows each total with its change on the previous period, said in words to a screen reader', async () => {
    serveSellerInsight();
    serveSellerBooks([]);
    renderStats('/dashboard/stats?days=7');
    await screen.findByRole('list', { name: insightCopy.totals });

    expect(within(card('Views')).getByText('112')).toBeInTheDocument();
    expect(within(card('Views')).getByText('+12 %')).toHaveAttribute('aria-hidden', 'true');
    expect(within(card('Views')).getByText('Up 12 % on the previous 7 days')).toBeInTheDocument();
    expect(within(card('Favourites')).getByText('new')).toBeInTheDocument();
    expect(within(card('Favourites')).getByText('New: none in the previous 7 days')).toBeInTheDocument();
    expect(within(card('Offers received')).getByText('−3 %')).toBeInTheDocument();
    expect(within(card('Orders')).getByText('no change')).toBeInTheDocument();
    expect(within(card('Revenue')).getByText('$86.40')).toBeInTheDocument();
    expect(within(card('Revenue')).getByText('+44 %')).toBeInTheDocument();
    // A share moves in points: 4 % to 5 % is one point, not +25 %.
    expect(within(card('Conversion')).getByText('5 %')).toBeInTheDocument();
    expect(within(card('Conversion')).getByText('+1 pt')).toBeInTheDocument();
    expect(within(card('Conversion')).getByText('Up 1 percentage points on the previous 7 days')).toBeInTheDocument();
    expect(within(card('Average order')).getByText('$21.60')).toBeInTheDocument();
  });

  it('shows a chart as a table, and downloads the table as CSV with the token', async () => {
    const user = userEvent.setup();
    serveSellerInsight();
    serveSellerBooks([]);
    const csv = serveCsv('book,views\r\nDune,70\r\n');
    const { services } = renderStats();
    await screen.findByRole('list', { name: insightCopy.totals });

    const views = panel(insightCopy.charts.topByViews);
    expect(within(views).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(views).getByRole('switch', { name: insightCopy.showTable }));
    const table = within(views).getByRole('table', { name: insightCopy.charts.topByViews });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['BookViews', 'Dune70', 'Emma42']);

    await user.click(within(views).getByRole('button', { name: insightCopy.download }));
    await waitFor(() => expect(services.files.save).toHaveBeenCalledTimes(1));
    expect(csv).toEqual([{ path: '/insight/seller.csv', query: { days: '30', table: 'topByViews' }, authorization: 'bearer t0k' }]);
    expect(services.files.save).toHaveBeenCalledWith({ name: 'stats-topByViews-30-days.csv', type: 'text/csv;charset=utf-8', content: 'book,views\r\nDune,70\r\n' });
  });

  it('pages and sorts the books on the API, from the first page after a new order', async () => {
    const user = userEvent.setup();
    serveSellerInsight();
    const calls = serveSellerBooks(someBooks(12));
    renderStats();
    const grid = await screen.findByRole('grid', { name: insightCopy.books.title });
    await within(grid).findByRole('link', { name: 'Book 01' });
    expect(calls.map((call) => call.query)).toEqual([{ days: '30', sort: '-views', limit: '10' }]);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await within(grid).findByRole('link', { name: 'Book 11' });
    expect(calls.at(-1)?.query).toEqual({ days: '30', sort: '-views', limit: '10', cursor: 'after-b10' });

    await user.click(within(grid).getByRole('columnheader', { name: insightCopy.books.price }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ days: '30', sort: '-price', limit: '10' }));
    await user.click(within(grid).getByRole('columnheader', { name: insightCopy.books.price }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ days: '30', sort: 'price', limit: '10' }));
    expect(calls.every((call) => call.authorization === 'bearer t0k')).toBe(true);
  });

  it('gives a new seller zeros and a sentence, not empty charts, and what the badge takes', async () => {
    const user = userEvent.setup();
    serveSellerInsight(aQuietSellerInsight);
    serveSellerBooks([]);
    renderStats();
    await screen.findByRole('list', { name: insightCopy.totals });

    expect(screen.getByText(insightCopy.nothingYet)).toBeInTheDocument();
    expect(within(card('Views')).getByText('0')).toBeInTheDocument();
    expect(within(card('Views')).getByText('no change')).toBeInTheDocument();
    expect(within(panel(insightCopy.charts.sellerDaily)).getByText(insightCopy.empty.sellerDaily)).toBeInTheDocument();
    expect(within(panel(insightCopy.charts.topByViews)).getByText(insightCopy.empty.topByViews)).toBeInTheDocument();
    expect(within(panel(insightCopy.charts.ordersByState)).getByText(insightCopy.empty.ordersByState)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // The days are still there as a table of zeros.
    const daily = panel(insightCopy.charts.sellerDaily);
    await user.click(within(daily).getByRole('switch', { name: insightCopy.showTable }));
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    expect(await screen.findByText(insightCopy.books.empty)).toBeInTheDocument();

    const reliability = panel(insightCopy.reliability.title);
    expect(within(reliability).getByText(insightCopy.reliability.noBadge)).toBeInTheDocument();
    expect(within(reliability).getAllByText(insightCopy.reliability.notMeasured)).toHaveLength(4);
    expect(within(reliability).getByRole('list')).toHaveTextContent(
      'At least 10 orders: Not yet95 % or more shipped on time: Not yetUnder 2 % disputed: Not yet',
    );
  });

  it('says the stats could not be loaded, with Retry', async () => {
    server.use(http.get(`${API}/insight/seller`, () => HttpResponse.json({ message: 'Sellers only' }, { status: 403 })));
    serveSellerBooks([]);
    renderStats();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(insightCopy.failed);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
