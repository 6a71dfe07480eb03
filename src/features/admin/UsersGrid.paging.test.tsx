import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '../../config/copy';
import { adminCopy } from './copy';
import { renderWithProviders, signedInState } from '../../testing/renderWithProviders';
import { API, server } from '../../testing/server';
import type { User } from '../../types/entities';
import { Component as AllBuyerPage } from './AllBuyerPage';
import { Component as AllSellerPage } from './AllSellerPage';

/** Buyer 01 … Buyer 30, joined in that order; emails run the other way round. */
const buyers: User[] = Array.from({ length: 30 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { _id: `u${n}`, name: `Buyer ${n}`, email: `${String(31 - i).padStart(2, '0')}@example.com`, role: 'Buyer' };
});

/**
 * GET `path` as the API answers it: `q` filters names and emails, `sort` orders, `limit` rows
 * after `cursor` ("after-<id>"), `X-Total-Count` and a Link while more follow. Records each query.
 */
function pagedUsers(path: '/buyer' | '/seller', users: User[]) {
  const requests: Record<string, string>[] = [];
  server.use(
    http.get(`${API}${path}`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(Object.fromEntries(params));
      const q = params.get('q')?.toLowerCase() ?? '';
      const [field, direction] = (params.get('sort') ?? 'created_asc').split('_');
      let list = users.filter((user) => user.name.toLowerCase().includes(q) || user.email.includes(q));
      if (field !== 'created') {
        const key = field as 'name' | 'email';
        list = [...list].sort((a, b) => a[key].localeCompare(b[key]) * (direction === 'desc' ? -1 : 1));
      }
      const cursor = params.get('cursor');
      const start = cursor === null ? 0 : list.findIndex((user) => `after-${user._id}` === cursor) + 1;
      const limit = Number(params.get('limit') ?? 200);
      const page = list.slice(start, start + limit);
      const headers: Record<string, string> = { 'X-Total-Count': String(list.length) };
      if (start + limit < list.length) {
        const next = new URLSearchParams(params);
        next.set('cursor', `after-${page[page.length - 1]._id}`);
        headers.Link = `<${API}${path}?${next.toString()}>; rel="next"`;
      }
      return HttpResponse.json(page, { headers });
    }),
  );
  return requests;
}

const renderAllBuyer = () => renderWithProviders(<AllBuyerPage />, { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });
const grid = () => screen.getByRole('grid', { name: adminCopy.allBuyerTitle });
/** The names in the grid's rows, top to bottom. */
const names = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryByText(/^Buyer \d+$/)?.textContent);
const waitForNames = (expected: string[]) => waitFor(() => expect(names()).toEqual(expected));
const buyerNames = (from: number, to: number) => buyers.slice(from - 1, to).map((user) => user.name);

beforeEach(() => localStorage.setItem('accessToken', 't0k'));

describe('admin lists paged, sorted and filtered by the API', () => {
  it('asks for one page of 25, shows the total, and asks for the next with the cursor it was given', async () => {
    const user = userEvent.setup();
    const requests = pagedUsers('/buyer', buyers);
    renderAllBuyer();

    await screen.findByRole('row', { name: /Buyer 01/ });
    await waitForNames(buyerNames(1, 25));
    expect(requests).toEqual([{ limit: '25' }]);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitForNames(buyerNames(26, 30));
    expect(requests[1]).toEqual({ limit: '25', cursor: 'after-u25' });
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    // Positions count on from the first page.
    expect(within(screen.getByRole('row', { name: /Buyer 26/ })).getByRole('gridcell', { name: '26' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitForNames(buyerNames(1, 25));
    expect(requests).toHaveLength(2); // the first page came from the cache
  });

  it('sorts by name and by email on the server, starting again at the first page', async () => {
    const user = userEvent.setup();
    const requests = pagedUsers('/buyer', buyers);
    renderAllBuyer();
    await screen.findByRole('row', { name: /Buyer 01/ });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitForNames(buyerNames(26, 30));

    await user.click(within(grid()).getByRole('columnheader', { name: adminCopy.name }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ limit: '25', sort: 'name_asc' }));
    await waitForNames(buyerNames(1, 25));

    await user.click(within(grid()).getByRole('columnheader', { name: adminCopy.name }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ limit: '25', sort: 'name_desc' }));
    await waitForNames(buyerNames(6, 30).reverse());

    await user.click(within(grid()).getByRole('columnheader', { name: adminCopy.email }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ limit: '25', sort: 'email_asc' }));
    // 01@ belongs to Buyer 30: ascending emails list the buyers last-joined first.
    await waitForNames(buyerNames(6, 30).reverse());
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ limit: '25', sort: 'email_asc', cursor: 'after-u06' }));
    await waitForNames(buyerNames(1, 5).reverse());
  });

  it('filters by name or email on the server with the quick filter, from the first page', async () => {
    const user = userEvent.setup();
    const requests = pagedUsers('/buyer', buyers);
    renderAllBuyer();
    await screen.findByRole('row', { name: /Buyer 01/ });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitForNames(buyerNames(26, 30));

    await user.type(screen.getByRole('searchbox', { name: adminCopy.search }), 'Buyer 1');
    await waitFor(() => expect(requests.at(-1)).toEqual({ limit: '25', q: 'Buyer 1' }));
    await waitForNames(buyerNames(10, 19));
    expect(screen.getByText('1–10 of 10')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: adminCopy.search }));
    await user.type(screen.getByRole('searchbox', { name: adminCopy.search }), 'nobody');
    await waitFor(() => expect(requests.at(-1)).toEqual({ limit: '25', q: 'nobody' }));
    // No match is not an empty list: the grid, and its filter, stay.
    await waitFor(() => expect(within(grid()).getAllByRole('row')).toHaveLength(1));
    expect(screen.queryByText(adminCopy.emptyBuyers)).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: adminCopy.search })).toHaveValue('nobody');
  });

  it('asks for bigger pages when the page size changes', async () => {
    const user = userEvent.setup();
    const requests = pagedUsers('/buyer', buyers);
    renderAllBuyer();
    await screen.findByRole('row', { name: /Buyer 01/ });

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '50' }));

    await waitForNames(buyerNames(1, 30));
    expect(requests.at(-1)).toEqual({ limit: '50' });
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('fetches the page shown again after a change on a later page, with its cursor', async () => {
    const user = userEvent.setup();
    const list = [...buyers];
    const requests = pagedUsers('/buyer', list);
    server.use(
      http.put(`${API}/users/seller/:id`, ({ params }) => {
        list.splice(list.findIndex((buyer) => buyer._id === params.id), 1);
        return HttpResponse.json({ acknowledged: true, modifiedCount: 1 });
      }),
    );
    const { services } = renderAllBuyer();
    await screen.findByRole('row', { name: /Buyer 01/ });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitForNames(buyerNames(26, 30));

    await user.click(within(screen.getByRole('row', { name: /Buyer 27/ })).getByRole('button', { name: copy.admin.makeSeller }));

    await waitForNames(['Buyer 26', 'Buyer 28', 'Buyer 29', 'Buyer 30']);
    expect(requests.at(-1)).toEqual({ limit: '25', cursor: 'after-u25' });
    expect(screen.getByText('26–29 of 29')).toBeInTheDocument();
    expect(services.notifier.notify).toHaveBeenCalledWith(`Buyer 27${copy.admin.makeSellerDone}`, 'success');
  });

  it('pages the sellers the same way', async () => {
    const user = userEvent.setup();
    const sellers = buyers.map((buyer) => ({ ...buyer, name: buyer.name.replace('Buyer', 'Seller'), role: 'seller' as const }));
    const requests = pagedUsers('/seller', sellers);
    renderWithProviders(<AllSellerPage />, { preloadedState: signedInState({ isAdmin: true, isSeller: true }) });

    await screen.findByRole('row', { name: /Seller 01/ });
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByRole('row', { name: /Seller 30/ });
    expect(requests).toEqual([{ limit: '25' }, { limit: '25', cursor: 'after-u25' }]);
  });
});
